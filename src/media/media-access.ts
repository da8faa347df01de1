import { EntityManager } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { can } from '../auth/permissions';
import { JsonRead, readTogether } from '../database/read-together';
import { openContentWhere } from '../posts/password';

/** The tables whose rows show an image: a published one without a password shows it to anyone. */
const SHOWN_BY = ['events', 'venues', 'organizers'] as const;

/**
 * Whether `user` may attach media `id` to what they write (the `image` of an event, venue or
 * organizer), as one select for readTogether. Media rows have no status of their own: one is
 * usable by whoever could see it, that is by its author, by editors and administrators (who read
 * every post), and by anyone once a published post without a password shows it (so an event read
 * and sent back keeps its image). Anything else answers as an unknown id: a contributor probing
 * ids must not read the image URLs of others' drafts from the answers of their own writes.
 * Each EXISTS reads the `image_id` index of its table.
 */
export function usableMediaRead(id: number | undefined, user: AuthUser): JsonRead<boolean> {
  if (id === undefined) return { selects: [], answer: () => false };
  const everyone = can(user, 'edit_others_posts');
  const open = openContentWhere('p.password').sql;
  const shown = SHOWN_BY.map((table) => `EXISTS (SELECT 1 FROM ${table} p WHERE p.image_id = m.id AND p.status = 'publish' AND ${open})`);
  return {
    selects: [
      {
        object: `JSON_OBJECT('id', m.id)`,
        from: everyone ? 'FROM media m WHERE m.id = ?' : `FROM media m WHERE m.id = ? AND (m.author_id = ? OR ${shown.join(' OR ')})`,
        params: everyone ? [id] : [id, user.id],
      },
    ],
    answer: (rows) => rows.length > 0,
  };
}

/** usableMediaRead on its own. */
export async function isUsableMedia(manager: EntityManager, id: number, user: AuthUser): Promise<boolean> {
  const [usable] = await readTogether(manager, [usableMediaRead(id, user)]);
  return usable;
}
