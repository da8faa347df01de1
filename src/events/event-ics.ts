import { DateTime, IANAZone, Zone } from 'luxon';
import { stripTags } from '../common/html/sanitize';
import { IcalWriter, dateValue, escapeText, localDateTime, utcDateTime } from '../common/ical/ical';
import { isUnambiguousWallClock, tzidReadsAs, vtimezone } from '../common/ical/vtimezone';
import { parseTimezone } from '../common/parsing/timezone';
import { TzdbZone } from '../common/parsing/tzdb-zone';
import { EventView } from './event.presenter';
import { VenueView } from '../venues/venue.presenter';
import { timezoneAbbreviation } from './timezone-abbr';

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
export const ICS_PRODID = '-//Events Calendar Service//calendar/events/v1//EN';

export interface IcsOptions {
  /** The host of SITE_URL: UIDs are `<id>@<host>`, stable across requests and servers. */
  readonly host: string;
  /** Events of recurring series (issue #16), by event id: how each is written; `null` leaves it out (its series' RRULE makes it). */
  readonly recurrence?: ReadonlyMap<number, VeventRecurrence | null>;
}

/** A moment of a series (RECURRENCE-ID, EXDATE, RDATE): the wall clock in the event's zone and the instant, `YYYY-MM-DD HH:MM:SS`. */
export interface SeriesMoment {
  readonly wall: string;
  readonly utc: string;
}

/** What a VEVENT of a series carries besides the event: the series' UID, and its rule or the date it replaces. */
export interface VeventRecurrence {
  readonly seriesId: number;
  readonly rrule?: string;
  readonly exdates?: readonly SeriesMoment[];
  readonly rdates?: readonly SeriesMoment[];
  readonly recurrenceId?: SeriesMoment;
  /** How the series' first event is timed: a RECURRENCE-ID takes its DTSTART's value type (RFC 5545 §3.8.4.4), whatever the occurrence became. */
  readonly seriesTiming?: { readonly allDay: boolean; readonly timezone: string };
  /**
   * The last date the rule makes (up to the series' horizon): the VTIMEZONE must cover every
   * instance of a recurring component (RFC 5545 §3.6.5), also those only the RRULE writes.
   */
  readonly last?: SeriesMoment;
  /**
   * DTSTART and DTEND of a series' VEVENT when they are not its first event's: the rule's first
   * date, for a first event the rule does not make (then an RDATE). The start's wall clock is the
   * rule's, also where a DST gap skips it (RFC 5545 reads it with the offset before the gap).
   */
  readonly start?: { readonly start: SeriesMoment; readonly end: SeriesMoment };
  /** The event is also an instance of its own at this moment (RECURRENCE-ID): a first event written as an RDATE that lasts longer or shorter than the rule's instances, or a DTSTART with a DST change inside. */
  readonly ownInstance?: SeriesMoment;
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
  const zones: ZoneSpans = new Map();
  const bodies = events.filter((event) => options.recurrence?.get(event.id) !== null).map((event) => vevents(event, options, zones));
  return assemble(
    [...zones.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tzid, span]) => zoneText(tzid, span)),
    bodies,
  );
}

/** Events per slice in eventsCalendarInSlices. */
const SLICE = 10;

/**
 * The same bytes as eventsCalendar, built a slice of events (and a time zone) at a time with the
 * event loop free in between: a feed holds up to 500 events, and building it in one go kept every
 * other request (/health included) waiting for hundreds of milliseconds (issue #12).
 */
