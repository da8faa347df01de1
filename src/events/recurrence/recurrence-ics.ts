import { EntityManager, In } from 'typeorm';
import { formatStoredDate } from '../../posts/post-dates';
import { EventEntity } from '../event.entity';
import { EventView } from '../event.presenter';
import { SeriesMoment, VeventRecurrence, presentedUtc } from '../event-ics';
import { expandSeries, firstOfRule, placed, untilValue } from './recurrence-expand';
import { EventOccurrenceEntity, EventSeriesEntity } from './recurrence.entity';
import { seriesStart, storedRecurrence } from './recurrence.service';

/** More dates of a series left out of a feed than this: its events there are written on their own. */
export const MAX_FEED_EXDATES = 100;

/**
 * How a feed writes the events of series (issue #16): each series once, as its first event with
 * RRULE, RDATE for dates the rule alone does not make and EXDATE for every date of the rule not in
 * the feed as an unedited occurrence; an occurrence edited on its own as a VEVENT with the series'
 * UID and RECURRENCE-ID; unedited occurrences not at all (the rule makes them). A first event the
 * rule does not make (a Saturday for BYDAY=MO) is an RDATE, and the VEVENT's DTSTART the rule's
 * first date (see `ruleStart`). A series whose
 * first event is not in the feed is added (`present` builds its view) when the caller may read it
 * (`readable`); else its occurrences in the feed are written as events of their own, so that a
 * draft, private or trashed series shows nothing of itself. Expanding the feed then gives exactly
 * its events.
 */
