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
export function unionPageSql(
  branch: (id: number) => SelectQueryBuilder<ObjectLiteral>,
  ids: readonly number[],
  offset: number,
  perPage: number,
): EventIdsSql {
  const build = (id: number) =>
    branch(id)
      .select('l.eventId', 'event_id')
      .addSelect('l.startUtc', 'start_utc')
      .orderBy('l.startUtc', 'ASC')
      .addOrderBy('l.eventId', 'ASC')
      .offset(undefined)
      .limit(offset + perPage)
      .getQueryAndParameters();
  const [sql, first] = build(ids[0]);
  const union = ids.map((_, index) => `SELECT * FROM (${sql}) b${index}`).join(' UNION ALL ');
  return {
    sql: `SELECT DISTINCT u.event_id AS id, u.start_utc AS page_start FROM (${union}) u ORDER BY u.start_utc, u.event_id LIMIT ? OFFSET ?`,
    params: [...branchParameters(first, build(ids[1])[1], ids, build), perPage, offset],
  };
}

/**
 * The parameters of every branch. The branches differ only in their id, so the statement is built
 * twice (building one costs more than the database's work for it) and the one parameter that
 * differs is the id's place; otherwise every branch is built.
 */
function branchParameters(
  first: unknown[],
  second: unknown[],
  ids: readonly number[],
  build: (id: number) => [string, unknown[]],
): unknown[] {
  const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);
  const differing = first.map((value, index) => (same(value, second[index]) ? -1 : index)).filter((index) => index >= 0);
  if (differing.length !== 1 || first.length !== second.length) return ids.flatMap((id) => build(id)[1]);
  const [at] = differing;
  return ids.flatMap((id) => first.map((value, index) => (index === at ? id : value)));
}
