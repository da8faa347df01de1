import { DateTime, DateObjectUnits, Zone } from 'luxon';

const DAY_MS = 86_400_000;

/** A wall clock as stored in the `*Local` columns: a Date whose UTC fields are the clock. */
export function wallClockDate(value: DateTime): Date {
  return new Date(Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second));
}

/**
 * The instant a wall clock names in a zone. In the hour repeated when clocks go back it names
 * two: this is the first, as RFC 5545 (§3.3.5) reads a DTSTART with TZID and PHP's DateTime (the
 * original's) reads a local time. Luxon alone picks whichever offset the zone has *today*, so the
 * same request stored different instants in summer and in winter. A clock that a DST gap skips
 * moves forward by the gap, as luxon (and PHP) do.
 */
export function atWallClock(fields: DateObjectUnits, zone: Zone): DateTime {
  const guess = DateTime.fromObject(fields, { zone });
  if (!guess.isValid || zone.isUniversal) return guess;
  const other = otherInstantOfClock(zone, guess.toMillis());
  return other !== undefined && other < guess.toMillis() ? DateTime.fromMillis(other, { zone }) : guess;
}

/**
 * The other instant with the same wall clock as `instant` in the zone: in the hour repeated when
 * clocks go back, the other time that clock comes round; undefined anywhere else.
 */
export function otherInstantOfClock(zone: Zone, instant: number): number | undefined {
  const own = zone.offset(instant);
  const wallClock = instant + own * 60_000;
  for (const offset of [zone.offset(instant - DAY_MS), zone.offset(instant + DAY_MS)]) {
    const other = wallClock - offset * 60_000;
    if (offset !== own && zone.offset(other) === offset) return other;
  }
  return undefined;
}
