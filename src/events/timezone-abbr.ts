import { DateTime } from 'luxon';
import { parseTimezone } from '../common/parsing/timezone';

// ICU knows a zone's common abbreviation only in the locales where it is in use ("CET" in en-GB,
// "EST" in en-US, "AEDT" in en-AU, "IST" in en-IN): ask them in turn.
const LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'en-NZ', 'en-CA', 'en-ZA', 'en-SG', 'en-HK', 'en-IE', 'en-PH', 'en-JP'];
const ABBREVIATION = /^[A-Z]{2,5}$/;
// Building an Intl.DateTimeFormat costs far more than using one (every event write asks): keep
// them per locale and zone (zone names in any case: clients choose the spelling), a bounded number.
const MAX_FORMATTERS = 1_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, zone: string): Intl.DateTimeFormat {
  const key = `${locale}\0${zone.toLowerCase()}`;
  let found = formatters.get(key);
  if (!found) {
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    found = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    formatters.set(key, found);
  }
  return found;
}

/**
 * The zone's abbreviation at `instant`, as the reference's `timezone_abbr`: "CET", "CEST", "EST";
 * the name itself for "UTC" and manual offsets ("UTC+2"); else the tz database's numeric form
 * ("+09", "-0330").
 */
export function timezoneAbbreviation(name: string, instant: Date): string {
  const parsed = parseTimezone(name);
  if (!parsed.ok) return '';
  if (parsed.value.zone.type !== 'iana') return parsed.value.name;
  for (const locale of LOCALES) {
    const part = formatter(locale, parsed.value.zone.name)
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (part && ABBREVIATION.test(part) && !(part === 'GMT' && offsetMinutes(parsed.value.zone.name, instant) !== 0)) return part;
  }
  const minutes = offsetMinutes(parsed.value.zone.name, instant);
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const rest = Math.abs(minutes) % 60;
  return `${sign}${hours}${rest ? String(rest).padStart(2, '0') : ''}`;
}

function offsetMinutes(zone: string, instant: Date): number {
  return DateTime.fromJSDate(instant, { zone }).offset;
}
