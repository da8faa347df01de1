import { DataSource } from 'typeorm';

/**
 * Link rows whose copies of their event's list columns (issue #14) differ from the event row:
 * `table event_id post_id column` per difference; empty when every write kept them exact.
 */
export async function linkCopyDifferences(dataSource: DataSource): Promise<string[]> {
  const differences: string[] = [];
  for (const [table, column] of [
    ['event_terms', 'term_id'],
    ['event_venues', 'venue_id'],
    ['event_organizers', 'organizer_id'],
  ] as const) {
    const rows = await dataSource.query<Record<string, number | string>[]>(
      `SELECT l.event_id, l.${column} AS post_id, ` +
        'CASE WHEN l.start_utc <> e.start_utc THEN 1 ELSE 0 END AS start_utc, CASE WHEN l.end_utc <> e.end_utc THEN 1 ELSE 0 END AS end_utc, ' +
        'CASE WHEN l.status <> e.status THEN 1 ELSE 0 END AS status, CASE WHEN l.hide_from_listings <> e.hide_from_listings THEN 1 ELSE 0 END AS hide_from_listings ' +
        `FROM ${table} l INNER JOIN events e ON e.id = l.event_id ` +
        'WHERE l.start_utc <> e.start_utc OR l.end_utc <> e.end_utc OR l.status <> e.status OR l.hide_from_listings <> e.hide_from_listings ' +
        'ORDER BY l.event_id',
    );
    for (const row of rows)
      for (const name of ['start_utc', 'end_utc', 'status', 'hide_from_listings'])
        if (Number(row[name])) differences.push(`${table} ${row.event_id} ${row.post_id} ${name}`);
  }
  return differences;
}

/** A link filter as the list applies it: the link table, its post column, the posts (any of them). */
export type LinkFilterRows = [table: string, column: string, posts: number[]];

/**
 * The ids a list filtered by links shows, in list order, written as plain SQL over the events
 * (not the link rows' copies): OR within a filter, AND between filters, in `window` (wall clocks
 * in UTC, `start_date` and `end_date`) and `statuses`.
 */
export async function linkedEventIds(
  dataSource: DataSource,
  links: readonly LinkFilterRows[],
  window: { start: string; end: string },
  statuses: readonly string[],
): Promise<number[]> {
  // SQLite stores datetimes as text with milliseconds.
  const stored = (wall: string) => (dataSource.options.type === 'better-sqlite3' ? `${wall}.000` : wall);
  const where = ['e.hide_from_listings = 0', `e.status IN (${statuses.map(() => '?').join(', ')})`, 'e.start_utc >= ?', 'e.end_utc <= ?'];
  const values: unknown[] = [...statuses, stored(window.start), stored(window.end)];
  for (const [table, column, posts] of links) {
    where.push(`e.id IN (SELECT event_id FROM ${table} WHERE ${column} IN (${posts.map(() => '?').join(', ')}))`);
    values.push(...posts);
  }
  const rows = await dataSource.query<{ id: number }[]>(
    `SELECT e.id FROM events e WHERE ${where.join(' AND ')} ORDER BY e.start_utc, e.id`,
    values,
  );
  return rows.map((row) => Number(row.id));
}
