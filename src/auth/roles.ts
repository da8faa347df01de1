/**
 * Roles and capabilities (CONTRACT §2.4, WordPress defaults). Resources ask `can(...)`; nothing
 * else in the code compares role names.
 */
export const ROLES = ['subscriber', 'contributor', 'author', 'editor', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Type-level capabilities, checked by the @RequireCapability guard before anything else. */
export type Capability =
  | 'create_posts' // create events, venues, organizers (contributor+)
  | 'publish_posts' // publish own (author+)
  | 'edit_others_posts' // edit, delete, read unpublished items of others; set author (editor+)
  | 'manage_terms' // create/edit/delete categories and tags (editor+)
  | 'manage_users'; // administrators

const CAPABILITIES: Record<Role, ReadonlySet<Capability>> = {
  subscriber: new Set(),
  contributor: new Set(['create_posts']),
  author: new Set(['create_posts', 'publish_posts']),
  editor: new Set(['create_posts', 'publish_posts', 'edit_others_posts', 'manage_terms']),
  administrator: new Set(['create_posts', 'publish_posts', 'edit_others_posts', 'manage_terms', 'manage_users']),
};

export function roleHas(role: Role, capability: Capability): boolean {
  return CAPABILITIES[role].has(capability);
}
