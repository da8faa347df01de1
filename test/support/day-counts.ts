import { DataSource } from 'typeorm';
import { rebuildEventDayCounts } from '../../src/events/event-day-counts';

/** event_day_counts as the writes left it, each bucket's rows summed (buckets that sum to zero are empty). */
export async function dayCountsSnapshot(dataSource: DataSource): Promise<string[]> {
  const rows = await dataSource.query<Record<string, number | string>[]>(
    'SELECT kind, post_id, status, level, start_bucket, end_bucket, SUM(n) AS n FROM event_day_counts ' +
      'GROUP BY kind, post_id, status, level, start_bucket, end_bucket HAVING SUM(n) <> 0 ORDER BY kind, post_id, status, level, start_bucket, end_bucket',
  );
  return rows.map((row) => [row.kind, row.post_id, row.status, row.level, row.start_bucket, row.end_bucket, row.n].map(String).join(' '));
}

/** The maintained counts, then the counts rebuilt from the events themselves (issue #14): equal when every write kept them. */
export async function dayCountsAndRebuild(dataSource: DataSource): Promise<{ maintained: string[]; rebuilt: string[] }> {
  const maintained = await dayCountsSnapshot(dataSource);
  await rebuildEventDayCounts(dataSource);
  return { maintained, rebuilt: await dayCountsSnapshot(dataSource) };
}
