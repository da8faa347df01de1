import { DateTime, DateObjectUnits, Zone } from 'luxon';

const DAY_MS = 86_400_000;

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
  const floating = DateTime.fromObject(fields, { zone: 'utc' }).toMillis();
  const at = guess.toMillis();
  let first = at;
  for (const offset of [zone.offset(at - DAY_MS), zone.offset(at + DAY_MS)]) {
    const other = floating - offset * 60_000;
    if (other < first && zone.offset(other) === offset) first = other;
  }
  return first === at ? guess : DateTime.fromMillis(first, { zone });
}
