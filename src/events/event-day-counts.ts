import { DataSource, EntityManager } from 'typeorm';
import { transaction } from '../database/transaction';
import { noteWrite } from '../database/write-notes';
import { ALL, eventsWritten } from '../database/write-scope';
import { EventTrees, eventLinks } from './event-links';
import { DayCountDeltas } from './day-count-deltas';
import { markDayCountsFolded } from './day-count-folding';
import { CategoryTrees, loadCategoryTrees } from './category-trees';
import { CATEGORY } from '../terms/taxonomy';
import { marks } from '../database/placeholders';
import { isSqlite } from '../database/dialect';
import { storedInstant } from '../database/stored-instant';

const DAY_MS = 86_400_000;

/**
 * The bucket sizes of event_day_counts, in days, by `level`: a total sums whole 64-day buckets
 * inside the window, 8-day buckets inside the 64-day buckets at its edges, days inside the 8-day
 * ones, and reads the events of the edge days themselves (event-list-total.ts).
 */
export const COUNT_LEVELS = [1, 8, 64] as const;

/**
 * The `kind` of a row of event_day_counts: every event, the events linked to one post
 * (`post_id`), every featured or ticketed event (`post_id` 0), or the events linked to a category
 * or any of its descendants, each once (`post_id` the category: migration 1763700600000).
 */
export const COUNT_KIND = { all: 0, term: 1, venue: 2, organizer: 3, featured: 4, ticketed: 5, tree: 6 } as const;
export type CountKind = keyof typeof COUNT_KIND;

/** What event_day_counts sees of one event. */
export interface CountedEvent {
  readonly status: string;
  readonly hideFromListings: boolean;
  readonly featured: boolean;
  readonly ticketed: boolean;
  readonly startUtc: Date;
  readonly endUtc: Date;
  readonly termIds: readonly number[];
  readonly venueIds: readonly number[];
  readonly organizerIds: readonly number[];
}

/**
 * One write's effect on the counts: an event going from `before` to `after` (null: it did not
 * exist / no longer exists), or every link to a term, venue or organizer removed at once.
 */
export type EventCountChange =
  | { readonly id: number; readonly before: CountedEvent | null; readonly after: CountedEvent | null }
  | { readonly unlinked: { readonly kind: 'term' | 'venue' | 'organizer'; readonly postId: number } };

/** Whole UTC days since 1970-01-01. */
export function utcDay(instant: Date): number {
  return Math.floor(instant.getTime() / DAY_MS);
}

/** The first instant of a UTC day. */
export function dayStart(day: number): Date {
  return new Date(day * DAY_MS);
}

/**
 * THE maintenance of event_day_counts (issue #14): every write that inserts, updates or deletes
 * event rows or their links calls it in its own transaction, with all its changes at once (a
 * batch costs one statement per 500 changed rows). Changes are INSERTed as new rows, never
 * updated in place: concurrent writers of one day neither wait for nor deadlock with each other
 * (migration 1763700100000); DayCountFolder folds them into one row per key in the background.
 * The category trees it reads for the counts also place the events in event_category_trees
 * (EventLinks.syncTrees), which the category lists read.
 */
export async function recordEventChanges(
  manager: EntityManager,
  changes: readonly EventCountChange[],
  /** The write's own trees of every term of `changes`, locked and unchanged since (adjustTermCounts): not read again. */
  locked?: CategoryTrees | null,
): Promise<void> {
  // The same states tell the remembered reads what the write can change (issue #14).
  noteWrite(
    changes.some((change) => 'unlinked' in change)
      ? ALL
      : eventsWritten(changes as Extract<EventCountChange, { before: CountedEvent | null }>[]),
  );
  const states = changes.flatMap((change) => ('unlinked' in change ? [] : [change.before, change.after]));
  const trees =
    locked ??
    (await loadCategoryTrees(
      manager,
      states.flatMap((state) => state?.termIds ?? []),
    ));
  const deltas = new DayCountDeltas(trees);
  const unlinked: { kind: number; postId: number }[] = [];
  const moved: EventTrees[] = [];
  for (const change of changes) {
    if ('unlinked' in change) unlinked.push({ kind: COUNT_KIND[change.unlinked.kind], postId: change.unlinked.postId });
    else {
      deltas.add(change.before, -1);
      deltas.add(change.after, 1);
      // A deleted event's tree rows went with it; the others follow their categories.
      const before = trees.of(change.before?.termIds ?? []);
      const after = change.after && trees.of(change.after.termIds);
      if (after && !sameSet(before, after)) moved.push({ eventId: change.id, categories: after, created: change.before === null });
    }
  }
  for (const { kind, postId } of unlinked) {
    await manager.query('DELETE FROM event_day_counts WHERE kind = ? AND post_id = ?', [kind, postId]);
  }
  await eventLinks.syncTrees(manager, moved);
  await deltas.write(manager);
}

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

