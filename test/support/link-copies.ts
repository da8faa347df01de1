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
    ['event_category_trees', 'category_id'],
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

/**
 * event_category_trees as the writes left it (`event category` rows), and as it must be: each
 * event in the tree of each of its categories and of every ancestor of one, worked out here from
 * event_terms and the categories' parents, not by the app's code.
 */
export async function categoryTreeRows(dataSource: DataSource): Promise<{ maintained: string[]; expected: string[] }> {
  const kept = await dataSource.query<{ event_id: number | string; category_id: number | string }[]>(
    'SELECT event_id, category_id FROM event_category_trees',
  );
  const categories = await dataSource.query<{ id: number | string; parent: number | string }[]>(
    "SELECT id, parent FROM terms WHERE taxonomy = 'tribe_events_cat'",
  );
  const parents = new Map(categories.map((row) => [Number(row.id), Number(row.parent)]));
  const links = await dataSource.query<{ event_id: number | string; term_id: number | string }[]>(
    'SELECT event_id, term_id FROM event_terms',
  );
  const expected = new Set<string>();
  for (const link of links) {
    for (let id = Number(link.term_id), depth = 0; parents.has(id) && depth < 100; id = parents.get(id)!, depth++) {
      expected.add(`${Number(link.event_id)} ${id}`);
    }
  }
  const order = (rows: Iterable<string>) => [...rows].sort();
  return { maintained: order(kept.map((row) => `${Number(row.event_id)} ${Number(row.category_id)}`)), expected: order(expected) };
}