export async function eventsCalendarInSlices(events: readonly EventView[], options: IcsOptions): Promise<string> {
  const zones: ZoneSpans = new Map();
  const bodies: string[] = [];
  for (let start = 0; start < events.length; start += SLICE) {
    if (start > 0) await yieldToEventLoop();
    for (const event of events.slice(start, start + SLICE))
      if (options.recurrence?.get(event.id) !== null) bodies.push(vevents(event, options, zones));
  }
  const timezones: string[] = [];
  for (const [tzid, span] of [...zones.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    await yieldToEventLoop();
    timezones.push(zoneText(tzid, span));
  }
  return assemble(timezones, bodies);
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The zones the events' times were written in, with the first and last instant written in each. */
type ZoneSpans = Map<string, { zone: Zone; from: number; to: number }>;

function assemble(timezones: readonly string[], bodies: readonly string[]): string {
  const head = new IcalWriter().begin('VCALENDAR').raw('VERSION', '2.0').raw('PRODID', ICS_PRODID).raw('CALSCALE', 'GREGORIAN');
  return `${head.toString()}${timezones.join('')}${bodies.join('')}${new IcalWriter().end('VCALENDAR').toString()}`;
}

/** The VEVENT of an event, and the one of its own instance when its series' VEVENT starts elsewhere (`ownInstance`). */
function vevents(event: EventView, options: IcsOptions, zones: ZoneSpans): string {
  const series = options.recurrence?.get(event.id) ?? undefined;
  const text = vevent(event, series, options, zones);
  if (!series?.ownInstance) return text;
  const seriesTiming = { allDay: event.all_day === true, timezone: event.timezone };
  return text + vevent(event, { seriesId: series.seriesId, recurrenceId: series.ownInstance, seriesTiming }, options, zones);
}

function vevent(event: EventView, series: VeventRecurrence | undefined, options: IcsOptions, zones: ZoneSpans): string {
  const writer = new IcalWriter().begin('VEVENT');
  writer.raw('UID', `${series?.seriesId ?? event.id}@${options.host}`).raw('DTSTAMP', utcDateTime(presentedUtc(event.modified_utc)));
  const moment = (
    name: string,
    wallClock: string,
    instant: string,
    end = false,
    timing = { allDay: event.all_day, timezone: event.timezone },
  ): { readersDiffer: boolean } => {
    if (timing.allDay) {
      const day = end ? DateTime.fromSQL(wallClock, { zone: 'utc' }).plus({ days: 1 }).toISODate()! : wallClock;
      writer.raw(name, dateValue(day), { VALUE: 'DATE' });
      return { readersDiffer: false };
    }
    const zone = namedZone(timing.timezone);
    const at = presentedUtc(instant).getTime();
    // Values a rule's dates are matched with, or made from, take TZID for the first of a repeated clock.
    const ruled = name === 'DTSTART' ? series?.rrule !== undefined : name !== 'DTEND';
    if (!zone || !(ruled ? tzidReadsAs(zone, at) : isUnambiguousWallClock(zone, at))) {
      writer.raw(name, utcDateTime(presentedUtc(instant)));
      return { readersDiffer: false };
    }
    cover(zone, at);
    // A rule's clock that a DST gap skips that day stays as it is (it reads as the instant the gap
    // moves it to), in DTSTART and in the values that name one of the rule's instances: a reader
    // matches those with the instance it made from the rule's clock, and ical.js, which reads a
    // skipped clock with the offset after the gap, missed an EXDATE or RECURRENCE-ID written at
    // the clock after the gap (the instance stayed in the feed).
    const own = DateTime.fromMillis(at, { zone }).toFormat('yyyy-MM-dd HH:mm:ss');
    const skipped =
      ['DTSTART', 'EXDATE', 'RECURRENCE-ID'].includes(name) && wallClock !== own && DateTime.fromSQL(wallClock, { zone }).toMillis() === at;
    writer.raw(name, localDateTime(skipped ? wallClock : own), { TZID: zone.name });
    return { readersDiffer: skipped || !isUnambiguousWallClock(zone, at) };
  };
  const cover = (zone: Zone, at: number) => {
    const known = zones.get(zone.name) ?? { zone, from: at, to: at };
    zones.set(zone.name, { zone, from: Math.min(known.from, at), to: Math.max(known.to, at) });
  };
  const dates = series?.start ?? {
    start: { wall: event.start_date, utc: event.utc_start_date },
    end: { wall: event.end_date, utc: event.utc_end_date },
  };
  // Beside a DTSTART at a clock that a gap skips or that is repeated, which clients read otherwise
  // (ical.js: with the offset after the gap, as the second instant), DTEND would give the rule's
  // instances another length there: DURATION is exact for all. An event that ends when it starts
  // has DURATION:PT0S too: a DTEND must be later than the DTSTART (RFC 5545 §3.8.2.2).
  const length = presentedUtc(dates.end.utc).getTime() - presentedUtc(dates.start.utc).getTime();
  if (moment('DTSTART', dates.start.wall, dates.start.utc).readersDiffer || (!event.all_day && length <= 0))
    writer.raw('DURATION', icsDuration(length));
  else moment('DTEND', dates.end.wall, dates.end.utc, true);
  if (series?.recurrenceId) moment('RECURRENCE-ID', series.recurrenceId.wall, series.recurrenceId.utc, false, series.seriesTiming);
  if (series?.rrule) writer.raw('RRULE', series.rrule);
  // The rule's dates are in the DTSTART's TZID (when it has one): that VTIMEZONE must reach the last.
  const startZone = event.all_day ? undefined : namedZone(event.timezone);
  if (series?.rrule && series.last && startZone && zones.has(startZone.name)) cover(startZone, presentedUtc(series.last.utc).getTime());
  for (const date of series?.rdates ?? []) moment('RDATE', date.wall, date.utc);
  for (const date of series?.exdates ?? []) moment('EXDATE', date.wall, date.utc);
  const venue = firstVenue(event.venue);
  writer
    .text('SUMMARY', htmlToText(event.title))
    .text('DESCRIPTION', htmlToText(event.description))
    .raw('URL', event.url)
    .text('LOCATION', venue && location(venue))
    .raw('CREATED', utcDateTime(presentedUtc(event.date_utc)))
    .raw('LAST-MODIFIED', utcDateTime(presentedUtc(event.modified_utc)));
  // 0;0 is what a venue whose content is withheld (a password) shows: no place to write.
  if (venue && typeof venue.geo_lat === 'number' && typeof venue.geo_lng === 'number' && (venue.geo_lat !== 0 || venue.geo_lng !== 0))
    writer.raw('GEO', `${icsFloat(venue.geo_lat)};${icsFloat(venue.geo_lng)}`);
  writer.texts(
    'CATEGORIES',
    event.categories.map((term) => htmlToText(term.name)),
  );
  return writer.end('VEVENT').toString();
}

/**
 * Remembered VTIMEZONEs: one takes thousands of offset look-ups (a day-by-day walk over whole
 * years), and feeds ask for the same zones and years again and again. The text depends only on
 * the zone and the years, so it never goes stale; the oldest go first past the cap.
 */
const zoneTexts = new Map<string, string>();
const ZONE_TEXTS_CAP = 1000;

/** The VTIMEZONE of a zone from the first of January of the first year used to the end of the last one: every time used is covered. */
function zoneText(tzid: string, { zone, from, to }: { zone: Zone; from: number; to: number }): string {
  const start = DateTime.fromMillis(from, { zone }).startOf('year').toMillis();
  const end = DateTime.fromMillis(to, { zone }).endOf('year').toMillis();
  const key = `${tzid} ${start} ${end}`;
  let text = zoneTexts.get(key);
  if (text === undefined) {
    text = vtimezone(tzid, zone, start, end, (instant) => timezoneAbbreviation(tzid, instant)).toString();
    if (zoneTexts.size >= ZONE_TEXTS_CAP) zoneTexts.delete(zoneTexts.keys().next().value!);
    zoneTexts.set(key, text);
  }
  return text;
}

/**
 * A tz database zone under its canonical name ("Europe/Berlin" for "europe/berlin"), the TZID
 * written; undefined for UTC and offsets, which are written in UTC.
 */
function namedZone(name: string): Zone | undefined {
  if (canonicalZones.has(name)) return canonicalZones.get(name);
  const parsed = parseTimezone(name);
  let zone: Zone | undefined;
  if (parsed.ok && parsed.value.zone instanceof TzdbZone) zone = parsed.value.zone;
  else if (parsed.ok && parsed.value.zone.type === 'iana') {
    // A zone only ICU knows. ICU answers with its own canonical names, some of them old links
    // (Asia/Calcutta for Asia/Kolkata): only the case is taken from it.
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: parsed.value.zone.name }).resolvedOptions().timeZone;
    zone = IANAZone.create(resolved.toLowerCase() === parsed.value.name.toLowerCase() ? resolved : parsed.value.name);
  }
  // Building an Intl.DateTimeFormat per event was a third of a feed's time; names are few (the cap is a guard).
  if (canonicalZones.size >= ZONE_TEXTS_CAP) canonicalZones.clear();
  canonicalZones.set(name, zone);
  return zone;
}
const canonicalZones = new Map<string, Zone | undefined>();

