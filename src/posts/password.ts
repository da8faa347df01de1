import { createHash, timingSafeEqual } from 'node:crypto';
import { SqlCondition } from '../auth/permissions';
import { Dialect } from '../database/dialect';

/** Compares a post password with the one a request sent, in constant time. */
export function postPasswordMatches(stored: string | null, given: string | undefined | null): boolean {
  if (!stored || typeof given !== 'string' || given === '') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(stored), digest(given));
}

/**
 * One rule for every read of events, venues and organizers (lists, single reads, feeds; issue
 * #12): a post with a password stays closed unless the request's `password` matches it, whoever
 * asks. The original also opens it to editors who send `context=edit`, which this API does not
 * have (README, compatibility).
 */
export function isPasswordLocked(post: { readonly password: string | null }, given: string | undefined): boolean {
  return Boolean(post.password) && !postPasswordMatches(post.password, given);
}

/**
 * isPasswordLocked as SQL: where a post's content is open to a request that sent `request.password`
 * (without a request: to nobody's password). `search` looks into protected content only there, so
 * a search can neither reveal what the list blanks nor miss what it shows. The comparison is
 * binary on MySQL (its collation would match "SESAME" with "sesame"); SQLite's `=` is binary.
 */
export function openContentWhere(
  passwordColumn: string,
  request?: { readonly password: string | undefined; readonly dialect: Dialect },
): SqlCondition {
  const unprotected = `(${passwordColumn} IS NULL OR ${passwordColumn} = '')`;
  if (!request?.password) return { sql: unprotected, params: {} };
  const same = request.dialect === 'mysql' ? `${passwordColumn} = CAST(:openPassword AS BINARY)` : `${passwordColumn} = :openPassword`;
  return { sql: `(${unprotected} OR ${same})`, params: { openPassword: request.password } };
}
