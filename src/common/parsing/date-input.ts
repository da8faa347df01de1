import { DateTime, DurationLikeObject, FixedOffsetZone, Zone } from 'luxon';
import { msg } from '../i18n/message';
import { ParseResult, fail, ok } from './parse-result';
import { zoneNamed } from './timezone';
import { atWallClock } from './wall-clock';

export interface DateInputContext {
  zone: string | Zone;
  now: DateTime;
}

export interface ParsedDate {
  /** The instant, expressed in ctx.zone (so .toFormat gives the wall clock in that zone). */
  dateTime: DateTime;
  /** True when the input fixed the instant itself (a timestamp or an explicit Z/±HH:MM offset), false when it was a wall clock or relative expression read in ctx.zone. */
  absolute: boolean;
  /**
   * The zone whose calendar the raw value is written in: its own `±HH:MM` or `Z` offset, UTC for
   * a Unix timestamp, else ctx.zone. A list's widened bound takes its day from it (reference §2.3:
   * "a date string's own date; a Unix timestamp's UTC date").
   */
  ownZone: Zone;
}

const INVALID_DATE = msg(
  'Invalid date: use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS, ISO 8601, a Unix timestamp or a relative expression such as "tomorrow 9am".',
);
// MySQL DATETIME's range; dates are stored both as the wall clock and in UTC.
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;
/** Why a date cannot be stored (isStorable). */
export const DATE_OUT_OF_RANGE = msg('Date out of range: the year must be between %s and %s.', MIN_YEAR, MAX_YEAR);
/** Why a change that is not a date (a zone, all_day) cannot be stored: it moves the stored dates out of range. */
export const STORED_DATES_OUT_OF_RANGE = msg('This moves the stored dates out of the years %s to %s.', MIN_YEAR, MAX_YEAR);
/** Why a series cannot be stored: an occurrence (its first event's length after a later start) ends beyond the years. */
export const OCCURRENCE_OUT_OF_RANGE = msg('An event of this series would end outside the years %s to %s.', MIN_YEAR, MAX_YEAR);

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const UNIT_WORDS = 'second|sec|minute|min|hour|day|week|fortnight|month|year';

// Every token may be preceded by the single space left after collapsing whitespace.
const BASE_WORD = / ?(now|today|midnight|noon|tomorrow|yesterday)\b/y;
const WEEKDAY = / ?(?:(next|last) )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun)\b/y;
const DATE = / ?(\d{4})-(\d{2})-(\d{2})(?:t(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(?![\d:])/y;
const TIME_12H = / ?(\d{1,2})(?::(\d{2}))?(?::(\d{2}))? ?([ap])m\b/y;
const TIME_24H = / ?(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?![\d:])/y;
const TIME_WORD = / ?(noon|midnight)\b/y;
// A signed four-digit number followed by a unit is a relative offset ("+0100 days"), not a zone.
const UTC_OFFSET = new RegExp(` ?(z\\b|[+-]\\d{2}:?\\d{2})(?![\\d:])(?! ?(?:${UNIT_WORDS}))`, 'y');
const RELATIVE_OFFSET = new RegExp(` ?(?:([+-]) ?)?(\\d+) ?(${UNIT_WORDS})s?\\b(?: (ago)\\b)?`, 'y');

interface Clock {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

interface Parsed {
  dateTime: DateTime;
  absolute: boolean;
  /** See ParsedDate.ownZone; undefined: ctx.zone. */
  ownZone?: Zone;
}

/**
 * Parses a date parameter (CONTRACT §2.2). Naive values and relative expressions are read in
 * ctx.zone; values that fix the instant are converted into it.
 * Throws a RangeError when ctx.zone is not a valid zone: that is a bug, not bad input.
 */
export function parseDateInput(raw: unknown, ctx: DateInputContext): ParseResult<ParsedDate> {
  const zone = resolveZone(ctx.zone);
  let parsed: Parsed | undefined;
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw)) return fail(INVALID_DATE);
    parsed = fromTimestamp(raw, zone);
  } else if (typeof raw === 'string') {
    const text = raw.trim().replace(/\s+/g, ' ').toLowerCase();
    parsed = /^-?\d+$/.test(text) ? fromTimestamp(Number(text), zone) : parseExpression(text, zone, ctx.now);
    if (!parsed) return fail(INVALID_DATE);
  } else {
    return fail(INVALID_DATE);
  }

  const { dateTime } = parsed;
  if (!isStorable(dateTime)) return fail(DATE_OUT_OF_RANGE);
  return ok({ dateTime, absolute: parsed.absolute, ownZone: parsed.ownZone ?? zone });
}

