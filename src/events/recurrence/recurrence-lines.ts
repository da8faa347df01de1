import { DateTime, Zone } from 'luxon';
import { Frequency, RRule, Options } from 'rrule';
import { Message, msg } from '../../common/i18n/message';
import { ParseResult, fail, ok } from '../../common/parsing/parse-result';
import { parseTimezone } from '../../common/parsing/timezone';

/** At most this many lines in `recurrence` (one RRULE, the rest EXDATE/RDATE). */
const MAX_LINES = 100;
const MAX_LINE_LENGTH = 2000;
const ALLOWED_FREQUENCIES = new Set([Frequency.DAILY, Frequency.WEEKLY, Frequency.MONTHLY, Frequency.YEARLY]);
/** The rule parts of issue #16; others (BYHOUR, BYYEARDAY, BYWEEKNO...) are refused. */
const ALLOWED_PARTS = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST']);
const RFC_5545_PARTS = new Set([...ALLOWED_PARTS, 'BYSECOND', 'BYMINUTE', 'BYHOUR', 'BYYEARDAY', 'BYWEEKNO']);
const INTEGERS = /^[+-]?\d{1,3}(,[+-]?\d{1,3})*$/;
const PART_SYNTAX: Record<string, RegExp> = {
  FREQ: /^[A-Z]+$/i,
  INTERVAL: /^\d{1,4}$/,
  COUNT: /^\d{1,6}$/,
  UNTIL: /^\d{8}(T\d{6}Z?)?$/i,
  BYDAY: /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)(,([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU))*$/i,
  BYMONTHDAY: INTEGERS,
  BYMONTH: INTEGERS,
  BYSETPOS: INTEGERS,
  WKST: /^(MO|TU|WE|TH|FR|SA|SU)$/i,
};
const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A date of an EXDATE or RDATE: a whole day, a wall clock in a zone, a UTC instant, or a floating wall clock. */
export type LineDate =
  | { readonly kind: 'date'; readonly date: string }
  | { readonly kind: 'zoned'; readonly wall: string; readonly zone: Zone }
  | { readonly kind: 'utc'; readonly instant: number }
  | { readonly kind: 'floating'; readonly wall: string };

/** The lines of a series, parsed: the rule's options (without DTSTART), and the extra and excluded dates. */
export interface ParsedRecurrence {
  /** Exactly as sent, for the JSON and the feeds. */
  readonly lines: readonly string[];
  readonly rule: { readonly options: Partial<Options>; readonly untilText?: string } | null;
  readonly exdates: readonly LineDate[];
  readonly rdates: readonly LineDate[];
}

/**
 * `recurrence`: a list of RFC 5545 lines as Google Calendar's API takes them (issue #16): at most
 * one `RRULE:` (FREQ DAILY to YEARLY), any `EXDATE` and `RDATE` (`;TZID=`, `;VALUE=DATE`, UTC with
 * `Z` or floating). `[]`, `null` and `""` (updates) end the series' rule.
 */
export function parseRecurrence(raw: unknown, options: { stored?: boolean } = {}): ParseResult<ParsedRecurrence> {
  const items = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(items)) return fail(msg('Must be a list of RRULE, EXDATE or RDATE lines.'));
  if (items.length > MAX_LINES) return fail(msg('Must not have more than %s lines.', MAX_LINES));
  const lines: string[] = [];
  let rule: ParsedRecurrence['rule'] = null;
  const exdates: LineDate[] = [];
  const rdates: LineDate[] = [];
  for (const item of items) {
    if (typeof item !== 'string' || item.length > MAX_LINE_LENGTH) return fail(msg('Each item must be an RRULE, EXDATE or RDATE line.'));
    const line = item.trim();
    if (!line) continue;
    // One content line each: a CR or LF inside would start another line in every .ics written from
    // it. (Checked on input only: series stored before these checks are read as they were.)
    if (!options.stored && /\p{Cc}/u.test(line)) return fail(msg('Each line must be one line of text, without control characters.'));
    lines.push(line);
    const colon = line.indexOf(':');
    const head = (colon < 0 ? line : line.slice(0, colon)).split(';');
    const name = head[0].toUpperCase();
    const value = colon < 0 ? '' : line.slice(colon + 1);
    if (name === 'RRULE') {
      if (rule) return fail(msg('Only one RRULE line is allowed.'));
      // RRULE has no parameters (RFC 5545 §3.8.5.3); `RRULE;X=1:...` was read as its value alone.
      if (head.length > 1 && !options.stored) return fail(msg('"%s" is not a valid RFC 5545 rule: RRULE takes no parameters.', line));
      const parsed = parseRule(value);
      if (!parsed.ok) return parsed;
      rule = parsed.value;
    } else if (name === 'EXDATE' || name === 'RDATE') {
      const dates = parseDateLine(head.slice(1), value);
      if (!dates.ok) return fail(msg('"%s" is not a valid %s line: %s', line, name, dates.reason));
      (name === 'EXDATE' ? exdates : rdates).push(...dates.value);
    } else {
      return fail(msg('"%s" is not an RRULE, EXDATE or RDATE line.', line));
    }
  }
  return ok({ lines, rule, exdates, rdates });
}

