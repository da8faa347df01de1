import { EntityManager } from 'typeorm';
import { notesComplete } from '../database/write-notes';
import { CountedEvent, loadCountedEvents, recordEventChanges } from './event-day-counts';
import { eventLinks } from './event-links';

/**
 * Runs a write that may change the event rows `ids` (inside a transaction) and keeps what is
 * derived from them exact: the link rows' copies of their list columns and event_day_counts
 * (issue #14), from their states before and after. New occurrences record themselves
 * (occurrence-rows.ts); ids that are gone afterwards count as deleted.
 */
export async function countedWrite<T>(manager: EntityManager, ids: readonly number[], work: () => Promise<T>): Promise<T> {
  // Locked: a concurrent write of the same events (a series and one of its occurrences) waits, then reads what this one left.
  const before = await loadCountedEvents(manager, ids, { locked: true });
  const result = await work();
  const after = await loadCountedEvents(manager, ids, { locked: true });
  await eventLinks.refresh(
    manager,
    ids.filter((id) => {
      const [was, now] = [before.get(id), after.get(id)];
      return was && now && !sameListColumns(was, now);
    }),
  );
  await recordEventChanges(
    manager,
    ids.map((id) => ({ id, before: before.get(id) ?? null, after: after.get(id) ?? null })),
  );
  // Every row such a write changes is one of `ids` (or a new occurrence, which notes itself).
  notesComplete();
  return result;
}

/** Whether the columns the link rows copy are the same in both states. */
function sameListColumns(a: CountedEvent, b: CountedEvent): boolean {
  return (
    a.status === b.status &&
    a.hideFromListings === b.hideFromListings &&
    a.startUtc.getTime() === b.startUtc.getTime() &&
    a.endUtc.getTime() === b.endUtc.getTime()
  );
}
