import { EntityManager } from 'typeorm';
import { marks } from '../database/placeholders';
import { assertSnapshotCurrent } from '../database/transaction';

/** The posts an event write links or unlinks, by kind. */
export interface LinkedPostIds {
  readonly termIds: readonly number[];
  readonly venueIds: readonly number[];
  readonly organizerIds: readonly number[];
}

/**
 * assertSnapshotCurrent of the terms, venues and organizers a write linked or unlinked from its
 * snapshot: a term deleted, or a venue/organizer trashed, since then throws StaleReadError (the
 * transaction runs again), and those committing later wait for this write (share locks).
 */
export async function assertLinksCurrent(manager: EntityManager, posts: LinkedPostIds): Promise<void> {
  const selects = (
    [
      ['terms', "''", posts.termIds],
      ['venues', 'status', posts.venueIds],
      ['organizers', 'status', posts.organizerIds],
    ] as const
  )
    .map(([table, status, ids]) => ({ table, status, ids: [...new Set(ids)] }))
    .filter(({ ids }) => ids.length)
    .map(({ table, status, ids }) => ({
      // By primary key, each row and no other: through a secondary index MariaDB share-locked every
      // entry of it (terms' (taxonomy, count), which every term count update rewrites).
      sql: `SELECT '${table}' AS kind, id, ${status} AS status FROM ${table} FORCE INDEX (PRIMARY) WHERE id IN (${marks(ids.length)})`,
      params: ids,
    }));
  await assertSnapshotCurrent(manager, selects);
}