function parseRule(value: string): ParseResult<NonNullable<ParsedRecurrence['rule']>> {
  const invalid = fail<never>(msg('"RRULE:%s" is not a valid RFC 5545 rule.', value));
  if (!/^[A-Z0-9=;,+-]+$/i.test(value)) return invalid;
  const parts = value.split(';').map((part) => part.split('='));
  if (parts.some((part) => part.length !== 2 || !part[1])) return invalid;
  const names = parts.map(([key]) => key.toUpperCase());
  if (new Set(names).size !== names.length || names.includes('DTSTART')) return invalid;
  // Parts of RFC 5545 that events do not take (an event has one time of day; BYWEEKNO and
  // BYYEARDAY are left out): said by name, not as an invalid rule.
  const unsupported = names.find((name) => RFC_5545_PARTS.has(name) && !ALLOWED_PARTS.has(name));
  if (unsupported) return fail(msg('%s is not supported here; an RRULE may use %s.', unsupported, [...ALLOWED_PARTS].join(', ')));
  if (names.includes('COUNT') && names.includes('UNTIL')) return fail(msg('An RRULE may have COUNT or UNTIL, not both.'));
  const until = parts.find(([key]) => key.toUpperCase() === 'UNTIL')?.[1];
  if (until !== undefined && !/^\d{8}(T\d{6}Z?)?$/i.test(until)) return invalid;
  let options: Partial<Options>;
  try {
    options = RRule.parseString(value);
  } catch {
    return invalid;
  }
  if (options.freq === undefined) return invalid;
  if (!ALLOWED_FREQUENCIES.has(options.freq)) return fail(msg('FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY.'));
  if (options.count !== undefined && options.count !== null && !(options.count >= 1)) return invalid;
  if (options.interval !== undefined && !(options.interval >= 1 && options.interval <= 1000)) return invalid;
  if (names.some((name) => !ALLOWED_PARTS.has(name))) return invalid;
  if (parts.some(([key, given]) => !PART_SYNTAX[key.toUpperCase()]?.test(given))) return invalid;
  try {
    new RRule({ ...options, dtstart: new Date(Date.UTC(2000, 0, 1)) });
  } catch {
    return invalid;
  }
  const never = neverOccurs(options);
  if (never) return fail(never);
  delete options.until;
  return ok({ options, ...(until !== undefined ? { untilText: until.toUpperCase() } : {}) });
}