/** `YYYY-MM-DD HH:MM:SS` in UTC (as the presenter writes it) as a Date. */
export function presentedUtc(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}Z`);
}

function firstVenue(venue: EventView['venue']): VenueView | undefined {
  const first = Array.isArray(venue) ? venue[0] : venue;
  return first && typeof first === 'object' && !Array.isArray(first) ? first : undefined;
}

/** "Peer Hall, 1 Main St, Springfield, IL, 62701, United States": the venue's name and address, empty parts left out. */
function location(venue: VenueView): string {
  const region = venue.stateprovince ?? venue.state ?? venue.province;
  return [venue.venue, venue.address, venue.city, region, venue.zip, venue.country]
    .filter((part): part is string => typeof part === 'string')
    .map(htmlToText)
    .filter((part) => escapeText(part).trim() !== '')
    .join(', ');
}

/**
 * The stored (sanitised) HTML as plain text: block ends and `<br>` become line breaks, the escapes
 * stripTags keeps are undone. Also for titles and names, which the JSON shows escaped (`&amp;`,
 * as the original does): iCalendar TEXT is plain, and calendars would show the escapes.
 */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replaceAll(BLOCK, '')
    .replace(LINK, linkWithTarget)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<hr\b[^>]*>/gi, '\n')
    .replace(BLOCK_START, `${BLOCK}$&`)
    .replace(BLOCK_END, '$&\n')
    .replace(/<\/(td|th)>/gi, '$& ');
  return (
    unescapeHtml(stripTags(withBreaks))
      // A block that starts after text starts a line (a block that starts a line adds none).
      .replace(LEADING_BLOCKS, '$1')
      .replace(BLOCKS_LEFT, '\n')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** The block elements the sanitiser keeps: their text is never glued to the text before or after them. */
const BLOCKS =
  'p|div|li|h[1-6]|tr|blockquote|figure|figcaption|pre|ul|ol|table|caption|dl|dt|dd|address|article|aside|footer|header|hgroup|main|nav|section';
const BLOCK_START = new RegExp(`<(?:${BLOCKS})\\b[^>]*>`, 'gi');
const BLOCK_END = new RegExp(`</(?:${BLOCKS})>`, 'gi');
/** Where a block starts, until it is known whether text comes before it (a control character: never left in TEXT, removed from the input first). */
const BLOCK = '\u0001';
const LEADING_BLOCKS = new RegExp(`(^|\\n)[ \\t${BLOCK}]*${BLOCK}`, 'g');
const BLOCKS_LEFT = new RegExp(`${BLOCK}+`, 'g');

/** A link as the sanitiser stores it (attribute values in double quotes, links never nested). */
const LINK = /<a\s[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi;

/**
 * A link's text followed by where it leads, "Tickets (https://example.com/t)": plain text has no
 * links, and the address was lost. Addresses only (http, https, mailto, tel; no page anchors nor
 * relative paths), left out when the text already says it.
 */
function linkWithTarget(link: string, href: string, content: string): string {
  const target = unescapeHtml(href).trim();
  if (!/^(https?:\/\/|mailto:|tel:)/i.test(target)) return content;
  const shown = /^(mailto|tel):/i.test(target) ? decodeURIComponentSafe(target.replace(/^[a-z]+:/i, '')) : target;
  const text = unescapeHtml(stripTags(content)).trim();
  if (text === shown || text === target) return content;
  const escaped = shown.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text ? `${content} (${escaped})` : escaped;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The escapes stripTags keeps, undone. */
function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** RFC 5545 §3.3.6 DURATION of exact time (hours, minutes, seconds; no nominal days): `PT1H30M`, `PT0S`. */
export function icsDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const sign = total < 0 ? '-' : '';
  const seconds = Math.abs(total);
  const parts = [
    [Math.floor(seconds / 3600), 'H'],
    [Math.floor((seconds % 3600) / 60), 'M'],
    [seconds % 60, 'S'],
  ].filter(([value]) => value !== 0);
  return `${sign}PT${parts.length ? parts.map(([value, unit]) => `${value}${unit}`).join('') : '0S'}`;
}

/** RFC 5545 §3.3.7 FLOAT: digits and a point, never JavaScript's exponent form (1e-7). */
export function icsFloat(value: number): string {
  return value.toFixed(10).replace(/\.?0+$/, '');
}
