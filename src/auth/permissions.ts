import { AuthUser } from './auth-user';
import { Capability, roleHas } from './roles';

/** What every event, venue and organizer exposes to the permission check. */
export interface OwnedObject {
  readonly authorId: number;
  readonly status: string;
  /** The status before the trash, when in the trash and known. */
  readonly trashedFrom?: string | null;
}

export type ObjectAction = 'read' | 'edit' | 'delete';

export function can(user: AuthUser | null | undefined, capability: Capability): boolean {
  return Boolean(user && roleHas(user.role, capability));
}

/**
 * The one per-object check (CONTRACT §2.4): published items are readable by all; otherwise
 * editors and administrators may do anything, authors anything to their own, contributors read
 * their own and edit or delete their own unpublished ones, subscribers nothing. An item in the
 * trash counts as what it was before for edits and deletes (WordPress's map_meta_cap): a
 * contributor cannot restore or delete for good what an editor published and then trashed.
 */
export function canOnObject(user: AuthUser | null | undefined, action: ObjectAction, object: OwnedObject): boolean {
  if (action === 'read' && object.status === 'publish') return true;
  if (!user) return false;
  if (roleHas(user.role, 'edit_others_posts')) return true;
  if (object.authorId !== user.id) return false;
  if (roleHas(user.role, 'publish_posts')) return true;
  if (!roleHas(user.role, 'create_posts')) return false;
  const status = object.status === 'trash' ? (object.trashedFrom ?? 'trash') : object.status;
  return action === 'read' || !['publish', 'future'].includes(status);
}

/** A condition for a query builder's WHERE and its parameters. */
export interface SqlCondition {
  readonly sql: string;
  readonly params: Record<string, unknown>;
}

/** Where a post's status and author are, in a query: properties of a query builder alias (`e.status`, `e.authorId`) or raw columns (`v.status`, `v.author_id`). */
export interface OwnerColumns {
  readonly status: string;
  readonly author: string;
}

/**
 * canOnObject(user, 'read', row) as SQL, for subqueries that must not look at rows the caller may
 * not read; the same cases as canOnObject.
 */
export function canReadWhere(user: AuthUser | null | undefined, columns: OwnerColumns): SqlCondition {
  const published = { sql: `${columns.status} = 'publish'`, params: {} };
  if (!user) return published;
  if (roleHas(user.role, 'edit_others_posts')) return { sql: '1 = 1', params: {} };
  if (!roleHas(user.role, 'create_posts')) return published;
  return { sql: `(${columns.status} = 'publish' OR ${columns.author} = :readableBy)`, params: { readableBy: user.id } };
}
