import { EntityManager } from 'typeorm';
import { EventEntity } from '../event.entity';
import { deleteOccurrences, updateOccurrences } from './occurrence-rows';
import { parseRecurrence } from './recurrence-lines';
import { EventOccurrenceEntity, EventSeriesEntity } from './recurrence.entity';
import { RecurrenceService, seriesStart } from './recurrence.service';
import { untilValue } from './recurrence-expand';

/**
 * `scope=following` on an occurrence (issue #16), as Google Calendar does: the series ends the day
 * before it (UNTIL), and the occurrence, already updated, becomes the first event of a new series
 * with the same lines (COUNT reduced by the dates before it), whose later occurrences are made
 * afresh from it.
 */
export async function splitSeries(
  manager: EntityManager,
  recurrence: RecurrenceService,
  occurrence: EventEntity,
  marker: EventOccurrenceEntity,
): Promise<void> {
  const stored = await manager.findOneOrFail(EventSeriesEntity, { where: { id: marker.seriesId } });
  const series = await manager.findOneOrFail(EventEntity, { where: { id: marker.seriesId } });
  const lines = JSON.parse(stored.recurrence) as string[];
  const markers = await manager.find(EventOccurrenceEntity, { where: { seriesId: marker.seriesId } });
  const earlier = 1 + markers.filter((other) => other.occurrenceDate < marker.occurrenceDate).length;
  const later = markers.filter((other) => other.occurrenceDate > marker.occurrenceDate);

  await deleteOccurrences(
    manager,
    later.map((other) => other.eventId).filter((id): id is number => id !== null),
  );
  await manager.delete(EventOccurrenceEntity, { seriesId: marker.seriesId, occurrenceDate: marker.occurrenceDate });
  for (const other of later.filter((item) => item.eventId === null))
    await manager.delete(EventOccurrenceEntity, { seriesId: marker.seriesId, occurrenceDate: other.occurrenceDate });

  const dayBefore = new Date(Date.parse(`${marker.occurrenceDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  // The end of the day before, as an instant for a timed series (RFC 5545 §3.3.10; the feed writes it so too).
  const ended = parsed(
    lines.map((line) => rewriteRule(line, () => `UNTIL=${untilValue(dayBefore, seriesStart(series).zone, series.allDay)}`)),
  );
  await manager.update(EventSeriesEntity, { id: series.id }, { recurrence: JSON.stringify(ended.lines) });
  await recurrence.regenerate(manager, series, ended);

  await updateOccurrences(manager, [{ ids: [occurrence.id], columns: { postParent: 0 } }]);
  occurrence.postParent = 0;
  const rest = parsed(
    lines.map((line) =>
      rewriteRule(line, (count, until) => (count !== undefined ? `COUNT=${Math.max(1, count - earlier)}` : until && `UNTIL=${until}`)),
    ),
  );
  await recurrence.setRule(manager, occurrence, rest);
}

/** The RRULE line with COUNT and UNTIL replaced by what `end` returns; other lines as they are. */
function rewriteRule(line: string, end: (count: number | undefined, until: string | undefined) => string | undefined): string {
  if (!/^RRULE:/i.test(line)) return line;
  const parts = line.slice(6).split(';');
  const value = (name: string) => parts.find((part) => part.toUpperCase().startsWith(`${name}=`))?.split('=')[1];
  const count = value('COUNT');
  const kept = parts.filter((part) => !/^(COUNT|UNTIL)=/i.test(part));
  const last = end(count === undefined ? undefined : Number(count), value('UNTIL'));
  return `RRULE:${[...kept, ...(last ? [last] : [])].join(';')}`;
}

function parsed(lines: string[]) {
  const result = parseRecurrence(lines);
  if (!result.ok) throw new RangeError('A split rule did not parse');
  return result.value;
}
