import { DateTime, Zone } from 'luxon';
import { RRule } from 'rrule';
import { atWallClock } from '../../common/parsing/wall-clock';
import { LineDate, ParsedRecurrence } from './recurrence-lines';

/** At most this many events per series, its first included (issue #16). */
export const MAX_SERIES_EVENTS = 1000;

/** A series' first event as the expansion needs it: its wall clock (stored Dates whose UTC fields are the clock) and zone. */
export interface SeriesStart {
  readonly startLocal: Date;
  readonly endLocal: Date;
  readonly zone: Zone;
  /** Whole days: the end's clock (23:59:59) is kept even when a DST gap moves the start. */
  readonly allDay?: boolean;
}

/** One occurrence after the first: its day (the key), its rule wall clock and its dates. */
export interface PlannedOccurrence {
  readonly date: string;
  readonly startLocal: Date;
  readonly endLocal: Date;
  readonly startUtc: Date;
  readonly endUtc: Date;
}

/**
 * The occurrences of a series after its first event, up to `horizon` (an instant), at most
 * MAX_SERIES_EVENTS - 1. The rule is expanded in floating time (wall clocks held as UTC) and each
 * wall clock is then placed in the zone with luxon: occurrences keep the first event's wall clock
 * across DST changes (a clock that does not exist that day moves forward, as luxon does), and
 * multi-day events keep their wall-clock length.
 */
export function expandSeries(series: SeriesStart, recurrence: ParsedRecurrence, horizon: Date): PlannedOccurrence[] {
  const first = series.startLocal.getTime();
  const length = series.endLocal.getTime() - first;
  const limit = floatingOf(DateTime.fromJSDate(horizon).setZone(series.zone));
  const firstDay = dayOf(first);
  const clockOfDay = first - Date.parse(`${firstDay}T00:00:00Z`);

  const candidates: number[] = [];
  if (recurrence.rule) {
    ruleOf(series, recurrence.rule).all((date, index) => {
      if (date.getTime() > limit || index >= MAX_SERIES_EVENTS) return false;
      candidates.push(date.getTime());
      return true;
    });
  }
  // An all-day series repeats whole days: an RDATE or EXDATE date-time names its day (the day in
  // the series' zone), as a DATE value does. Its clock made an "all-day" occurrence from 15:00 to
  // 14:59:59 the next day, which the feed (a DATE value) wrote as one day.
  const wholeDay = (d: LineDate) => d.kind === 'date' || series.allDay === true;
  for (const rdate of recurrence.rdates) {
    const at = wholeDay(rdate)
      ? Date.parse(`${dayOfLineDate(rdate, series.zone)}T00:00:00Z`) + clockOfDay
      : floatingOfLine(rdate as Exclude<LineDate, { kind: 'date' }>, series.zone);
    if (at <= limit) candidates.push(at);
  }
  const excludedDays = new Set(recurrence.exdates.filter(wholeDay).map((d) => dayOfLineDate(d, series.zone)));
  const timed = recurrence.exdates.filter((d) => !wholeDay(d)) as Exclude<LineDate, { kind: 'date' }>[];
  const excludedClocks = new Set(timed.map((d) => floatingOfLine(d, series.zone)));
  // An EXDATE names an instance (RFC 5545 §3.8.5.1): also by its instant. On a day a DST gap skips
  // the rule's clock, the instance is after the gap, and so is an EXDATE at that clock with a TZID
  // (or in UTC): compared as wall clocks, 02:30 and 03:30 did not match and excluded nothing.
  const excludedInstants = new Set(timed.map((d) => instantOfLine(d, series.zone)));
  const excluded = (at: number) =>
    excludedClocks.has(at) || (excludedInstants.size > 0 && excludedInstants.has(inZone(at, series.zone).toMillis()));

  const byDay = new Map<string, number>();
  for (const at of candidates.sort((a, b) => a - b)) {
    const day = dayOf(at);
    if (at <= first || day <= firstDay || byDay.has(day) || excludedDays.has(day) || excluded(at)) continue;
    byDay.set(day, at);
  }
  return [...byDay]
    .slice(0, MAX_SERIES_EVENTS - 1)
    .map(([date, at]) => ({ date, ...placed(at, at + length, series.zone, { endMovesWithStart: !series.allDay }) }));
}

/** The rule in floating time from the series' first wall clock (rrule's own dates: the first only when the rule makes it). */
function ruleOf(series: SeriesStart, rule: NonNullable<ParsedRecurrence['rule']>): RRule {
  const until = rule.untilText === undefined ? undefined : untilFloating(rule.untilText, series.zone);
  return new RRule({ ...rule.options, dtstart: series.startLocal, until: until === undefined ? null : new Date(until), tzid: null });
}

/**
 * Whether the rule itself makes the series' first date. A first event on a date the rule does not
 * make (a Wednesday for BYDAY=MO) is an event of the series all the same, but not one of the dates
 * its COUNT counts (rrule's reading, which expandSeries follows).
 */
export function ruleMakesFirst(series: SeriesStart, rule: NonNullable<ParsedRecurrence['rule']>): boolean {
  return ruleOf(series, rule).after(series.startLocal, true)?.getTime() === series.startLocal.getTime();
}

