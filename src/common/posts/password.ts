import { createHash, timingSafeEqual } from 'node:crypto';
import { AuthUser } from '../../auth/auth-user';
import { SqlCondition, canEditWhere } from '../../auth/permissions';

/** Compares a post password with the one a request sent, in constant time. */
export function postPasswordMatches(stored: string | null, given: string | undefined | null): boolean {
  if (!stored || typeof given !== 'string' || given === '') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(stored), digest(given));
}

/**
 * Where the content of a row on `alias` (a post with `password`, `authorId` and `status`) is
 * open to the caller whatever password a request sends: the row has no password, or the caller
 * may edit it. `search` looks into protected content only there, so a search cannot reveal what
 * the list blanks. Undefined when every row is open (editors).
 */
export function openContentWhere(user: AuthUser | null | undefined, alias: string): SqlCondition | undefined {
  const editable = canEditWhere(user, alias);
  if (editable.sql === '1 = 1') return undefined;
  const unprotected = `(${alias}.password IS NULL OR ${alias}.password = '')`;
  return { sql: editable.sql === '1 = 0' ? unprotected : `(${unprotected} OR ${editable.sql})`, params: editable.params };
}
