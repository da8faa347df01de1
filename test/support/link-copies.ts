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
