import moment from 'moment-timezone';
import { DateTime, IANAZone } from 'luxon';
import { TzdbZone } from './tzdb-zone';

const zone = (name: string): TzdbZone => {
  const found = TzdbZone.named(name);
  if (!found) throw new Error(`no zone ${name}`);
  return found;
};

describe('TzdbZone', () => {
  it('finds names and links in any casing, one instance per zone, and nothing for an unknown name', () => {
    expect(zone('europe/berlin')).toBe(zone('Europe/Berlin'));
    expect(zone('EUROPE/BERLIN').name).toBe('Europe/Berlin');
    // A link keeps its own name (the TZID a client sent), with the database's casing.
    expect(zone('asia/calcutta').name).toBe('Asia/Calcutta');
    expect(zone('Asia/Calcutta').equals(zone('Asia/Calcutta'))).toBe(true);
    expect(zone('Asia/Calcutta').equals(zone('Asia/Kolkata'))).toBe(false);
    expect(zone('Europe/Berlin').equals(IANAZone.create('Europe/Berlin'))).toBe(false);
    expect(TzdbZone.named('Mars/Olympus')).toBeUndefined();
    expect(TzdbZone.named('Mars/Olympus')).toBeUndefined();
  });

  // Where ICU's copy of the database (2025c in Node 20.20) and moment-timezone's agree (rules
  // unchanged between the releases), the offsets must be the same, month by month and around
  // every change: the binary search, the sign (moment-timezone counts minutes west) and the
  // periods' bounds are what this checks.
  it.each([
    'Europe/Berlin',
    'America/New_York',
    'America/Sao_Paulo',
    'Australia/Sydney',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Asia/Tehran',
    'Africa/Cairo',
    'Pacific/Apia',
  ])('gives %s the offsets ICU gives it from 1990 to 2025', (name) => {
    const ours = zone(name);
    const icu = IANAZone.create(name);
    const differ: string[] = [];
    for (let month = 0; month < 36 * 12; month++) {
      for (const day of [1, 8, 15, 22]) {
        const at = Date.UTC(1990, month, day, 12);
        if (ours.offset(at) !== icu.offset(at)) differ.push(new Date(at).toISOString());
      }
    }
    const data = moment.tz.zone(name)!;
    for (const until of data.untils.filter((t) => t >= Date.UTC(1990, 0, 1) && t < Date.UTC(2026, 0, 1))) {
      for (const at of [until - 1, until, until + 1]) if (ours.offset(at) !== icu.offset(at)) differ.push(new Date(at).toISOString());
    }
    expect(differ).toEqual([]);
  });

  it.each(['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Pacific/Chatham', 'America/Santiago', 'Asia/Jerusalem'])(
    'gives %s the offsets ICU gives it after 2499, where its data stops, around every change up to the year 9999',
    (name) => {
      const ours = zone(name);
      const icu = IANAZone.create(name);
      const differ: string[] = [];
      for (let year = 2490; year <= 9999; year += year < 2600 ? 1 : 397) {
        for (let day = 0; day < 366; day += 1) {
          const at = Date.UTC(year, 0, 1 + day, 12);
          if (ours.offset(at) !== icu.offset(at)) differ.push(new Date(at).toISOString());
        }
      }
      expect(differ).toEqual([]);
    },
  );

  it('changes offset at the transition instant', () => {
    const berlin = zone('Europe/Berlin');
    // Summer time from 01:00 UTC on the last Sunday of March 2030.
    expect(berlin.offset(Date.UTC(2030, 2, 31, 0, 59, 59, 999))).toBe(60);
    expect(berlin.offset(Date.UTC(2030, 2, 31, 1))).toBe(120);
    expect(berlin.abbreviation(Date.UTC(2030, 2, 31, 0, 59))).toBe('CET');
    expect(berlin.abbreviation(Date.UTC(2030, 2, 31, 1))).toBe('CEST');
    // Before the first change and after the last one the database lists (it runs to 2499).
    expect(berlin.offset(Date.UTC(1800, 0, 1))).toBeCloseTo(53.4667, 3);
    expect(berlin.offset(Date.UTC(2450, 6, 1))).toBe(120);
    // Past 2499, where the data stops, the rules go on (400 years earlier, same weekdays).
    expect([berlin.offset(Date.UTC(2600, 6, 1)), berlin.abbreviation(Date.UTC(2600, 6, 1))]).toEqual([120, 'CEST']);
    expect([berlin.offset(Date.UTC(9999, 11, 31)), berlin.abbreviation(Date.UTC(9999, 11, 31))]).toEqual([60, 'CET']);
    // A zone without rules since keeps its last period.
    expect(zone('Asia/Tokyo').offset(Date.UTC(9000, 6, 1))).toBe(540);
    expect(zone('America/Vancouver').offset(Date.UTC(3000, 0, 1))).toBe(-420);
  });

  it("has the rules of its release, newer than ICU's: America/Vancouver at -07 (MST) from November 2026, Africa/Casablanca at +00", () => {
    const december = Date.UTC(2026, 11, 15, 12);
    expect([zone('America/Vancouver').offset(december), zone('America/Vancouver').abbreviation(december)]).toEqual([-420, 'MST']);
    expect(zone('America/Vancouver').offset(Date.UTC(2027, 6, 15))).toBe(-420);
    expect(zone('Africa/Casablanca').offset(Date.UTC(2027, 0, 15))).toBe(0);
    expect(TzdbZone.release).toBe(moment.tz.dataVersion);
  });

  it('works as a Luxon zone: wall clock to instant and back, offsets formatted, no ICU text', () => {
    const vancouver = zone('America/Vancouver');
    const local = DateTime.fromObject({ year: 2026, month: 12, day: 15, hour: 10 }, { zone: vancouver });
    expect(local.toUTC().toISO()).toBe('2026-12-15T17:00:00.000Z');
    expect(local.toFormat("yyyy-MM-dd'T'HH:mm:ssZZ")).toBe('2026-12-15T10:00:00-07:00');
    expect(local.toFormat('ZZZ Z ZZZZ')).toBe('-0700 -7 MST');
    expect(DateTime.fromMillis(Date.UTC(2026, 11, 15, 17), { zone: vancouver }).toFormat('yyyy-MM-dd HH:mm')).toBe('2026-12-15 10:00');
    // A clock that a DST gap skips moves forward (New York, 8 March 2026, 02:30).
    const gap = DateTime.fromObject({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, { zone: zone('America/New_York') });
    expect(gap.toUTC().toISO()).toBe('2026-03-08T07:30:00.000Z');
    // Localised text is written from the zone's own wall clock (Luxon shifts UTC for custom zones).
    expect(local.setLocale('en-US').toFormat('MMMM d, h a')).toBe('December 15, 10 AM');
    // Zero offsets are +00:00, never -00:00.
    expect(DateTime.fromMillis(Date.UTC(2027, 0, 15), { zone: zone('Africa/Casablanca') }).toFormat('ZZ')).toBe('+00:00');
  });
});