/**
 * Whether a date can be stored: its wall clock and its UTC instant both within MySQL DATETIME's
 * years. Checked again on what a write derives from the input (the whole days of an all-day
 * event, a wall clock read in a new zone), which can cross a year the input did not.
 */
export function isStorable(dateTime: DateTime): boolean {
  return dateTime.isValid && inYearRange(dateTime.year) && inYearRange(new Date(dateTime.toMillis()).getUTCFullYear());
}

function resolveZone(zone: string | Zone): Zone {
  if (typeof zone !== 'string') {
    if (!zone.isValid) throw new RangeError(`Invalid time zone "${zone.name}"`);
    return zone;
  }
  return zoneNamed(zone);
}

/** isStorable for a stored Date of either kind: a wall clock held as UTC fields, or an instant. */
export function isStorableDate(date: Date): boolean {
  return !Number.isNaN(date.getTime()) && inYearRange(date.getUTCFullYear());
}

function inYearRange(year: number): boolean {
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

function fromTimestamp(seconds: number, zone: Zone): Parsed {
  return { dateTime: DateTime.fromSeconds(seconds, { zone }), absolute: true, ownZone: FixedOffsetZone.utcInstance };
}

class Scanner {
  private position = 0;

  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.position === this.text.length;
  }

  take(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.position;
    const match = pattern.exec(this.text);
    if (match) this.position = pattern.lastIndex;
    return match;
  }
}

/** `[base] [time of day] [offset...]`, the subset of PHP strtotime that clients send. */
function parseExpression(text: string, zone: Zone, now: DateTime): Parsed | undefined {
  if (text === '') return undefined;
  const scanner = new Scanner(text);
  // The clock in the zone, worked out only for what is relative to it: most values are dates,
  // and moving `now` into the zone and to the start of its day was a third of their parse.
  let clock: { current: DateTime; today: DateTime } | undefined;
  const at = () => (clock ??= clockOf(now.setZone(zone)));

  let base: DateTime | undefined;
  let absolute = false;
  let ownZone: Zone | undefined;
  let match: RegExpExecArray | null;
  if ((match = scanner.take(DATE))) {
    const date = parseDateBase(scanner, match, zone);
    if (!date) return undefined;
    ({ dateTime: base, absolute, ownZone } = date);
  } else {
    if ((match = scanner.take(BASE_WORD))) base = namedDay(match[1], at().current, at().today);
    else if ((match = scanner.take(WEEKDAY))) base = weekday(at().today, match[1], match[2]);
    const time = takeTimeOfDay(scanner, base !== undefined);
    if (time === null) return undefined;
    if (time) base = (base ?? at().current).set(time);
  }

  const offset: Required<Pick<DurationLikeObject, OffsetUnit>> = {
    years: 0,
    months: 0,
    weeks: 0,
    days: 0,
    hours: 0,
    minutes: 0,
    seconds: 0,
  };
  while (!scanner.done) {
    const step = scanner.take(RELATIVE_OFFSET);
    if (!step) return undefined;
    const amount = Number(step[2]);
    if (!Number.isSafeInteger(amount)) return undefined;
    const sign = (step[1] === '-' ? -1 : 1) * (step[4] ? -1 : 1);
    const [unit, factor] = OFFSET_UNITS[step[3]];
    offset[unit] += sign * amount * factor;
  }
  // The whole offset in one plus(): calendar units first, then clock units, whatever the order
  // they were written in; days keep the wall clock across DST changes. None: nothing to add.
  const start = base ?? at().current;
  const moved = Object.values(offset).some((amount) => amount !== 0);
  return { dateTime: moved ? start.plus(offset) : start, absolute, ownZone };
}

/** The clock in a zone, and the start of its day. */
function clockOf(current: DateTime): { current: DateTime; today: DateTime } {
  return { current, today: current.startOf('day') };
}

