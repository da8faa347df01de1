import { DateTime, IANAZone } from 'luxon';
import { stripTags } from '../common/html/sanitize';
import { IcalWriter, dateValue, localDateTime, utcDateTime } from '../common/ical/ical';
import { isUnambiguousWallClock, vtimezone } from '../common/ical/vtimezone';
import { parseTimezone } from '../common/parsing/timezone';
import { EventView, LinkedPostView } from './event.presenter';
import { timezoneAbbreviation } from './timezone-abbr';

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
export const ICS_PRODID = '-//Events Calendar Service//calendar/events/v1//EN';

export interface IcsOptions {
  /** The host of SITE_URL: UIDs are `<id>@<host>`, stable across requests and servers. */
  readonly host: string;
}

/**
 * Events as an iCalendar object (RFC 5545, CONTRACT §7), built from the event objects exactly as
 * the caller may see them (the list's or the single read's), so a protected event shows no more
 * here than in JSON. Times: an IANA zone is written as DTSTART;TZID with a VTIMEZONE per zone; UTC,
 * manual offsets ("UTC+2") and wall clocks repeated when clocks go back are written in UTC; all-day
 * events are DATE values with the exclusive end the day after. DTSTAMP is the last modification
 * (no METHOD, §3.8.7.2), so the same events give the same bytes.
 */
export function eventsCalendar(events: readonly EventView[], options: IcsOptions): string {
  const zones = new Map<string, { zone: IANAZone; from: number; to: number }>();
  const bodies = events.map((event) => {
    const writer = new IcalWriter().begin('VEVENT');
    writer.raw('UID', `${event.id}@${options.host}`).raw('DTSTAMP', utcDateTime(utc(event.modified_utc)));
    for (const [name, wallClock, instant] of [
      ['DTSTART', event.start_date, event.utc_start_date],
      ['DTEND', event.end_date, event.utc_end_date],
    ] as const) {
      if (event.all_day) {
        const day = name === 'DTEND' ? DateTime.fromSQL(wallClock, { zone: 'utc' }).plus({ days: 1 }).toISODate()! : wallClock;
        writer.raw(name, dateValue(day), { VALUE: 'DATE' });
        continue;
      }
      const zone = ianaZone(event.timezone);
      const moment = utc(instant).getTime();
      if (!zone || !isUnambiguousWallClock(zone, moment)) {
        writer.raw(name, utcDateTime(utc(instant)));
        continue;
      }
      const known = zones.get(zone.name) ?? { zone, from: moment, to: moment };
      zones.set(zone.name, { zone, from: Math.min(known.from, moment), to: Math.max(known.to, moment) });
      writer.raw(name, localDateTime(DateTime.fromMillis(moment, { zone }).toFormat('yyyy-MM-dd HH:mm:ss')), { TZID: zone.name });
    }
    const venue = firstVenue(event.venue);
    writer
      .text('SUMMARY', event.title)
      .text('DESCRIPTION', htmlToText(event.description))
      .raw('URL', event.url)
      .text('LOCATION', venue && location(venue))
      .raw('CREATED', utcDateTime(utc(event.date_utc)))
      .raw('LAST-MODIFIED', utcDateTime(utc(event.modified_utc)));
    if (venue && typeof venue.geo_lat === 'number' && typeof venue.geo_lng === 'number')
      writer.raw('GEO', `${venue.geo_lat};${venue.geo_lng}`);
    writer.texts(
      'CATEGORIES',
      event.categories.map((term) => term.name),
    );
    return writer.end('VEVENT');
  });

  const calendar = new IcalWriter().begin('VCALENDAR').raw('VERSION', '2.0').raw('PRODID', ICS_PRODID).raw('CALSCALE', 'GREGORIAN');
  for (const [tzid, { zone, from, to }] of [...zones.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    // From the first of January of the first year to the end of the last one: every time used is covered.
    const start = DateTime.fromMillis(from, { zone }).startOf('year').toMillis();
    const end = DateTime.fromMillis(to, { zone }).endOf('year').toMillis();
    calendar.append(vtimezone(tzid, zone, start, end, (instant) => timezoneAbbreviation(tzid, instant)));
  }
  for (const body of bodies) calendar.append(body);
  return calendar.end('VCALENDAR').toString();
}

/** An IANA zone under its canonical name ("Europe/Berlin" for "europe/berlin"); undefined for UTC and offsets. */
function ianaZone(name: string): IANAZone | undefined {
  const parsed = parseTimezone(name);
  if (!parsed.ok || parsed.value.zone.type !== 'iana') return undefined;
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone: parsed.value.zone.name }).resolvedOptions().timeZone;
  return IANAZone.create(canonical);
}

/** `YYYY-MM-DD HH:MM:SS` in UTC as a Date. */
function utc(value: string): Date {
  return DateTime.fromSQL(value, { zone: 'utc' }).toJSDate();
}

function firstVenue(venue: EventView['venue']): LinkedPostView | undefined {
  const first = Array.isArray(venue) ? venue[0] : venue;
  return first && typeof first === 'object' && !Array.isArray(first) ? first : undefined;
}

/** "Peer Hall, 1 Main St, Springfield, IL, 62701, United States": the venue's name and address, empty parts left out. */
function location(venue: LinkedPostView): string {
  const region = venue.stateprovince ?? venue.state ?? venue.province;
  return [venue.venue, venue.address, venue.city, region, venue.zip, venue.country]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(', ');
}

/** The stored (sanitised) HTML as plain text: block ends and `<br>` become line breaks, the escapes stripTags keeps are undone. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote|figure|figcaption|pre|ul|ol|table)>/gi, '$&\n');
  return stripTags(withBreaks)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
