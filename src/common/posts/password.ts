import { createHash, timingSafeEqual } from 'node:crypto';
import { AuthUser } from '../../auth/auth-user';
import { OwnerColumns, SqlCondition, canEditWhere, ownerColumnsOf } from '../../auth/permissions';

/** Compares a post password with the one a request sent, in constant time. */
export function postPasswordMatches(stored: string | null, given: string | undefined | null): boolean {
  if (!stored || typeof given !== 'string' || given === '') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(stored), digest(given));
}

/**
 * Where the content of a post is open to the caller whatever password a request sends: the row has
 * no password, or the caller may edit it. `search` looks into protected content only there, so a
 * search cannot reveal what the list blanks; `geoloc` looks at protected venues' coordinates only
 * there. `at` is a query builder alias (entity properties) or the raw columns of a subquery.
 * Undefined when every row is open (editors).
 */
export function openContentWhere(
  user: AuthUser | null | undefined,
  at: string | (OwnerColumns & { readonly password: string }),
): SqlCondition | undefined {
  const columns = typeof at === 'string' ? { ...ownerColumnsOf(at), password: `${at}.password` } : at;
  const editable = canEditWhere(user, columns);
  if (editable.sql === '1 = 1') return undefined;
  const unprotected = `(${columns.password} IS NULL OR ${columns.password} = '')`;
  return { sql: editable.sql === '1 = 0' ? unprotected : `(${unprotected} OR ${editable.sql})`, params: editable.params };
}