type OffsetUnit = 'years' | 'months' | 'weeks' | 'days' | 'hours' | 'minutes' | 'seconds';

const OFFSET_UNITS: Record<string, [OffsetUnit, number]> = {
  second: ['seconds', 1],
  sec: ['seconds', 1],
  minute: ['minutes', 1],
  min: ['minutes', 1],
  hour: ['hours', 1],
  day: ['days', 1],
  week: ['weeks', 1],
  fortnight: ['weeks', 2],
  month: ['months', 1],
  year: ['years', 1],
};

function namedDay(word: string, current: DateTime, today: DateTime): DateTime {
  switch (word) {
    case 'now':
      return current;
    case 'noon':
      return today.set({ hour: 12 });
    case 'tomorrow':
      return today.plus({ days: 1 });
    case 'yesterday':
      return today.minus({ days: 1 });
    default: // today, midnight
      return today;
  }
}

/** `monday` is on or after today; `next monday` strictly after; `last monday` strictly before. */
function weekday(today: DateTime, modifier: string | undefined, name: string): DateTime {
  const target = WEEKDAYS.indexOf(name.slice(0, 3)) + 1;
  const ahead = (target - today.weekday + 7) % 7;
  const behind = (today.weekday - target + 7) % 7;
  if (modifier === 'next') return today.plus({ days: ahead || 7 });
  if (modifier === 'last') return today.minus({ days: behind || 7 });
  return today.plus({ days: ahead });
}

/**
 * The rest of an absolute date: its time (after `T`, or a time of day after a space) and an
 * optional UTC offset, which makes the value an instant converted into the zone.
 */
function parseDateBase(scanner: Scanner, date: RegExpExecArray, zone: Zone): Parsed | undefined {
  const [, year, month, day, hour, minute, second, fraction] = date;
  let time: Clock | null | undefined;
  if (hour !== undefined) time = clock(hour, minute, second, fraction);
  else time = takeTimeOfDay(scanner, true);
  if (time === null) return undefined;

  let offsetMinutes: number | undefined;
  if (time) {
    const offset = scanner.take(UTC_OFFSET);
    if (offset) {
      offsetMinutes = parseUtcOffset(offset[1]);
      if (offsetMinutes === undefined) return undefined;
    }
  }

  const fields = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    ...(time ?? { hour: 0, minute: 0, second: 0, millisecond: 0 }),
  };
  const readIn = offsetMinutes === undefined ? zone : FixedOffsetZone.instance(offsetMinutes);
  // Luxon rejects impossible dates (2024-02-30, month 13); clock ranges were checked above.
  const dateTime = atWallClock(fields, readIn);
  if (!dateTime.isValid) return undefined;
  return offsetMinutes === undefined
    ? { dateTime, absolute: false }
    : { dateTime: dateTime.setZone(zone), absolute: true, ownZone: readIn };
}

/** undefined: no time of day here; null: something time-like but impossible (13pm, 24:00). */
function takeTimeOfDay(scanner: Scanner, afterBase: boolean): Clock | null | undefined {
  let match: RegExpExecArray | null;
  if ((match = scanner.take(TIME_12H))) {
    const [, hour, minute, second, meridiem] = match;
    const hour12 = Number(hour);
    if (hour12 < 1 || hour12 > 12) return null;
    return clock(String((hour12 % 12) + (meridiem === 'p' ? 12 : 0)), minute, second);
  }
  if ((match = scanner.take(TIME_24H))) return clock(match[1], match[2], match[3], match[4]);
  // "tomorrow noon"; alone, noon and midnight are bases.
  if (afterBase && (match = scanner.take(TIME_WORD))) {
    return { hour: match[1] === 'noon' ? 12 : 0, minute: 0, second: 0, millisecond: 0 };
  }
  return undefined;
}

function clock(hour: string, minute = '0', second = '0', fraction?: string): Clock | null {
  const value: Clock = {
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    // Millisecond precision; further digits are dropped, not rounded.
    millisecond: fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0')),
  };
  if (value.hour > 23 || value.minute > 59 || value.second > 59) return null;
  return value;
}

function parseUtcOffset(text: string): number | undefined {
  if (text === 'z') return 0;
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 23 || minutes > 59) return undefined;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}
