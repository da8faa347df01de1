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
