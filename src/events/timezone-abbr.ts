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
  const zone = moment.tz.zone(parsed.value.zone.name);
  const offset = DateTime.fromJSDate(instant, { zone: parsed.value.zone.name }).offset;
  return (zone && lettersFor(zone, instant.getTime(), offset)) || numericOffset(offset);
}

/**
 * The letters of the zone at `instant` for the offset the server converts with (ICU's). The two
 * copies of the tz database can differ (moment-timezone's was newer: Africa/Casablanca +01 after
 * 2026 was "+00", America/Vancouver's -08 "MST"): then the letters the zone last used with that
 * offset, or none, so an abbreviation never names another offset than the times beside it.
 */
function lettersFor(zone: moment.MomentZone, instant: number, offset: number): string | undefined {
  const same = (momentOffset: number) => Math.round(-momentOffset) === Math.round(offset);
  if (same(zone.utcOffset(instant))) return zone.abbr(instant);
  for (let index = zone.offsets.length - 1; index >= 0; index--) if (same(zone.offsets[index])) return zone.abbrs[index];
  return undefined;
}

/** The tz database's form for zones without letters: "+04", "-0330". */
function numericOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const rest = Math.abs(minutes) % 60;
  return `${sign}${hours}${rest ? String(rest).padStart(2, '0') : ''}`;
}
