import moment from 'moment-timezone';
import { DateTime } from 'luxon';
import { parseTimezone } from '../common/parsing/timezone';

/**
 * The zone's abbreviation at `instant`, as the reference's `timezone_abbr` (PHP's `T` format):
 * the tz database's own letters ("CET", "CEST", "JST", "IST", "AEDT", "BST"), and its numeric
 * form where the database has no letters ("+04" for Asia/Dubai, "+0545"); the name itself for
 * "UTC" and manual offsets ("UTC+2"). The abbreviations come from moment-timezone's copy of the
 * tz database (issue #11): ICU's short names are per locale and differ from PHP's.
 */
export function timezoneAbbreviation(name: string, instant: Date): string {
  const parsed = parseTimezone(name);
  if (!parsed.ok) return '';
  if (parsed.value.zone.type !== 'iana') return parsed.value.name;
  // moment-timezone looks names up case-insensitively and knows the database's links (Asia/Calcutta).
  const abbreviation = moment.tz.zone(parsed.value.zone.name)?.abbr(instant.getTime());
  return abbreviation || numericOffset(parsed.value.zone.name, instant);
}

/** The tz database's form for zones without letters: "+04", "-0330". */
function numericOffset(zone: string, instant: Date): string {
  const minutes = DateTime.fromJSDate(instant, { zone }).offset;
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const rest = Math.abs(minutes) % 60;
  return `${sign}${hours}${rest ? String(rest).padStart(2, '0') : ''}`;
}
