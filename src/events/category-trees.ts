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
 * never from what both started from. Two statements in the common case: the ancestors found by
 * walking up (a plain read), then those rows locked by primary key; should a locked row's parent
 * be one the walk did not see (a move committed meanwhile), the rows are locked again with it.
 * Locked by primary key and only those rows: locked through the walk's own statement, MariaDB
 * chose a scan of the whole (small) table for a semi-join of a dozen ids and share-locked every
 * term, tags too, so every event write waited for every other's term counts (locked for update)
 * and deadlocked with them (a concurrency fuzz: the most frequent deadlock by far).
 */
export async function loadCategoryTrees(manager: EntityManager, termIds: readonly number[]): Promise<CategoryTrees> {
  const ids = [...new Set(termIds)];
  if (!ids.length) return new CategoryTrees(new Map());
  const walked = await walkUp(manager, ids);
  if (isSqlite(manager)) return new CategoryTrees(walked);
  return withMissingParents(manager, await lockedParents(manager, [...walked.keys()]), new Set(walked.keys()));
}

/**
 * The trees of `parents` (rows locked by this transaction, so their parents stay as read), after
 * share-locking every parent they name that `wanted` (the ids locked so far) lacks: one the
 * snapshot's walk did not see, a move committed meanwhile. Repeated until none is missing.
 */
async function withMissingParents(manager: EntityManager, parents: Map<number, number>, wanted: Set<number>): Promise<CategoryTrees> {
  for (;;) {
    const missing = [...new Set(parents.values())].filter((parent) => parent !== 0 && !wanted.has(parent));
    if (!missing.length) return new CategoryTrees(parents);
    for (const parent of missing) wanted.add(parent);
    for (const [id, parent] of await lockedParents(manager, missing)) parents.set(id, parent);
  }
}

/** The categories among `ids` and their ancestors, with their parents: a plain read (the transaction's snapshot). */
async function walkUp(manager: EntityManager, ids: readonly number[]): Promise<Map<number, number>> {
  return parentMap(
    await manager.query<ParentRow[]>(
      `WITH RECURSIVE up (id, parent) AS (
         SELECT id, parent FROM terms WHERE id IN (${marks(ids.length)}) AND taxonomy = ?
         UNION SELECT t.id, t.parent FROM terms t INNER JOIN up ON t.id = up.parent WHERE t.taxonomy = ?
       ) SELECT id, parent FROM up`,
      [...ids, CATEGORY.name, CATEGORY.name],
    ),
  );
}

/**
 * MySQL/MariaDB: locks, in one pass in id order, the term rows a write is about to lock one way or
 * another: `exclusive` for update (the terms whose count it changes, a term it moves or deletes),
 * `shared` and the ancestors of every category among both (as the snapshot sees them) in share
 * mode. Every writer of terms (event writes through adjustTermCounts, category moves and deletes)
 * takes its term locks so, before the statements that need them (count UPDATE, foreign-key checks
 * of new links, assertLinksCurrent, loadCategoryTrees), which then find them held. Taken
 * statement by statement as each needed them, they were taken in no common order: an event write
 * held its count rows for update and waited to share-lock a category above its own that another
 * write held for update (its count, or a move), which waited for one of the first's (most of the
 * deadlocks of a concurrency fuzz). Rows are only added in ascending id: a run of ids of one mode
 * is one statement.
 *
 * Resolves what loadCategoryTrees(exclusive + shared) would, read by the locking reads themselves
 * (their rows are the last committed ones): a caller that changes no parent before it needs the
 * trees (an event write, for its day counts) saves that function's two statements. A parent the
 * snapshot's walk did not see is share-locked after the pass (withMissingParents, as
 * loadCategoryTrees). SQLite (writes take turns, nothing to lock): null.
 */
export async function lockTermsInOrder(
  manager: EntityManager,
  exclusive: readonly number[],
  shared: readonly number[],
): Promise<CategoryTrees | null> {
  if (isSqlite(manager)) return null;
  const forUpdate = new Set(exclusive);
  const named = [...new Set([...exclusive, ...shared])];
  if (!named.length) return new CategoryTrees(new Map());
  const ids = [...new Set([...named, ...(await walkUp(manager, named)).keys()])].sort((a, b) => a - b);
  const parents = new Map<number, number>();
  const lock = async (run: readonly number[], update: boolean) => {
    for (let from = 0; from < run.length; from += LOCKED_READ_CHUNK) {
      const slice = run.slice(from, from + LOCKED_READ_CHUNK);
      const rows = await manager.query<(ParentRow & { taxonomy: string })[]>(
        `SELECT id, parent, taxonomy FROM terms FORCE INDEX (PRIMARY) WHERE id IN (${marks(slice.length)}) ORDER BY id ${update ? 'FOR UPDATE' : 'LOCK IN SHARE MODE'}`,
        slice,
      );
      for (const row of rows) if (row.taxonomy === CATEGORY.name) parents.set(Number(row.id), Number(row.parent));
    }
  };
  let run: number[] = [];
  let mode = false;
  for (const id of ids) {
    if (run.length && forUpdate.has(id) !== mode) {
      await lock(run, mode);
      run = [];
    }
    mode = forUpdate.has(id);
    run.push(id);
  }
  await lock(run, mode);
  return withMissingParents(manager, parents, new Set(ids));
}

/** Ids per locking read (here and in EventLinks): below MariaDB's in_predicate_conversion_threshold (1,000), which would make the IN list a join. */
export const LOCKED_READ_CHUNK = 900;

/**
 * The parents of the categories `ids`, share-locked (MySQL/MariaDB) by primary key in id order:
 * each row found, and no other (FORCE INDEX: not a scan of the table, which locks every row).
 */
async function lockedParents(manager: EntityManager, ids: readonly number[]): Promise<Map<number, number>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const rows: ParentRow[] = [];
  for (let from = 0; from < sorted.length; from += LOCKED_READ_CHUNK) {
    const slice = sorted.slice(from, from + LOCKED_READ_CHUNK);
    rows.push(
      ...(await manager.query<ParentRow[]>(
        `SELECT id, parent FROM terms FORCE INDEX (PRIMARY) WHERE id IN (${marks(slice.length)}) AND taxonomy = ? ORDER BY id LOCK IN SHARE MODE`,
        [...slice, CATEGORY.name],
      )),
    );
  }
  return parentMap(rows);
}

type ParentRow = { id: number | string; parent: number | string };

function parentMap(rows: readonly ParentRow[]): Map<number, number> {
  return new Map(rows.map((row) => [Number(row.id), Number(row.parent)]));
}
