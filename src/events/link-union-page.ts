import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { EventIdsSql } from './event-relations';

/**
 * More ids than this are not worth a statement each: the page is then read as before, every link
 * row of the window sorted (SQLite also caps a compound SELECT at 500 terms).
 */
export const MAX_UNION_BRANCHES = 64;

/**
 * The ids (`id`, `page_start`) of a page of events linked to any of several posts (issue #14), as
 * a statement the page's rows are then joined to (EventRelationsReader.page). Each branch is the whole
 * list filter with one post id: its link index gives its events in (start_utc, event_id) order, so
 * the branch reads only its first `offset + perPage` index entries, never the window's every link
 * row. The branches are then de-duplicated (an event linked to two of the posts is in both, with
 * the same start), ordered and cut to the page. Exact: an event's rank in one post's list is at
 * most its rank in their union, so every event up to the page's last is among its post's first
 * `offset + perPage`.
 *
 * Each ordered, limited branch is a subquery: SQLite takes ORDER BY and LIMIT only on a whole
 * compound SELECT. Every value stays a bound parameter.
 */
export function unionPageSql(branches: readonly SelectQueryBuilder<ObjectLiteral>[], offset: number, perPage: number): EventIdsSql {
  const parts = branches.map((branch) =>
    branch
      .clone()
      .select('l.eventId', 'event_id')
      .addSelect('l.startUtc', 'start_utc')
      .orderBy('l.startUtc', 'ASC')
      .addOrderBy('l.eventId', 'ASC')
      .offset(undefined)
      .limit(offset + perPage)
      .getQueryAndParameters(),
  );
  const union = parts.map(([sql], index) => `SELECT * FROM (${sql}) b${index}`).join(' UNION ALL ');
  return {
    sql: `SELECT DISTINCT u.event_id AS id, u.start_utc AS page_start FROM (${union}) u ORDER BY u.start_utc, u.event_id LIMIT ? OFFSET ?`,
    params: [...parts.flatMap(([, params]): unknown[] => params), perPage, offset],
  };
}
