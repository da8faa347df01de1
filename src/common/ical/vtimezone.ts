import { DateTime, Zone } from 'luxon';
import { IcalWriter } from './ical';
import { otherInstantOfClock } from '../parsing/wall-clock';

const DAY_MS = 86_400_000;

export interface Observance {
  /** The first instant of the observance (ms since the epoch). */
  readonly start: number;
  /** Offsets from UTC in minutes, before and from `start`. */
  readonly offsetFrom: number;
  readonly offsetTo: number;
  readonly daylight: boolean;
}

/**
 * The observances of an IANA zone that cover [from, to]: the one in force at `from`, then one per
 * change of offset up to the end of the last day looked at. Changes are found day by day from the
 * zone's rules (see TzdbZone), then to the second; two changes within one day (none in the tz
 * database since 1900) would be missed. The changes of each calendar year (UTC) are found once per
 * process: a walk takes hundreds of offset look-ups, and feeds ask for the same years again and again.
 */
export function observances(zone: Zone, from: number, to: number): Observance[] {
  const first = zone.offset(from);
  const found: Observance[] = [{ start: from, offsetFrom: first, offsetTo: first, daylight: isDaylight(zone, from) }];
  const end = from + Math.ceil((to - from) / DAY_MS) * DAY_MS;
  if (end <= from) return found;
  for (let year = new Date(from).getUTCFullYear(); year <= new Date(end).getUTCFullYear(); year++) {
    for (const change of changesOfYear(zone, year)) if (change.start > from && change.start <= end) found.push(change);
  }
  return found;
}

const yearChanges = new Map<string, readonly Observance[]>();
/** Zones times years remembered at most (a few hundred bytes each); the oldest go first. */
const YEAR_CHANGES_CAP = 10_000;

/** The changes of offset in (1 January `year`, 1 January `year + 1`], UTC. */
function changesOfYear(zone: Zone, year: number): readonly Observance[] {
  const key = `${zone.name} ${year}`;
  const known = yearChanges.get(key);
  if (known) return known;
  const changes: Observance[] = [];
  const last = Date.UTC(year + 1, 0, 1);
  let before = zone.offset(Date.UTC(year, 0, 1));
  for (let day = Date.UTC(year, 0, 1); day < last; day += DAY_MS) {
    const after = zone.offset(day + DAY_MS);
    if (after !== before) {
      // The first second of the new offset, by bisection.
      let low = Math.floor(day / 1000);
      let high = Math.floor((day + DAY_MS) / 1000);
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (zone.offset(middle * 1000) === before) low = middle;
        else high = middle;
      }
      const start = high * 1000;
      changes.push({ start, offsetFrom: before, offsetTo: zone.offset(start), daylight: isDaylight(zone, start) });
    }
    before = after;
  }
  if (yearChanges.size >= YEAR_CHANGES_CAP) yearChanges.delete(yearChanges.keys().next().value!);
  yearChanges.set(key, changes);
  return changes;
}

function isDaylight(zone: Zone, instant: number): boolean {
  return DateTime.fromMillis(instant, { zone }).isInDST;
}

/**
 * A VTIMEZONE (RFC 5545 §3.6.5) for an IANA zone, valid from `from` to `to`: one STANDARD or
 * DAYLIGHT sub-component per observance, each with its onset as a local time in the offset
 * before it (§3.8.2.4), so it describes exactly the zone rules the server converted with.
 */
export function vtimezone(tzid: string, zone: Zone, from: number, to: number, abbreviation?: (instant: Date) => string): IcalWriter {
  const writer = new IcalWriter().begin('VTIMEZONE').raw('TZID', tzid);
  for (const observance of observances(zone, from, to)) {
    const kind = observance.daylight ? 'DAYLIGHT' : 'STANDARD';
    const onset = DateTime.fromMillis(observance.start + observance.offsetFrom * 60_000, { zone: 'utc' });
    writer
      .begin(kind)
      .raw('DTSTART', onset.toFormat("yyyyMMdd'T'HHmmss"))
      .raw('TZOFFSETFROM', utcOffset(observance.offsetFrom))
      .raw('TZOFFSETTO', utcOffset(observance.offsetTo))
      .text('TZNAME', abbreviation?.(new Date(observance.start)))
      .end(kind);
  }
  return writer.end('VTIMEZONE');
}

/** `+0100`, `-0530`, `+054500` (§3.3.14). */
export function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const total = Math.round(Math.abs(minutes) * 60);
  const hours = Math.floor(total / 3600);
  const rest = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(hours)}${pad(rest)}${seconds ? pad(seconds) : ''}`;
}

/**
 * Whether the wall clock of `instant` in the zone names one instant only. In the hour repeated
 * when clocks go back it names two: RFC 5545 (§3.3.5) reads a TZID value as the first, but
 * libical and ical.js (Evolution, Thunderbird) read it as the second, so a single event's times
 * there are written in UTC, which every client reads alike.
 */
export function isUnambiguousWallClock(zone: Zone, instant: number): boolean {
  return otherInstantOfClock(zone, instant) === undefined;
}

/**
 * Whether the wall clock of `instant`, written with TZID, reads back as `instant` by RFC 5545: it
 * is unambiguous or the first of the two (the one the service stores for a local time, see
 * `atWallClock`). A series' DTSTART, RDATE, EXDATE and RECURRENCE-ID are written so: in UTC the
 * rule would run in UTC (an hour off across every DST change), and the dates that must match the
 * rule's are read by a client as it reads the rule's own.
 */
export function tzidReadsAs(zone: Zone, instant: number): boolean {
  const other = otherInstantOfClock(zone, instant);
  return other === undefined || other > instant;
}
