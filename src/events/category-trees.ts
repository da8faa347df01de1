import { EntityManager } from 'typeorm';
import { CATEGORY } from '../terms/taxonomy';
import { marks } from '../database/placeholders';
import { isSqlite } from '../database/dialect';

/**
 * Parents of categories, as far as some events' categories reach up: the categories whose lists
 * (each with its descendants, reference §2.2) an event is in. Tags and unknown ids are in none.
 */
export class CategoryTrees {
  constructor(private readonly parents: ReadonlyMap<number, number>) {}

  /** Every category of `termIds` and every ancestor of one, once. */
  of(termIds: readonly number[]): Set<number> {
    const trees = new Set<number>();
    for (const termId of termIds) {
      // A category met before has its ancestors in already (and a cycle written with SQL ends here).
      for (let id = termId; this.parents.has(id) && !trees.has(id); id = this.parents.get(id)!) trees.add(id);
    }
    return trees;
  }
}

/**
 * The parents of the categories among `termIds` and of all their ancestors, as the write's
 * transaction sees them. On MySQL/MariaDB the rows are read with a shared lock, which reads the
 * last committed parents and holds them until the commit: a category move (TermsService, which
 * updates the moved row, then remakes its events' rows of the trees above it and changes their
 * counts by them) waits for this write or this write for it: one works from what the other left,
 * never from what both started from. One statement
 * in the common case: the ancestors found by walking up, locked; should a locked row's parent be
 * one the walk did not see (a move committed meanwhile), the rows are locked again with it.
 */
export async function loadCategoryTrees(manager: EntityManager, termIds: readonly number[]): Promise<CategoryTrees> {
  const ids = [...new Set(termIds)];
  if (!ids.length) return new CategoryTrees(new Map());
  const sqlite = isSqlite(manager);
  const rows = await manager.query<ParentRow[]>(
    `WITH RECURSIVE up (id, parent) AS (
       SELECT id, parent FROM terms WHERE id IN (${marks(ids.length)}) AND taxonomy = ?
       UNION SELECT t.id, t.parent FROM terms t INNER JOIN up ON t.id = up.parent WHERE t.taxonomy = ?
     ) ${sqlite ? 'SELECT id, parent FROM up' : 'SELECT id, parent FROM terms WHERE id IN (SELECT id FROM up) ORDER BY id LOCK IN SHARE MODE'}`,
    [...ids, CATEGORY.name, CATEGORY.name],
  );
  let parents = parentMap(rows);
  if (sqlite) return new CategoryTrees(parents);
  for (let wanted = new Set(parents.keys()); ;) {
    const missing = [...parents.values()].filter((parent) => parent !== 0 && !wanted.has(parent));
    if (!missing.length) return new CategoryTrees(parents);
    for (const parent of missing) wanted.add(parent);
    const list = [...wanted].sort((a, b) => a - b);
    parents = parentMap(
      await manager.query<ParentRow[]>(
        `SELECT id, parent FROM terms WHERE id IN (${marks(list.length)}) AND taxonomy = ? ORDER BY id LOCK IN SHARE MODE`,
        [...list, CATEGORY.name],
      ),
    );
  }
}

type ParentRow = { id: number | string; parent: number | string };

function parentMap(rows: readonly ParentRow[]): Map<number, number> {
  return new Map(rows.map((row) => [Number(row.id), Number(row.parent)]));
}
