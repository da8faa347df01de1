import { DateTime, Zone } from 'luxon';
import { Frequency, RRule, Options } from 'rrule';
import { Message, msg } from '../../common/i18n/message';
import { ParseResult, fail, ok } from '../../common/parsing/parse-result';
import { parseTimezone } from '../../common/parsing/timezone';

/** At most this many lines in `recurrence` (one RRULE, the rest EXDATE/RDATE). */
const MAX_LINES = 100;
const MAX_LINE_LENGTH = 2000;
const ALLOWED_FREQUENCIES = new Set([Frequency.DAILY, Frequency.WEEKLY, Frequency.MONTHLY, Frequency.YEARLY]);

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
export function parseRecurrence(raw: unknown): ParseResult<ParsedRecurrence> {
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
    lines.push(line);
    const colon = line.indexOf(':');
    const head = (colon < 0 ? line : line.slice(0, colon)).split(';');
    const name = head[0].toUpperCase();
    const value = colon < 0 ? '' : line.slice(colon + 1);
    if (name === 'RRULE') {
      if (rule) return fail(msg('Only one RRULE line is allowed.'));
      const parsed = parseRule(value);
      if (!parsed.ok) return parsed;
      rule = parsed.value;
    } else if (name === 'EXDATE' || name === 'RDATE') {
      const dates = parseDateLine(head.slice(1), value);
      if (!dates.ok) return fail(msg('"%s" is not a valid %s line: %s', line, name, reasonText(dates.reason)));
      (name === 'EXDATE' ? exdates : rdates).push(...dates.value);
    } else {
      return fail(msg('"%s" is not an RRULE, EXDATE or RDATE line.', line));
    }
  }
  return ok({ lines, rule, exdates, rdates });
}

function reasonText(reason: Message): string {
  return reason.args?.length ? reason.text.replace(/%s/g, () => String(reason.args?.[0])) : reason.text;
}

function parseRule(value: string): ParseResult<NonNullable<ParsedRecurrence['rule']>> {
  const invalid = fail<never>(msg('"RRULE:%s" is not a valid RFC 5545 rule.', value));
  if (!/^[A-Z0-9=;,+-]+$/i.test(value)) return invalid;
  const parts = value.split(';').map((part) => part.split('='));
  if (parts.some((part) => part.length !== 2 || !part[1])) return invalid;
  const names = parts.map(([key]) => key.toUpperCase());
  if (new Set(names).size !== names.length || names.includes('DTSTART')) return invalid;
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
  // A rule that makes no date at all (BYMONTHDAY=31;BYMONTH=2) is caught when expanded; here: parseable.
  try {
    new RRule({ ...options, dtstart: new Date(Date.UTC(2000, 0, 1)), count: 1 }).all();
  } catch {
    return invalid;
  }
  delete options.until;
  return ok({ options, ...(until !== undefined ? { untilText: until.toUpperCase() } : {}) });
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
