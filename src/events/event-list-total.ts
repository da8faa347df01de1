import { SelectQueryBuilder } from 'typeorm';
import { DateBound, DateWindow } from '../listing/date-window';
import { COUNT_KIND, COUNT_LEVELS, CountKind, dayStart, utcDay } from './event-day-counts';
import { EventEntity } from './event.entity';
import { marks, SqlPiece } from '../database/placeholders';
import { isSqlite } from '../database/dialect';

/** The events a total counts, as event_day_counts keys them: one kind (and post), some statuses. */
export interface CountedScope {
  readonly kind: CountKind;
  readonly postId: number;
  readonly statuses: readonly string[];
}

/**
 * One bound of the window: on the start or the end, keeping what is after (or before) its day.
 * `edge`: its day holds events on both sides, read from the events; else the day is wholly on
 * one side and `day` is the first (or last) day wholly outside.
 */
interface Bound {
  readonly column: 'start' | 'end';
  readonly after: boolean;
  readonly day: number;
  readonly edge: boolean;
}

/** The comparison of each bound; `inclusive` when the instant itself matches (>=, <=). */
const BOUNDS: Record<DateBound, { column: 'start' | 'end'; after: boolean; inclusive: boolean }> = {
  start_date: { column: 'start', after: true, inclusive: true },
  starts_after: { column: 'start', after: true, inclusive: false },
  starts_before: { column: 'start', after: false, inclusive: false },
  end_date: { column: 'end', after: false, inclusive: true },
  ends_before: { column: 'end', after: false, inclusive: false },
  ends_after: { column: 'end', after: true, inclusive: false },
};

const SECOND_MS = 1000;

/**
 * A bound on whole days when its instant lets it be (stored datetimes have whole seconds): `>=`
 * midnight and `<` midnight cut before the day, `>` and `<=` 23:59:59 after it. The default
 * window and dates without a time in a UTC site are such bounds: their totals read no events.
 */
function boundOf(name: DateBound, instant: Date): Bound {
  const { column, after, inclusive } = BOUNDS[name];
  const day = utcDay(instant);
  const ms = instant.getTime();
  const cutBefore = ms === dayStart(day).getTime() && inclusive === after;
  const cutAfter = ms === dayStart(day + 1).getTime() - SECOND_MS && inclusive !== after;
  // The first day wholly outside: before the bound's day (after: the one before it), or after it.
  if (cutBefore) return { column, after, day: after ? day - 1 : day, edge: false };
  if (cutAfter) return { column, after, day: after ? day : day + 1, edge: false };
  return { column, after, day, edge: true };
}

/**
 * The exact number of events `builder` selects (every filter of the list in it, the window
 * included), from event_day_counts and the events of the window's edge days, in one statement.
 *
 * An event whose day is strictly inside every bound of the window (after a lower bound's day,
 * before an upper bound's) matches all of them; so do all events of a bucket strictly inside
 * them. The total is: the 64-day buckets strictly inside; plus the 8-day buckets strictly inside
 * that lie in a 64-day bucket of an edge; plus the days strictly inside in an 8-day bucket of an
 * edge; plus the events, counted with every filter, that start or end on an edge day. Each
 * event is counted once: each piece excludes the edges of the pieces before it.
 */
export async function countFromSummaries(
  builder: SelectQueryBuilder<EventEntity>,
  window: DateWindow,
  scope: CountedScope,
): Promise<number> {
  const total = summaryTotalSql(builder, window, scope);
  const [row] = await builder.connection.query<{ total: number | string | null }[]>(`SELECT ${total.sql} AS total`, [...total.params]);
  return Number(row?.total ?? 0);
}

/** countFromSummaries' total as one SQL expression, to be selected with other rows (event-relations.ts). */
export function summaryTotalSql(builder: SelectQueryBuilder<EventEntity>, window: DateWindow, scope: CountedScope): SqlPiece {
  const bounds = (Object.keys(BOUNDS) as DateBound[]).filter((name) => window[name]).map((name) => boundOf(name, window[name]!.instant));
  const hinted = !isSqlite(builder.connection);
  const pieces = [summaryPiece(scope, bounds, hinted), ...edgeDayPieces(builder, bounds)];
  return {
    sql: `(${pieces.map((piece) => `(${piece.sql})`).join(' + ')})`,
    params: pieces.flatMap((piece) => piece.params),
    // The summary rows by the indexes it names; the edge days' events as the planner sees fit.
    fixedPlan: hinted && pieces.length === 1,
  };
}

