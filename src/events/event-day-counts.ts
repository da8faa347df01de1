import { DataSource, EntityManager } from 'typeorm';
import { transaction } from '../database/transaction';
import { noteWrite } from '../database/write-notes';
import { ALL, eventsWritten } from '../database/write-scope';
import { eventLinks } from './event-links';
import { DayCountDeltas } from './day-count-deltas';
import { markDayCountsFolded } from './day-count-folding';

const DAY_MS = 86_400_000;

/**
 * The bucket sizes of event_day_counts, in days, by `level`: a total sums whole 64-day buckets
 * inside the window, 8-day buckets inside the 64-day buckets at its edges, days inside the 8-day
 * ones, and reads the events of the edge days themselves (event-list-total.ts).
 */
export const COUNT_LEVELS = [1, 8, 64] as const;

/**
 * The `kind` of a row of event_day_counts: every event, the events linked to one post
 * (`post_id`), or every featured or ticketed event (`post_id` 0).
 */
export const COUNT_KIND = { all: 0, term: 1, venue: 2, organizer: 3, featured: 4, ticketed: 5 } as const;
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
  | { readonly id?: number; readonly before: CountedEvent | null; readonly after: CountedEvent | null }
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
 */
export async function recordEventChanges(manager: EntityManager, changes: readonly EventCountChange[]): Promise<void> {
  // The same states tell the remembered reads what the write can change (issue #14); an id left out is any event.
  noteWrite(
    changes.some((change) => 'unlinked' in change)
      ? ALL
      : eventsWritten(changes as Extract<EventCountChange, { before: CountedEvent | null }>[]),
  );
  const deltas = new DayCountDeltas();
  const unlinked: { kind: number; postId: number }[] = [];
  for (const change of changes) {
    if ('unlinked' in change) unlinked.push({ kind: COUNT_KIND[change.unlinked.kind], postId: change.unlinked.postId });
    else {
      deltas.add(change.before, -1);
      deltas.add(change.after, 1);
    }
  }
  for (const { kind, postId } of unlinked) {
    await manager.query('DELETE FROM event_day_counts WHERE kind = ? AND post_id = ?', [kind, postId]);
  }
  await deltas.write(manager);
}

/** What the counts see of the events `ids` now (as this transaction sees them): 2 queries. */
export async function loadCountedEvents(manager: EntityManager, ids: readonly number[]): Promise<Map<number, CountedEvent>> {
  const found = new Map<number, CountedEvent>();
  if (!ids.length) return found;
  const marks = ids.map(() => '?').join(', ');
  const events = await manager.query<Record<string, unknown>[]>(
    `SELECT id, status, hide_from_listings, featured, ticketed, start_utc, end_utc FROM events WHERE id IN (${marks})`,
    [...ids],
  );
  const links = await eventLinks.linksOf(manager, ids);
  const sqlite = manager.connection.options.type === 'better-sqlite3';
  for (const row of events) {
    const id = Number(row.id);
    found.set(id, {
      status: String(row.status),
      hideFromListings: Boolean(Number(row.hide_from_listings)),
      featured: Boolean(Number(row.featured)),
      ticketed: Boolean(Number(row.ticketed)),
      startUtc: storedInstant(row.start_utc, sqlite),
      endUtc: storedInstant(row.end_utc, sqlite),
      termIds: links.get(id)?.termIds ?? [],
      venueIds: links.get(id)?.venueIds ?? [],
      organizerIds: links.get(id)?.organizerIds ?? [],
    });
  }
  return found;
}

/** A datetime column as read raw: mysql2 gives a Date (timezone Z), SQLite the stored UTC text. */
function storedInstant(value: unknown, sqlite: boolean): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(sqlite ? `${text.replace(' ', 'T')}Z` : text);
}

/**
 * `npm run cli -- events:recount-days`: event_day_counts computed afresh from the events and
 * their links, for rows written with SQL (not through the API). Returns how many rows it holds.
 */
export function rebuildEventDayCounts(dataSource: DataSource): Promise<number> {
  return transaction(dataSource, async (manager) => {
    // Link-filtered lists read the link rows' copies of the events' columns: made true here too.
    await eventLinks.refreshAll(manager);
    await manager.query('DELETE FROM event_day_counts');
    for (const sql of eventDayCountInserts(manager.connection.options.type === 'better-sqlite3')) await manager.query(sql);
    await markDayCountsFolded(manager);
    const [{ n }] = await manager.query<{ n: number | string }[]>('SELECT COUNT(*) AS n FROM event_day_counts');
    return Number(n);
  });
}

/** INSERT ... SELECT statements that fill an empty event_day_counts from the events and their links. */
export function eventDayCountInserts(sqlite: boolean): string[] {
  const day = (column: string) => (sqlite ? `CAST(julianday(date(${column})) - 2440587.5 AS INTEGER)` : `(TO_DAYS(${column}) - 719528)`);
  // Integer division rounding down (days before 1970 are negative).
  const bucket = (column: string, size: number) =>
    size === 1
      ? day(column)
      : sqlite
        ? `((${day(column)} - ((${day(column)} % ${size}) + ${size}) % ${size}) / ${size})`
        : `FLOOR(${day(column)} / ${size})`;
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
        `SELECT ${kind}, ${postId}, e.status, ${level}, ${bucket('e.start_utc', size)}, ${bucket('e.end_utc', size)}, COUNT(*) ` +
        `FROM ${from.endsWith('AND') ? from : `${from} WHERE`} e.hide_from_listings = 0 GROUP BY 2, 3, 5, 6`,
    ),
  );
}