export async function seriesInFeed(
  manager: EntityManager,
  events: readonly EventView[],
  series: { present: (series: EventEntity[]) => Promise<EventView[]>; readable: (series: EventEntity) => boolean },
): Promise<{ events: EventView[]; recurrence: Map<number, VeventRecurrence | null> }> {
  const recurrence = new Map<number, VeventRecurrence | null>();
  const ids = events.map((event) => event.id);
  if (!ids.length) return { events: [...events], recurrence };
  const members = await manager.find(EventOccurrenceEntity, { where: { eventId: In(ids) } });
  const firsts = await manager.find(EventSeriesEntity, { select: { id: true }, where: { id: In(ids) } });
  const seriesIds = [...new Set([...members.map((m) => m.seriesId), ...firsts.map((s) => s.id)])];
  if (!seriesIds.length) return { events: [...events], recurrence };

  const listed = new Set(ids);
  const all = [...events];
  for (const seriesId of seriesIds) {
    const first = await manager.findOneOrFail(EventEntity, { where: { id: seriesId } });
    if (!listed.has(seriesId) && !series.readable(first)) continue;
    const stored = await manager.findOneOrFail(EventSeriesEntity, { where: { id: seriesId } });
    const markers = await manager.find(EventOccurrenceEntity, { where: { seriesId } });
    const start = seriesStart(first);
    const lines = storedRecurrence(stored);
    const moment = (wall: Date): SeriesMoment => {
      const at = placed(wall.getTime(), wall.getTime(), start.zone);
      return { wall: formatStoredDate(at.startLocal), utc: formatStoredDate(at.startUtc) };
    };
    // The rule's instance of a day as the rule names it: its clock (the first event's time of
    // day) also where a DST gap skips it and the instance is after the gap. EXDATE and
    // RECURRENCE-ID are matched with the instance a reader makes from that clock.
    const clockOfDay = start.startLocal.getTime() - Date.parse(`${formatStoredDate(start.startLocal).slice(0, 10)}T00:00:00Z`);
    const ruleMoment = (day: string, wall: Date): SeriesMoment => {
      const clock = Date.parse(`${day}T00:00:00Z`) + clockOfDay;
      if (first.allDay || clock === wall.getTime()) return moment(wall);
      const at = placed(clock, clock, start.zone);
      if (at.startLocal.getTime() !== wall.getTime()) return moment(wall);
      return { wall: formatStoredDate(new Date(clock)), utc: formatStoredDate(at.startUtc) };
    };
    const ruleOnly = lines.rule ? expandSeries(start, { lines: [], rule: lines.rule, exdates: [], rdates: [] }, stored.generatedUntil) : [];
    /** The rule's wall clock on each day it makes. */
    const ruleClocks = new Map(ruleOnly.map((item) => [item.date, item.startLocal.getTime()]));
    const byDay = new Map(markers.map((marker) => [marker.occurrenceDate, marker]));
    const inFeed = (marker: EventOccurrenceEntity | undefined) =>
      marker !== undefined && marker.eventId !== null && listed.has(marker.eventId);

    // A date the rule makes holds the rule's instance only when its occurrence is at the rule's wall
    // clock: an RDATE on the same day at another clock (the series moved since) is the occurrence
    // there (one per day, the earliest), so the rule's instance is excluded and the RDATE written.
    const atRuleClock = (marker: EventOccurrenceEntity) => ruleClocks.get(marker.occurrenceDate) === marker.originalStartLocal.getTime();
    const exdates = ruleOnly
      .filter((item) => {
        const marker = byDay.get(item.date);
        return !inFeed(marker) || !atRuleClock(marker!);
      })
      .map((item) => ruleMoment(item.date, item.startLocal));
    // A first event the rule does not make (a Saturday for BYDAY=MO): RFC 5545 leaves such a
    // DTSTART's place in the set undefined, and clients differ (ical.js makes it and then ignores
    // every EXDATE once it is excluded; others count it in COUNT, or drop it). The VEVENT starts at
    // the rule's first date instead (a DTSTART the rule makes, so COUNT counts exactly the rule's
    // dates for every reader) and the first event is an RDATE. A rule that makes no date at all
    // is not written (the first event is the DTSTART).
    const made = lines.rule ? firstOfRule(start, lines.rule) : undefined;
    const ruleStart = made && made.ruleClock.getTime() !== start.startLocal.getTime() ? made : undefined;
    // A feed that holds few of a long series' dates (one event, a window) would exclude hundreds:
    // its events are then VEVENTs of their own (ical.js gives up after 500 excluded instances in
    // a row, and the feed grew by 30 bytes per excluded date). The first event is excluded too
    // when it is the DTSTART and not in the feed.
    if (exdates.length + (listed.has(seriesId) || ruleStart ? 0 : 1) > MAX_FEED_EXDATES) continue;
    if (!listed.has(seriesId)) {
      if (!ruleStart) exdates.unshift(moment(first.startLocal));
      all.push(...(await series.present([first])));
    }
    const rdates = markers.filter((marker) => !atRuleClock(marker) && inFeed(marker)).map((m) => moment(m.originalStartLocal));
    if (ruleStart && listed.has(seriesId)) rdates.unshift(moment(first.startLocal));
    const lastMade = ruleOnly.length ? ruleOnly[ruleOnly.length - 1] : undefined;
    const last = lastMade && moment(lastMade.startLocal);
    // ical.js (Thunderbird) leaves out the DTSTART of a VEVENT with RDATE and no RRULE, though it is
    // always the first instance (RFC 5545 §3.8.5.2): a rule that makes the DTSTART alone keeps it.
    const rrule = made ? rruleFor(lines.lines, first) : rdates.length ? 'FREQ=DAILY;COUNT=1' : undefined;
    // An instance of the rule (or of an RDATE) lasts exactly DTEND - DTSTART of the VEVENT (RFC 5545
    // §3.8.5.3): the first event's, or the rule's first date's. Occurrences keep the first event's
    // wall-clock length instead, so one whose start and end are on two sides of a DST change (or
    // the DTSTART's are) lasts longer or shorter: it is written as an instance of its own
    // (RECURRENCE-ID), as an edited one is; so is a first event written as an RDATE.
    const views = new Map(events.map((view) => [view.id, view]));
    const length = (start: Date, end: Date, allDay: boolean) =>
      allDay
        ? Date.parse(`${formatStoredDate(end).slice(0, 10)}T00:00:00Z`) - Date.parse(`${formatStoredDate(start).slice(0, 10)}T00:00:00Z`)
        : end.getTime() - start.getTime();
    const dtstart = ruleStart ?? { startLocal: first.startLocal, endLocal: first.endLocal, startUtc: first.startUtc, endUtc: first.endUtc };
    const seriesLength = first.allDay
      ? length(dtstart.startLocal, dtstart.endLocal, true)
      : length(dtstart.startUtc, dtstart.endUtc, false);
    const ownLength = (view: EventView | undefined) =>
      view !== undefined &&
      (view.all_day
        ? length(presentedUtc(view.start_date), presentedUtc(view.end_date), true)
        : length(presentedUtc(view.utc_start_date), presentedUtc(view.utc_end_date), false)) !== seriesLength;
    // ical.js ends the DTSTART's own instance DTEND - DTSTART later in wall-clock time: an hour off
    // when a DST change falls inside it. That instance is then also one of its own (RECURRENCE-ID),
    // whose DTEND is read as it is.
    const offsetChangesInside =
      !first.allDay && start.zone.offset(dtstart.startUtc.getTime()) !== start.zone.offset(dtstart.endUtc.getTime());
    const firstView = all.find((view) => view.id === seriesId);
    recurrence.set(seriesId, {
      seriesId,
      rrule,
      exdates,
      rdates,
      last,
      ...(ruleStart && {
        // The rule's own clock (a DST gap moves the instance, not the clock the rule repeats).
        start: {
          start: { wall: formatStoredDate(ruleStart.ruleClock), utc: formatStoredDate(ruleStart.startUtc) },
          end: { wall: formatStoredDate(ruleStart.endLocal), utc: formatStoredDate(ruleStart.endUtc) },
        },
      }),
      ...(listed.has(seriesId) && (ruleStart ? ownLength(firstView) : offsetChangesInside) && { ownInstance: moment(first.startLocal) }),
    });
    for (const marker of markers.filter(inFeed)) {
      const seriesTiming = { allDay: first.allDay, timezone: first.timezone };
      const atDtstart = ruleStart !== undefined && marker.originalStartLocal.getTime() === ruleStart.startLocal.getTime();
      const own = marker.edited || ownLength(views.get(marker.eventId!)) || (atDtstart && offsetChangesInside);
      const recurrenceId = atRuleClock(marker)
        ? ruleMoment(marker.occurrenceDate, marker.originalStartLocal)
        : moment(marker.originalStartLocal);
      recurrence.set(marker.eventId!, own ? { seriesId, recurrenceId, seriesTiming } : null);
    }
  }
  return { events: all, recurrence };
}

/**
 * The RRULE as sent, with UNTIL in the form RFC 5545 requires with the DTSTART written: a date for
 * all-day events, else UTC.
 */
function rruleFor(lines: readonly string[], series: EventEntity): string | undefined {
  const line = lines.find((item) => /^RRULE:/i.test(item));
  if (!line) return undefined;
  const rule = line.slice(6);
  return rule.replace(/UNTIL=([0-9TZ]+)/i, (_, until: string) => `UNTIL=${untilValue(until, seriesStart(series).zone, series.allDay)}`);
}
