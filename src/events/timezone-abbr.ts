import { parseTimezone } from '../common/parsing/timezone';
import { TzdbZone } from '../common/parsing/tzdb-zone';

/**
 * The zone's abbreviation at `instant`, as the reference's `timezone_abbr` (PHP's `T` format):
 * the tz database's own letters ("CET", "CEST", "JST", "IST", "AEDT", "BST"), and its numeric
 * form where the database has no letters ("+04" for Asia/Dubai, "+0545"); the name itself for
 * "UTC" and manual offsets ("UTC+2"). The abbreviations come from the same copy of the tz
 * database as the offsets (moment-timezone's, see TzdbZone): ICU's short names are per locale and
 * differ from PHP's.
 */
export function timezoneAbbreviation(name: string, instant: Date): string {
  const parsed = parseTimezone(name);
  if (!parsed.ok) return '';
  const zone = parsed.value.zone;
  if (zone instanceof TzdbZone) return zone.abbreviation(instant.getTime()) || numericOffset(zone.offset(instant.getTime()));
  // A zone only ICU knows: it has the offset, not the database's letters.
  if (zone.type === 'iana') return numericOffset(zone.offset(instant.getTime()));
  // PHP writes "UTC" however the name was typed; a manual offset keeps its own name ("UTC+2").
  return zone.isUniversal && parsed.value.name.toLowerCase() === 'utc' ? 'UTC' : parsed.value.name;
}

/** The tz database's form for zones without letters: "+04", "-0330". */
function numericOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const rest = Math.abs(minutes) % 60;
  return `${sign}${hours}${rest ? String(rest).padStart(2, '0') : ''}`;
}