/** The edges of a bucket size: distinct (column, bucket) of the bounds. */
function edgesAt(bounds: readonly Bound[], size: number): { column: 'start' | 'end'; bucket: number }[] {
  const seen = new Map<string, { column: 'start' | 'end'; bucket: number }>();
  for (const bound of bounds) {
    const bucket = Math.floor(bound.day / size);
    seen.set(`${bound.column}:${bucket}`, { column: bound.column, bucket });
  }
  return [...seen.values()];
}

/**
 * The sum of every summary row strictly inside the bounds, level by level. `hinted` (MySQL,
 * MariaDB): each SELECT names the index of the bucket column it ranges over. The indexes hold `n`
 * (migration 1763700900000), and MariaDB then preferred a `ref` on `(kind, post_id)` alone, whose
 * rows it estimates from the average post (some 200) while the whole site's (post 0) are tens of
 * thousands: 4.5 ms per total instead of 0.5 at 1,000,000 events. The levels below the top are
 * cut to one bucket of the level above, on the column of that bucket; the top level holds a few
 * rows per 64 days and status, read on the column topColumn picks.
 */
function summaryPiece(scope: CountedScope, bounds: readonly Bound[], hinted: boolean): SqlPiece {
  const selects: SqlPiece[] = [];
  const top = COUNT_LEVELS.length - 1;
  const rowsAt = (level: number, extra: (SqlPiece & { column?: 'start' | 'end' })[]): SqlPiece => {
    const size = COUNT_LEVELS[level];
    const ranged = extra[0]?.column ?? topColumn(bounds);
    const index = hinted && ranged ? ` FORCE INDEX (idx_event_day_counts_${ranged})` : '';
    const where = [
      'kind = ?',
      'post_id = ?',
      `status IN (${marks(scope.statuses.length)})`,
      'level = ?',
      ...bounds.map((bound) => `${bound.column}_bucket ${bound.after ? '>' : '<'} ?`),
      ...extra.map((piece) => piece.sql),
    ];
    return {
      sql: `SELECT n FROM event_day_counts${index} WHERE ${where.join(' AND ')}`,
      params: [
        COUNT_KIND[scope.kind],
        scope.postId,
        ...scope.statuses,
        level,
        ...bounds.map((bound) => Math.floor(bound.day / size)),
        ...extra.flatMap((piece) => piece.params),
      ],
    };
  };
  selects.push(rowsAt(top, []));
  for (let level = top - 1; level >= 0; level--) {
    // Buckets of this level inside the edge buckets of the level above.
    const ratio = COUNT_LEVELS[level + 1] / COUNT_LEVELS[level];
    const edges = edgesAt(bounds, COUNT_LEVELS[level + 1]).map(({ column, bucket }) => ({
      column,
      sql: `${column}_bucket BETWEEN ? AND ?`,
      params: [bucket * ratio, bucket * ratio + ratio - 1],
    }));
    edges.forEach((edge, index) => {
      const earlier = edges.slice(0, index).map((other) => ({ sql: `NOT (${other.sql})`, params: other.params }));
      selects.push(rowsAt(level, [edge, ...earlier]));
    });
  }
  return {
    sql: `SELECT COALESCE(SUM(n), 0) FROM (${selects.map((select) => select.sql).join(' UNION ALL ')}) counted`,
    params: selects.flatMap((select) => select.params),
  };
}

/**
 * The bucket column whose index reads the fewest top-level rows: one bounded on both sides, else
 * one with a lower bound (the rows after it: the future, for the windows lists use), else any.
 */
function topColumn(bounds: readonly Bound[]): 'start' | 'end' | undefined {
  const sides = (column: 'start' | 'end') => new Set(bounds.filter((bound) => bound.column === column).map((bound) => bound.after));
  const columns = ['start', 'end'] as const;
  return columns.find((column) => sides(column).size === 2) ?? columns.find((column) => sides(column).has(true)) ?? bounds[0]?.column;
}

/** COUNT(*) of the filtered events on each edge day (start or end), each excluding the earlier ones. */
function edgeDayPieces(builder: SelectQueryBuilder<EventEntity>, bounds: readonly Bound[]): SqlPiece[] {
  const ranges = edgesAt(
    bounds.filter((bound) => bound.edge),
    1,
  ).map(({ column, bucket }, index) => ({
    sql: `(e.${column}Utc >= :edgeFrom${index} AND e.${column}Utc < :edgeTo${index})`,
    params: { [`edgeFrom${index}`]: dayStart(bucket), [`edgeTo${index}`]: dayStart(bucket + 1) },
  }));
  return ranges.map((range, index) => {
    const edge = builder.clone().select('COUNT(*)', 'total').orderBy();
    edge.andWhere(range.sql, range.params);
    for (const earlier of ranges.slice(0, index)) edge.andWhere(`NOT ${earlier.sql}`, earlier.params);
    const [sql, params] = edge.getQueryAndParameters();
    return { sql, params };
  });
}
