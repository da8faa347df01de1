import { EntityManager } from 'typeorm';

/** The series lines of each of the events that belongs to a series (its first event or an occurrence), in one query. */
export async function loadRecurrences(manager: EntityManager, eventIds: readonly number[]): Promise<Map<number, string[]>> {
  const marks = eventIds.map(() => '?').join(', ');
  const rows = await manager.query<{ event_id: number | string; recurrence: string }[]>(
    `SELECT s.id AS event_id, s.recurrence AS recurrence FROM event_series s WHERE s.id IN (${marks}) ` +
      `UNION ALL SELECT o.event_id AS event_id, s.recurrence AS recurrence FROM event_occurrences o ` +
      `INNER JOIN event_series s ON s.id = o.series_id WHERE o.event_id IN (${marks})`,
    [...eventIds, ...eventIds],
  );
  return new Map(rows.map((row) => [Number(row.event_id), JSON.parse(row.recurrence) as string[]]));
}
