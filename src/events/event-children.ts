import { EntityManager, In } from 'typeorm';
import { noteWrite } from '../database/write-notes';
import { EventEntity } from './event.entity';

/**
 * WordPress's wp_delete_post: the children of events deleted for good move up to the nearest
 * parent that stays (0 at the top), so that no event names a parent that is gone: its
 * `post_parent` could not be sent back (400), nor filter a list. Run before the rows go, inside
 * the write's transaction; it notes what it changed itself (any write that deletes events may
 * move children: updates of a series regenerate, end or split it).
 */
export async function reparentChildren(manager: EntityManager, deleted: readonly number[]): Promise<void> {
  if (!deleted.length) return;
  const children = await manager.find(EventEntity, {
    select: { id: true, postParent: true, startUtc: true, endUtc: true },
    where: { postParent: In(deleted) },
  });
  const gone = new Set(deleted);
  const moving = children.filter((child) => !gone.has(child.id));
  if (!moving.length) return;
  const parents = await manager.find(EventEntity, { select: { id: true, postParent: true }, where: { id: In(deleted) } });
  const parentOf = new Map(parents.map((row) => [row.id, row.postParent]));
  const byNewParent = new Map<number, number[]>();
  for (const child of moving) {
    let parent = child.postParent;
    // Up through the deleted ones (a deleted parent of a deleted parent); a cycle cannot be stored.
    for (let steps = 0; gone.has(parent) && steps <= deleted.length; steps++) parent = parentOf.get(parent) ?? 0;
    if (gone.has(parent)) parent = 0;
    byNewParent.set(parent, [...(byNewParent.get(parent) ?? []), child.id]);
  }
  for (const [parent, ids] of byNewParent) await manager.update(EventEntity, { id: In(ids) }, { postParent: parent });
  // Their views changed, and the lists filtered by a parent: remembered reads of them end (issue #14).
  noteWrite({
    posts: { event: moving.map((child) => child.id) },
    spans: moving.map((child) => [child.startUtc.getTime(), child.endUtc.getTime()] as const),
    links: {},
  });
}