/**
 * What the counts see of the events `ids` now: 2 queries. `locked` (a write's before and after
 * of events it changes): on MySQL/MariaDB the event rows are locked for update, in id order, and
 * the rows read as last committed, not as the transaction's snapshot saw them. Two writes of one
 * event (an occurrence and its whole series) then take turns, the second reading what the first
 * left; unlocked, the second read the state both started from, and recorded a change from it.
 */
export async function loadCountedEvents(
  manager: EntityManager,
  ids: readonly number[],
  options: { locked?: boolean } = {},
): Promise<Map<number, CountedEvent>> {
  const found = new Map<number, CountedEvent>();
  if (!ids.length) return found;
  const lock = options.locked && !isSqlite(manager) ? ' ORDER BY id FOR UPDATE' : '';
  const events = await manager.query<Record<string, unknown>[]>(
    `SELECT id, status, hide_from_listings, featured, ticketed, start_utc, end_utc FROM events WHERE id IN (${marks(ids.length)})${lock}`,
    [...ids],
  );
  const links = await eventLinks.linksOf(manager, ids, options);
  for (const row of events) {
    const id = Number(row.id);
    found.set(id, {
      status: String(row.status),
      hideFromListings: Boolean(Number(row.hide_from_listings)),
      featured: Boolean(Number(row.featured)),
      ticketed: Boolean(Number(row.ticketed)),
      startUtc: storedInstant(row.start_utc),
      endUtc: storedInstant(row.end_utc),
      termIds: links.get(id)?.termIds ?? [],
      venueIds: links.get(id)?.venueIds ?? [],
      organizerIds: links.get(id)?.organizerIds ?? [],
    });
  }
  return found;
}

/**
 * `npm run cli -- events:recount-days`: event_day_counts computed afresh from the events and
 * their links, for rows written with SQL (not through the API). Returns how many rows it holds.
 */
export function rebuildEventDayCounts(dataSource: DataSource): Promise<number> {
  return transaction(dataSource, async (manager) => {
    // Link-filtered lists read the link rows' copies of the events' columns: made true here too.
    await eventLinks.refreshAll(manager);
    // So do category lists the tree rows, derived from the links and the categories' parents.
    await eventLinks.rebuildTrees(manager);
    await manager.query('DELETE FROM event_day_counts');
    const sqlite = isSqlite(manager);
    for (const sql of eventDayCountInserts(sqlite)) await manager.query(sql);
    for (const insert of treeDayCountInserts(sqlite)) await manager.query(insert.sql, insert.params);
    await markDayCountsFolded(manager);
    const [{ n }] = await manager.query<{ n: number | string }[]>('SELECT COUNT(*) AS n FROM event_day_counts');
    return Number(n);
  });
}

/**
 * INSERT ... SELECT statements that fill an empty event_day_counts from the events and their
 * links: every kind but `tree` (treeDayCountInserts), as migration 1763700100000 filled it.
 */
export function eventDayCountInserts(sqlite: boolean): string[] {
  const sources: [number, string, string][] = [
    [COUNT_KIND.all, '0', 'events e'],
    ...(['term', 'venue', 'organizer'] as const).map((kind): [number, string, string] => {
      const source = eventLinks.dayCountSource(kind);
      return [COUNT_KIND[kind], source.postId, source.from];
    }),
    [COUNT_KIND.featured, '0', 'events e WHERE e.featured = 1 AND'],
    [COUNT_KIND.ticketed, '0', 'events e WHERE e.ticketed = 1 AND'],
  ];
  return sources.flatMap(([kind, postId, from]) =>
    COUNT_LEVELS.map(
      (size, level) =>
        'INSERT INTO event_day_counts (kind, post_id, status, level, start_bucket, end_bucket, n) ' +
        `SELECT ${kind}, ${postId}, e.status, ${level}, ${bucketSql(sqlite, daySql(sqlite, 'e.start_utc'), size)}, ${bucketSql(sqlite, daySql(sqlite, 'e.end_utc'), size)}, COUNT(*) ` +
        `FROM ${from.endsWith('AND') ? from : `${from} WHERE`} e.hide_from_listings = 0 GROUP BY 2, 3, 5, 6`,
    ),
  );
}

/**
 * INSERT ... SELECT statements that add the `tree` rows of every category. The days (level 0)
 * from the links: each category's descendants found by a recursive query, each event counted once
 * per tree however many of its categories it has, read from the link rows' copies of their events'
 * columns alone (idx_event_terms_list covers them, the events' rows are never read). The larger
 * buckets then from those days: one pass over the links, not one per level.
 */