const list = <T>(value: T | T[] | null | undefined): T[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Why a rule can never make a date, for the combinations that would: rrule looks for a first date
 * day by day up to the year 9999 (over a minute for FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31), so such a
 * rule must not reach it. Checked: month days that no chosen month has, positions in BYDAY beyond
 * the period, BYDAY with a position together with BYMONTHDAY, BYSETPOS beyond the dates a period
 * can hold.
 */
function neverOccurs(options: Partial<Options>): Message | undefined {
  const months = list(options.bymonth).length ? list(options.bymonth) : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  if (months.some((month) => !(month >= 1 && month <= 12))) return msg('BYMONTH must name months 1 to 12.');
  const monthDays = list(options.bymonthday);
  // Every 7th day from a Monday is never a Tuesday: a DAILY step over 1 filters nothing reliably.
  if (options.freq === Frequency.DAILY && (options.interval ?? 1) > 1 && (options.byweekday || monthDays.length || options.bysetpos))
    return msg('FREQ=DAILY with INTERVAL over 1 cannot have BYDAY, BYMONTHDAY or BYSETPOS; use WEEKLY or MONTHLY.');
  if (monthDays.some((day) => !(day !== 0 && Math.abs(day) <= 31))) return msg('BYMONTHDAY must be from 1 to 31 or -31 to -1.');
  if (monthDays.length && !months.some((month) => monthDays.some((day) => Math.abs(day) <= MONTH_LENGTHS[month - 1])))
    return msg('No chosen month has the days in BYMONTHDAY.');
  const weekdays = list(options.byweekday as { n?: number }[] | { n?: number } | null | undefined);
  const positions = weekdays.map((day) => (typeof day === 'object' && day.n ? day.n : 0)).filter((n) => n !== 0);
  if (positions.length) {
    if (options.freq === Frequency.DAILY || options.freq === Frequency.WEEKLY)
      return msg('Positions in BYDAY (2TU, -1FR) need FREQ=MONTHLY or YEARLY.');
    const most = options.freq === Frequency.MONTHLY || list(options.bymonth).length ? 5 : 53;
    if (positions.some((n) => Math.abs(n) > most)) return msg('A position in BYDAY is beyond %s.', most);
    if (monthDays.length) return msg('BYDAY with positions cannot be combined with BYMONTHDAY.');
  }
  const setPositions = list(options.bysetpos);
  if (setPositions.length) {
    const perWeek = weekdays.length || 1;
    const perMonth = monthDays.length || (weekdays.length ? (positions.length ? positions.length : 5 * weekdays.length) : 1);
    const most = {
      [Frequency.DAILY]: 1,
      [Frequency.WEEKLY]: perWeek,
      [Frequency.MONTHLY]: perMonth,
      // Without BYDAY or BYMONTHDAY a year has the first event's day in each month of BYMONTH.
      [Frequency.YEARLY]: monthDays.length || weekdays.length ? perMonth * months.length : list(options.bymonth).length || 1,
    }[options.freq as Frequency.DAILY | Frequency.WEEKLY | Frequency.MONTHLY | Frequency.YEARLY];
    if (setPositions.every((n) => n === 0 || Math.abs(n) > most)) return msg('BYSETPOS is beyond the %s dates a period can hold.', most);
  }
  return undefined;
}

/** The dates of an EXDATE or RDATE line: `;TZID=`, `;VALUE=DATE` or `DATE-TIME`, comma-separated values. */
function parseDateLine(params: string[], value: string): ParseResult<LineDate[]> {
  let zone: Zone | undefined;
  let dateOnly = false;
  for (const param of params) {
    const [key, given] = param.split('=');
    const name = key.toUpperCase();
    if (name === 'TZID' && given) {
      const parsed = parseTimezone(given.replace(/^"|"$/g, ''));
      if (!parsed.ok) return fail(msg('unknown TZID.'));
      zone = parsed.value.zone;
    } else if (name === 'VALUE' && given && ['DATE', 'DATE-TIME'].includes(given.toUpperCase())) {
      dateOnly = given.toUpperCase() === 'DATE';
    } else {
      return fail(msg('unknown parameter.'));
    }
  }
  const values = value.split(',');
  const dates: LineDate[] = [];
  for (const text of values) {
    const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/i.exec(text.trim());
    if (!match) return fail(msg('not a date or date-time.'));
    const [, year, month, day, hour, minute, second, z] = match;
    const date = `${year}-${month}-${day}`;
    if (!DateTime.fromISO(date, { zone: 'utc' }).isValid) return fail(msg('not a date or date-time.'));
    if (dateOnly !== (hour === undefined)) return fail(msg('not a %s value.', dateOnly ? 'DATE' : 'DATE-TIME'));
    if (hour === undefined) {
      dates.push({ kind: 'date', date });
      continue;
    }
    const wall = `${date}T${hour}:${minute}:${second}`;
    if (!DateTime.fromISO(wall, { zone: 'utc' }).isValid) return fail(msg('not a date or date-time.'));
    if (z) {
      if (zone) return fail(msg('a UTC time cannot have a TZID.'));
      dates.push({ kind: 'utc', instant: DateTime.fromISO(wall, { zone: 'utc' }).toMillis() });
    } else dates.push(zone ? { kind: 'zoned', wall, zone } : { kind: 'floating', wall });
  }
  return ok(dates);
}
