import { Zone } from 'luxon';
import { EntityManager } from 'typeorm';
import { EventEntity } from '../event.entity';
import { deleteOccurrences, updateOccurrences } from './occurrence-rows';
import { parseRecurrence } from './recurrence-lines';
import { EventOccurrenceEntity, EventSeriesEntity } from './recurrence.entity';
import { RecurrenceService, seriesStart } from './recurrence.service';
import { dayOfLineDate, expandSeries, ruleMakesFirst, untilValue } from './recurrence-expand';

/**
 * `scope=following` on an occurrence (issue #16), as Google Calendar does: the series ends the day
 * before it (UNTIL), and the occurrence, already updated, becomes the first event of a new series
 * with the same rule (COUNT reduced by the dates the rule made before it: RFC 5545 counts the
 * rule's dates, not RDATEs), whose later occurrences are made afresh from it. EXDATE and RDATE
 * values go with the side of the split their day is on: an RDATE after UNTIL still adds a date
 * (UNTIL bounds only the rule), so the old series keeping it would make that date twice.
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
  const later = markers.filter((other) => other.occurrenceDate > marker.occurrenceDate);
  const start = seriesStart(series);
  const splitDay = marker.occurrenceDate;
  const rule = parsed(lines).rule;
  // The rule's dates before the split: expandSeries gives those after the first event, which is
  // one of them only when the rule makes it (a Wednesday first event of BYDAY=MO is not).
  const earlier = rule
    ? (ruleMakesFirst(start, rule) ? 1 : 0) +
      expandSeries(start, { lines: [], rule, exdates: [], rdates: [] }, stored.generatedUntil).filter((item) => item.date < splitDay).length
    : 0;

  await deleteOccurrences(
    manager,
    later.map((other) => other.eventId).filter((id): id is number => id !== null),
  );
  await manager.delete(EventOccurrenceEntity, { seriesId: marker.seriesId, occurrenceDate: marker.occurrenceDate });
  for (const other of later.filter((item) => item.eventId === null))
    await manager.delete(EventOccurrenceEntity, { seriesId: marker.seriesId, occurrenceDate: other.occurrenceDate });

  const dayBefore = new Date(Date.parse(`${splitDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  // The end of the day before, as an instant for a timed series (RFC 5545 §3.3.10; the feed writes it so too).
  const until = `UNTIL=${untilValue(dayBefore, start.zone, series.allDay)}`;
  const ended = parsed(keptDates(lines, start.zone, (day) => day < splitDay).map((line) => rewriteRule(line, () => until)));
  await manager.update(EventSeriesEntity, { id: series.id }, { recurrence: JSON.stringify(ended.lines) });
  await recurrence.regenerate(manager, series, ended);

  await updateOccurrences(manager, [{ ids: [occurrence.id], columns: { postParent: 0 } }]);
  occurrence.postParent = 0;
  const rest = parsed(
    keptDates(lines, start.zone, (day) => day >= splitDay).map((line) =>
      rewriteRule(line, (count, until) => (count !== undefined ? `COUNT=${Math.max(1, count - earlier)}` : until && `UNTIL=${until}`)),
    ),
  );
  await recurrence.setRule(manager, occurrence, rest);
}

/** The lines with only the EXDATE and RDATE values whose day `keep` accepts; a line left with none goes. */
function keptDates(lines: readonly string[], zone: Zone, keep: (day: string) => boolean): string[] {
  return lines.flatMap((line) => {
    if (!/^(EXDATE|RDATE)[;:]/i.test(line)) return [line];
    const colon = line.indexOf(':');
    const head = line.slice(0, colon);
    const values = line
      .slice(colon + 1)
      .split(',')
      .filter((value) => {
        const one = parsed([`${head}:${value}`]);
        return [...one.exdates, ...one.rdates].every((date) => keep(dayOfLineDate(date, zone)));
      });
    return values.length ? [`${head}:${values.join(',')}`] : [];
  });
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