export function treeDayCountInserts(sqlite: boolean): { sql: string; params: unknown[] }[] {
  const { table, column } = eventLinks.table('term');
  const insert = 'INSERT INTO event_day_counts (kind, post_id, status, level, start_bucket, end_bucket, n) ';
  const days = {
    sql:
      insert +
      'WITH RECURSIVE tree (root, id) AS (' +
      'SELECT id, id FROM terms WHERE taxonomy = ? ' +
      'UNION SELECT tree.root, t.id FROM terms t INNER JOIN tree ON t.parent = tree.id WHERE t.taxonomy = ?) ' +
      `SELECT ${COUNT_KIND.tree}, x.root, x.status, 0, ${daySql(sqlite, 'x.start_utc')}, ${daySql(sqlite, 'x.end_utc')}, COUNT(*) ` +
      'FROM (SELECT DISTINCT tree.root, l.event_id, l.status, l.start_utc, l.end_utc ' +
      `FROM tree INNER JOIN ${table} l ON l.${column} = tree.id WHERE l.hide_from_listings = 0) x GROUP BY 2, 3, 5, 6`,
    params: [CATEGORY.name, CATEGORY.name],
  };
  const buckets = COUNT_LEVELS.slice(1).map((size, index) => ({
    sql:
      insert +
      `SELECT kind, post_id, status, ${index + 1}, ${bucketSql(sqlite, 'start_bucket', size)}, ${bucketSql(sqlite, 'end_bucket', size)}, SUM(n) ` +
      'FROM event_day_counts WHERE kind = ? AND level = 0 GROUP BY kind, post_id, status, 5, 6',
    params: [COUNT_KIND.tree],
  }));
  return [days, ...buckets];
}

/**
 * Runs a write that moves category `id` to another parent, or deletes it, and keeps the trees it
 * changes right in the same transaction: those of the categories that are above it before and not
 * after, or after and not before (and its own when it is deleted). Only the events of its tree
 * (read, share-locked, before the write: no event joins or leaves it meanwhile) can enter or leave
 * them, and an event may also be linked to another category below them: so those events get their
 * rows of those categories in event_category_trees made afresh from their links, in chunks, and
 * the trees' counts change by the rows taken away and the rows made (about 0.45 s per 10,000
 * events and tree at 1,000,000 events, each statement a few thousand rows by primary key). Counting
 * the trees again from all their links instead was one statement of 2 to 4 s at 1,000,000 events,
 * over the default statement limit: such moves answered 503.
 */
export async function keepingCategoryTrees<T>(manager: EntityManager, id: number, work: () => Promise<T>): Promise<T> {
  const before = (await loadCategoryTrees(manager, [id])).of([id]);
  const members = await eventLinks.treeMembers(manager, id);
  const result = await work();
  const after = (await loadCategoryTrees(manager, [id])).of([id]);
  const changed = [...new Set([...before, ...after])].filter((tree) => before.has(tree) !== after.has(tree));
  if (!changed.length) return result;
  noteWrite(ALL);
  const deltas = DayCountDeltas.ofTreeRows();
  await eventLinks.resyncTrees(manager, members, changed, (rows, sign) => {
    for (const row of rows) deltas.addTreeRow(row.categoryId, row, sign);
  });
  await deltas.write(manager);
  // A deleted category (it is in no tree now, not even its own) took its tree rows with it: its counts go too.
  if (!after.size) await manager.query('DELETE FROM event_day_counts WHERE kind = ? AND post_id = ?', [COUNT_KIND.tree, id]);
  return result;
}

/** The `tree` rows of every category counted afresh (`terms:recount`). */
export async function recountCategoryTrees(manager: EntityManager): Promise<void> {
  noteWrite(ALL);
  await manager.query('DELETE FROM event_day_counts WHERE kind = ?', [COUNT_KIND.tree]);
  for (const insert of treeDayCountInserts(isSqlite(manager))) await manager.query(insert.sql, insert.params);
}

/** Whole UTC days since 1970-01-01 of a datetime column. */
function daySql(sqlite: boolean, column: string): string {
  return sqlite ? `CAST(julianday(date(${column})) - 2440587.5 AS INTEGER)` : `(TO_DAYS(${column}) - 719528)`;
}

/** The bucket of `size` days of a day number, rounding down (days before 1970 are negative). */
function bucketSql(sqlite: boolean, day: string, size: number): string {
  if (size === 1) return day;
  return sqlite ? `((${day} - ((${day} % ${size}) + ${size}) % ${size}) / ${size})` : `FLOOR(${day} / ${size})`;
}
