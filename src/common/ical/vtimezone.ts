import { DateTime, IANAZone } from 'luxon';
import { IcalWriter } from './ical';

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
 * change of offset up to `to`. Changes are found day by day from the zone rules Node's ICU has,
 * then to the second; two changes within one day (none in the tz database since 1900) would be missed.
 */
export function observances(zone: IANAZone, from: number, to: number): Observance[] {
  const offset = (instant: number) => zone.offset(instant);
  const daylight = (instant: number) => DateTime.fromMillis(instant, { zone }).isInDST;
  const first = offset(from);
  const found: Observance[] = [{ start: from, offsetFrom: first, offsetTo: first, daylight: daylight(from) }];
  for (let day = from; day < to; day += DAY_MS) {
    const before = offset(day);
    if (offset(day + DAY_MS) === before) continue;
    // The first second of the new offset, by bisection.
    let low = Math.floor(day / 1000);
    let high = Math.floor((day + DAY_MS) / 1000);
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offset(middle * 1000) === before) low = middle;
      else high = middle;
    }
    const start = high * 1000;
    found.push({ start, offsetFrom: before, offsetTo: offset(start), daylight: daylight(start) });
  }
  return found;
}

/**
 * A VTIMEZONE (RFC 5545 §3.6.5) for an IANA zone, valid from `from` to `to`: one STANDARD or
 * DAYLIGHT sub-component per observance, each with its onset as a local time in the offset
 * before it (§3.8.2.4), so it describes exactly the zone rules the server converted with.
 */
export function vtimezone(tzid: string, zone: IANAZone, from: number, to: number, abbreviation?: (instant: Date) => string): IcalWriter {
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
 * when clocks go back it names two, and a DTSTART with TZID means the first (§3.3.5), so such a
 * time must be written in UTC instead.
 */
export function isUnambiguousWallClock(zone: IANAZone, instant: number): boolean {
  const own = zone.offset(instant);
  const wallClock = instant + own * 60_000;
  for (const other of [zone.offset(instant - DAY_MS), zone.offset(instant + DAY_MS)]) {
    if (other !== own && zone.offset(wallClock - other * 60_000) === other) return false;
  }
  return true;
}
