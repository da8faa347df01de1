import { AuthUser } from './auth-user';
import { Capability, roleHas } from './roles';

/** What every event, venue and organizer exposes to the permission check. */
export interface OwnedObject {
  readonly authorId: number;
  readonly status: string;
}

export type ObjectAction = 'read' | 'edit' | 'delete';

export function can(user: AuthUser | null | undefined, capability: Capability): boolean {
  return Boolean(user && roleHas(user.role, capability));
}

/**
 * The one per-object check (CONTRACT §2.4): published items are readable by all; otherwise
 * editors and administrators may do anything, authors anything to their own, contributors read
 * their own and edit or delete their own unpublished ones, subscribers nothing.
 */
export function canOnObject(user: AuthUser | null | undefined, action: ObjectAction, object: OwnedObject): boolean {
  if (action === 'read' && object.status === 'publish') return true;
  if (!user) return false;
  if (roleHas(user.role, 'edit_others_posts')) return true;
  if (object.authorId !== user.id) return false;
  if (roleHas(user.role, 'publish_posts')) return true;
  if (!roleHas(user.role, 'create_posts')) return false;
  return action === 'read' || !['publish', 'future'].includes(object.status);
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

/** The OwnerColumns of a query builder alias (entity property names). */
export function ownerColumnsOf(alias: string): OwnerColumns {
  return { status: `${alias}.status`, author: `${alias}.authorId` };
}

/**
 * canOnObject(user, 'edit', row) as SQL, for rules that must hold inside a list query; the same
 * cases in the same order.
 */
export function canEditWhere(user: AuthUser | null | undefined, columns: OwnerColumns): SqlCondition {
  const none = { sql: '1 = 0', params: {} };
  if (!user) return none;
  if (roleHas(user.role, 'edit_others_posts')) return { sql: '1 = 1', params: {} };
  const own = `${columns.author} = :editableBy`;
  if (roleHas(user.role, 'publish_posts')) return { sql: own, params: { editableBy: user.id } };
  if (!roleHas(user.role, 'create_posts')) return none;
  return { sql: `(${own} AND ${columns.status} NOT IN ('publish', 'future'))`, params: { editableBy: user.id } };
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