/** Whether the rule itself makes a date on `day` (YYYY-MM-DD, in the series' zone) or later. */
export function ruleMakesFrom(series: SeriesStart, rule: NonNullable<ParsedRecurrence['rule']>, day: string): boolean {
  return ruleOf(series, rule).after(new Date(Date.parse(`${day}T00:00:00Z`)), true) !== null;
}

/**
 * The first date the rule itself makes (whatever the horizon and the EXDATEs), placed as
 * expandSeries places it, with `ruleClock`: the rule's wall clock there, which a DST gap does not
 * move (the clock a DTSTART written at it must have for the rule to keep the series' time).
 * Undefined when the rule makes no date (an UNTIL before its first).
 */
export function firstOfRule(
  series: SeriesStart,
  rule: NonNullable<ParsedRecurrence['rule']>,
): (PlannedOccurrence & { readonly ruleClock: Date }) | undefined {
  const made = ruleOf(series, rule).after(series.startLocal, true);
  if (!made) return undefined;
  const at = made.getTime();
  const length = series.endLocal.getTime() - series.startLocal.getTime();
  return { date: dayOf(at), ruleClock: made, ...placed(at, at + length, series.zone, { endMovesWithStart: !series.allDay }) };
}

/**
 * Wall clocks placed in the zone: stored wall-clock Dates and the instants. A start clock that a
 * DST gap skips moves forward (luxon); with `endMovesWithStart` the end moves as far, keeping the
 * event's wall-clock length from where it really starts. Without it an occurrence at 02:30-03:00
 * on a spring-forward night started at 03:30 and ended at 03:00 (RFC 5545 §3.3.5 reads DTEND from
 * the duration: 03:30-04:00).
 */
export function placed(
  start: number,
  end: number,
  zone: Zone,
  options: { endMovesWithStart?: boolean } = {},
): Omit<PlannedOccurrence, 'date'> {
  const startAt = inZone(start, zone);
  const moved = options.endMovesWithStart ? floatingOf(startAt) - start : 0;
  const endAt = inZone(end + moved, zone);
  return {
    startLocal: new Date(floatingOf(startAt)),
    endLocal: new Date(floatingOf(endAt)),
    startUtc: startAt.toJSDate(),
    endUtc: endAt.toJSDate(),
  };
}

function inZone(floating: number, zone: Zone): DateTime {
  const clock = DateTime.fromMillis(floating, { zone: 'utc' });
  return atWallClock(
    { year: clock.year, month: clock.month, day: clock.day, hour: clock.hour, minute: clock.minute, second: clock.second },
    zone,
  );
}

/** A wall clock as floating milliseconds (its fields read as UTC). */
function floatingOf(value: DateTime): number {
  return Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second);
}

export function dayOf(floating: number): string {
  return new Date(floating).toISOString().slice(0, 10);
}

/** The day (`YYYY-MM-DD`, in the series' zone) of an EXDATE or RDATE value. */
export function dayOfLineDate(value: LineDate, zone: Zone): string {
  return value.kind === 'date' ? value.date : dayOf(floatingOfLine(value, zone));
}

/** An EXDATE/RDATE date-time as a wall clock in the event's zone (floating ones are read in it). */
function floatingOfLine(value: Exclude<LineDate, { kind: 'date' }>, zone: Zone): number {
  switch (value.kind) {
    case 'floating':
      return Date.parse(`${value.wall}Z`);
    case 'zoned':
      // Read as every local time is (atWallClock): the first of a repeated clock, whatever the season the server runs in.
      return floatingOf(inZone(Date.parse(`${value.wall}Z`), value.zone).setZone(zone));
    case 'utc':
      return floatingOf(DateTime.fromMillis(value.instant).setZone(zone));
  }
}

/** An EXDATE/RDATE date-time as an instant (floating ones are read in the event's zone). */
function instantOfLine(value: Exclude<LineDate, { kind: 'date' }>, zone: Zone): number {
  switch (value.kind) {
    case 'floating':
      return inZone(Date.parse(`${value.wall}Z`), zone).toMillis();
    case 'zoned':
      return inZone(Date.parse(`${value.wall}Z`), value.zone).toMillis();
    case 'utc':
      return value.instant;
  }
}

/** UNTIL as a floating bound: a day includes all of it, `Z` is an instant, otherwise a wall clock. */
export function untilFloating(text: string, zone: Zone): number {
  const [, y, mo, d, h, mi, s, z] = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(text)!;
  if (h === undefined) return Date.parse(`${y}-${mo}-${d}T23:59:59Z`);
  const wall = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  return z ? floatingOf(DateTime.fromISO(wall, { zone: 'utc' }).setZone(zone)) : Date.parse(`${wall}Z`);
}

/**
 * UNTIL written as RFC 5545 §3.3.10 requires beside the series' DTSTART: a date for all-day
 * series, else the instant in UTC (`Z`). The value read as untilFloating reads it.
 */
export function untilValue(text: string, zone: Zone, allDay: boolean): string {
  const floating = untilFloating(text.toUpperCase(), zone);
  if (allDay) return new Date(floating).toISOString().slice(0, 10).replace(/-/g, '');
  const instant = placed(floating, floating, zone).startUtc;
  return DateTime.fromJSDate(instant, { zone: 'utc' }).toFormat("yyyyMMdd'T'HHmmss'Z'");
}
