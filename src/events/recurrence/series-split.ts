import { Zone } from 'luxon';
import { EntityManager, In } from 'typeorm';
import { EventEntity } from '../event.entity';
import { deleteOccurrences, updateOccurrences } from './occurrence-rows';
import { parseRecurrence } from './recurrence-lines';
import { EventOccurrenceEntity, EventSeriesEntity } from './recurrence.entity';
import { RecurrenceService, seriesStart } from './recurrence.service';
import { dayOfLineDate, expandSeries, ruleMakesFirst, ruleMakesFrom, untilValue } from './recurrence-expand';

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

  // Later dates deleted for good, and later occurrences trashed on their own, stay so in the new
  // series (its other occurrences are made afresh): a split made the one again, and deleted the
  // other from the trash for good and made it afresh, published.
  const ids = new Set(later.map((other) => other.eventId).filter((id): id is number => id !== null));
  const trashedAlone = ids.size
    ? new Set(
        (await manager.find(EventEntity, { select: { id: true, status: true }, where: { id: In([...ids]), status: 'trash' } }))
          .map((event) => event.id)
          .filter((id) => later.some((other) => other.eventId === id && other.edited.includes(',status,'))),
      )
    : new Set<number>();
  const carried = later.filter((other) => other.eventId === null || trashedAlone.has(other.eventId));
  await deleteOccurrences(
    manager,
    later.map((other) => other.eventId).filter((id): id is number => id !== null && !trashedAlone.has(id)),
  );
  await manager.delete(EventOccurrenceEntity, { seriesId: marker.seriesId, occurrenceDate: marker.occurrenceDate });
  for (const other of carried)
    await manager.delete(EventOccurrenceEntity, { seriesId: marker.seriesId, occurrenceDate: other.occurrenceDate });

  await endSeriesBefore(manager, recurrence, series, splitDay, lines);

  await updateOccurrences(manager, [{ ids: [occurrence.id], columns: { postParent: 0 } }]);
  occurrence.postParent = 0;
  if (trashedAlone.size) await updateOccurrences(manager, [{ ids: [...trashedAlone], columns: { postParent: occurrence.id } }]);
  const rest = parsed(
    keptDates(lines, start.zone, (day) => day >= splitDay).map((line) =>
      rewriteRule(line, (count, until) => (count !== undefined ? `COUNT=${Math.max(1, count - earlier)}` : until && `UNTIL=${until}`)),
    ),
  );
  await recurrence.setRule(
    manager,
    occurrence,
    rest,
    carried.map((other) => ({ ...other, seriesId: occurrence.id })),
    'end_date',
  );
}

/**
 * Ends a series the day before `splitDay` (`scope=following`: a split, a permanent delete): the
 * rule gets UNTIL the end of that day, unless it makes no date from then on anyway (a COUNT or
 * UNTIL that ended it earlier stays: a split at an RDATE after its last date made the rule go on
 * up to the day before); EXDATE and RDATE values after it go. The occurrences from that day on
 * go with the regeneration.
 */
export async function endSeriesBefore(
  manager: EntityManager,
  recurrence: RecurrenceService,
  series: EventEntity,
  splitDay: string,
  lines?: readonly string[],
): Promise<void> {
  const current =
    lines ?? (JSON.parse((await manager.findOneOrFail(EventSeriesEntity, { where: { id: series.id } })).recurrence) as string[]);
  const start = seriesStart(series);
  const rule = parsed(current).rule;
  const dayBefore = new Date(Date.parse(`${splitDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  // The end of the day before, as an instant for a timed series (RFC 5545 §3.3.10; the feed writes it so too).
  const until = `UNTIL=${untilValue(dayBefore, start.zone, series.allDay)}`;
  const goesOn = rule !== null && ruleMakesFrom(start, rule, splitDay);
  const ended = parsed(
    keptDates(current, start.zone, (day) => day < splitDay).map((line) => (goesOn ? rewriteRule(line, () => until) : line)),
  );
  await manager.update(EventSeriesEntity, { id: series.id }, { recurrence: JSON.stringify(ended.lines) });
  await recurrence.regenerate(manager, series, ended);
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

function parsed(lines: readonly string[]) {
  const result = parseRecurrence(lines);
  if (!result.ok) throw new RangeError('A split rule did not parse');
  return result.value;
}
