import { DateTime, IANAZone } from 'luxon';
import { Message, msg } from '../i18n/message';
import { DateInputContext, parseDateInput } from './date-input';

// A Saturday; 00:22 in New York, 06:22 in Berlin.
const NOW = DateTime.fromISO('2026-11-21T05:22:00', { zone: 'UTC' });
const WALL = 'yyyy-MM-dd HH:mm:ss';
const INVALID = msg(
  'Invalid date: use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS, ISO 8601, a Unix timestamp or a relative expression such as "tomorrow 9am".',
);
const OUT_OF_RANGE = msg('Date out of range: the year must be between %s and %s.', 1000, 9999);

type Outcome = { wall: string; utc: string; absolute: boolean } | { reason: Message };

function parse(raw: unknown, zone: DateInputContext['zone'] = 'UTC', now = NOW): Outcome {
  const result = parseDateInput(raw, { zone, now });
  if (!result.ok) return { reason: result.reason };
  const { dateTime, absolute } = result.value;
  return { wall: dateTime.toFormat(WALL), utc: dateTime.toUTC().toFormat(WALL), absolute };
}

const wallClock = (wall: string, utc: string): Outcome => ({ wall, utc, absolute: false });
const instant = (wall: string, utc: string): Outcome => ({ wall, utc, absolute: true });

describe('parseDateInput', () => {
  describe('absolute dates and times, read in the zone', () => {
    it.each([
      ['2024-05-10', 'UTC', wallClock('2024-05-10 00:00:00', '2024-05-10 00:00:00')],
      ['2024-05-10 14:30', 'UTC', wallClock('2024-05-10 14:30:00', '2024-05-10 14:30:00')],
      ['2024-05-10 14:30:15', 'UTC', wallClock('2024-05-10 14:30:15', '2024-05-10 14:30:15')],
      ['2024-05-10T14:30', 'UTC', wallClock('2024-05-10 14:30:00', '2024-05-10 14:30:00')],
      ['2024-05-10T14:30:15', 'UTC', wallClock('2024-05-10 14:30:15', '2024-05-10 14:30:15')],
      ['2024-05-10', 'America/New_York', wallClock('2024-05-10 00:00:00', '2024-05-10 04:00:00')],
      ['2024-05-10 14:00', 'America/New_York', wallClock('2024-05-10 14:00:00', '2024-05-10 18:00:00')],
      ['2024-01-10 14:00', 'America/New_York', wallClock('2024-01-10 14:00:00', '2024-01-10 19:00:00')],
      ['2024-05-10T14:00:00', 'Europe/Berlin', wallClock('2024-05-10 14:00:00', '2024-05-10 12:00:00')],
      ['2024-05-10 12:00', 'UTC+5:30', wallClock('2024-05-10 12:00:00', '2024-05-10 06:30:00')],
      ['2024-05-10 12:00', 'UTC+5.5', wallClock('2024-05-10 12:00:00', '2024-05-10 06:30:00')],
      ['  2024-05-10    14:30  ', 'UTC', wallClock('2024-05-10 14:30:00', '2024-05-10 14:30:00')],
      ['2024-05-10t14:30', 'UTC', wallClock('2024-05-10 14:30:00', '2024-05-10 14:30:00')],
      ['2024-02-29', 'UTC', wallClock('2024-02-29 00:00:00', '2024-02-29 00:00:00')],
      ['2024-05-10 23:59:59', 'UTC', wallClock('2024-05-10 23:59:59', '2024-05-10 23:59:59')],
      ['2024-05-10 9am', 'UTC', wallClock('2024-05-10 09:00:00', '2024-05-10 09:00:00')],
      ['2024-05-10 noon', 'UTC', wallClock('2024-05-10 12:00:00', '2024-05-10 12:00:00')],
      // 02:30 does not exist on that day in New York; like PHP, the clock moves forward.
      ['2026-03-08 02:30', 'America/New_York', wallClock('2026-03-08 03:30:00', '2026-03-08 07:30:00')],
    ])('reads %p in %s', (raw, zone, expected) => {
      expect(parse(raw, zone)).toEqual(expected);
    });

    it('keeps milliseconds of a fraction, truncated', () => {
      const result = parseDateInput('2024-05-10T14:30:15.1239Z', { zone: 'UTC', now: NOW });
      expect(result.ok && result.value.dateTime.toFormat('HH:mm:ss.SSS')).toBe('14:30:15.123');
    });

    it('returns the DateTime in the context zone', () => {
      const berlin = parseDateInput('2024-05-10T14:00:00Z', { zone: 'Europe/Berlin', now: NOW });
      expect(berlin.ok && berlin.value.dateTime.zoneName).toBe('Europe/Berlin');
      const tokyo = parseDateInput('2024-05-10', { zone: IANAZone.create('Asia/Tokyo'), now: NOW });
      expect(tokyo.ok && tokyo.value.dateTime.zoneName).toBe('Asia/Tokyo');
      expect(tokyo.ok && tokyo.value.dateTime.toUTC().toFormat(WALL)).toBe('2024-05-09 15:00:00');
    });
  });

  describe('values with an offset: the instant, converted into the zone', () => {
    it.each([
      ['2024-05-10T14:00:00Z', 'UTC', instant('2024-05-10 14:00:00', '2024-05-10 14:00:00')],
      ['2024-05-10T14:00:00Z', 'Europe/Berlin', instant('2024-05-10 16:00:00', '2024-05-10 14:00:00')],
      ['2024-05-10T14:00:00+02:00', 'America/New_York', instant('2024-05-10 08:00:00', '2024-05-10 12:00:00')],
      ['2024-05-10T14:00:00-0500', 'Europe/Berlin', instant('2024-05-10 21:00:00', '2024-05-10 19:00:00')],
      ['2024-05-10T14:00+05:30', 'UTC', instant('2024-05-10 08:30:00', '2024-05-10 08:30:00')],
      ['2024-05-10T14:00:00.500z', 'UTC', instant('2024-05-10 14:00:00', '2024-05-10 14:00:00')],
      ['2024-05-10 14:00:00+02:00', 'UTC', instant('2024-05-10 12:00:00', '2024-05-10 12:00:00')],
      ['2024-05-10 14:00:00 +02:00', 'UTC', instant('2024-05-10 12:00:00', '2024-05-10 12:00:00')],
      ['2024-05-10 14:00 Z', 'America/New_York', instant('2024-05-10 10:00:00', '2024-05-10 14:00:00')],
      ['2024-05-10 14:00 +0200 +1 day', 'UTC', instant('2024-05-11 12:00:00', '2024-05-11 12:00:00')],
    ])('reads %p in %s', (raw, zone, expected) => {
      expect(parse(raw, zone)).toEqual(expected);
    });

    it('reads a signed four-digit number followed by a unit as an offset in time, not a zone', () => {
      expect(parse('2024-05-10 14:00 +0100 days')).toEqual(wallClock('2024-08-18 14:00:00', '2024-08-18 14:00:00'));
    });
  });

  describe('Unix timestamps: the instant, converted into the zone', () => {
    it.each([
      [1715300000, 'UTC', instant('2024-05-10 00:13:20', '2024-05-10 00:13:20')],
      ['1715300000', 'UTC', instant('2024-05-10 00:13:20', '2024-05-10 00:13:20')],
      [' 1715300000 ', 'America/New_York', instant('2024-05-09 20:13:20', '2024-05-10 00:13:20')],
      [1715300000, 'Europe/Berlin', instant('2024-05-10 02:13:20', '2024-05-10 00:13:20')],
      ['0', 'UTC', instant('1970-01-01 00:00:00', '1970-01-01 00:00:00')],
      [0, 'UTC', instant('1970-01-01 00:00:00', '1970-01-01 00:00:00')],
      ['-86400', 'UTC', instant('1969-12-31 00:00:00', '1969-12-31 00:00:00')],
      ['2024', 'UTC', instant('1970-01-01 00:33:44', '1970-01-01 00:33:44')],
    ])('reads %p in %s', (raw, zone, expected) => {
      expect(parse(raw, zone)).toEqual(expected);
    });
  });

  describe('relative expressions, from a Saturday 2026-11-21 05:22 UTC', () => {
    it.each([
      ['now', '2026-11-21 05:22:00'],
      ['NOW', '2026-11-21 05:22:00'],
      ['today', '2026-11-21 00:00:00'],
      ['midnight', '2026-11-21 00:00:00'],
      ['noon', '2026-11-21 12:00:00'],
      ['tomorrow', '2026-11-22 00:00:00'],
      ['yesterday', '2026-11-20 00:00:00'],
      ['saturday', '2026-11-21 00:00:00'],
      ['sat', '2026-11-21 00:00:00'],
      ['sunday', '2026-11-22 00:00:00'],
      ['monday', '2026-11-23 00:00:00'],
      ['Mon', '2026-11-23 00:00:00'],
      ['wednesday', '2026-11-25 00:00:00'],
      ['friday', '2026-11-27 00:00:00'],
      ['next saturday', '2026-11-28 00:00:00'],
      ['next sunday', '2026-11-22 00:00:00'],
      ['next monday', '2026-11-23 00:00:00'],
      ['next fri', '2026-11-27 00:00:00'],
      ['last saturday', '2026-11-14 00:00:00'],
      ['last friday', '2026-11-20 00:00:00'],
      ['last sunday', '2026-11-15 00:00:00'],
      ['last tue', '2026-11-17 00:00:00'],
      ['9am', '2026-11-21 09:00:00'],
      ['14:00', '2026-11-21 14:00:00'],
      ['tomorrow 9am', '2026-11-22 09:00:00'],
      ['tomorrow 9 am', '2026-11-22 09:00:00'],
      ['  Tomorrow   9AM ', '2026-11-22 09:00:00'],
      ['tomorrow noon', '2026-11-22 12:00:00'],
      ['today 9:30pm', '2026-11-21 21:30:00'],
      ['today 12am', '2026-11-21 00:00:00'],
      ['today 12pm', '2026-11-21 12:00:00'],
      ['today 12:30am', '2026-11-21 00:30:00'],
      ['today 14:00', '2026-11-21 14:00:00'],
      ['today 14:00:30', '2026-11-21 14:00:30'],
      ['now 9am', '2026-11-21 09:00:00'],
      ['yesterday 23:59', '2026-11-20 23:59:00'],
      ['last friday 17:30', '2026-11-20 17:30:00'],
      ['next monday 9am', '2026-11-23 09:00:00'],
      ['next monday +1 hour', '2026-11-23 01:00:00'],
      ['noon +2 hours', '2026-11-21 14:00:00'],
      ['+1 week', '2026-11-28 05:22:00'],
      ['-2 days', '2026-11-19 05:22:00'],
      ['1 day', '2026-11-22 05:22:00'],
      ['+ 1 day', '2026-11-22 05:22:00'],
      ['+1day', '2026-11-22 05:22:00'],
      ['3 weeks ago', '2026-10-31 05:22:00'],
      ['-1 fortnight ago', '2026-12-05 05:22:00'],
      ['1 fortnight', '2026-12-05 05:22:00'],
      ['+2 fortnights', '2026-12-19 05:22:00'],
      ['+24 months', '2028-11-21 05:22:00'],
      ['+1 month', '2026-12-21 05:22:00'],
      ['+1 year', '2027-11-21 05:22:00'],
      ['-1 years', '2025-11-21 05:22:00'],
      ['+30 seconds', '2026-11-21 05:22:30'],
      ['+90 sec', '2026-11-21 05:23:30'],
      ['+5 min', '2026-11-21 05:27:00'],
      ['+2 minutes', '2026-11-21 05:24:00'],
      ['+1 hour 30 minutes', '2026-11-21 06:52:00'],
      ['2 days ago +3 hours', '2026-11-19 08:22:00'],
      ['+1 day -1 day', '2026-11-21 05:22:00'],
      ['now +1 day', '2026-11-22 05:22:00'],
      ['tomorrow 9am +30 minutes', '2026-11-22 09:30:00'],
      ['2024-05-10 +1 day', '2024-05-11 00:00:00'],
      ['2024-05-10 14:00 -30 min', '2024-05-10 13:30:00'],
      ['2024-05-10T14:00 2 hours ago', '2024-05-10 12:00:00'],
      ['2024-01-31 +1 month', '2024-02-29 00:00:00'],
    ])('reads %p as %s', (raw, wall) => {
      expect(parse(raw)).toEqual(wallClock(wall, wall));
    });
  });

  describe('relative expressions in other zones', () => {
    it.each([
      // 00:22 on Saturday in New York.
      ['now', 'America/New_York', wallClock('2026-11-21 00:22:00', '2026-11-21 05:22:00')],
      ['today', 'America/New_York', wallClock('2026-11-21 00:00:00', '2026-11-21 05:00:00')],
      ['tomorrow 9am', 'America/New_York', wallClock('2026-11-22 09:00:00', '2026-11-22 14:00:00')],
      ['+1 hour', 'America/New_York', wallClock('2026-11-21 01:22:00', '2026-11-21 06:22:00')],
      // 06:22 on Saturday in Berlin.
      ['now', 'Europe/Berlin', wallClock('2026-11-21 06:22:00', '2026-11-21 05:22:00')],
      ['yesterday 23:59', 'Europe/Berlin', wallClock('2026-11-20 23:59:00', '2026-11-20 22:59:00')],
      ['next monday', 'Europe/Berlin', wallClock('2026-11-23 00:00:00', '2026-11-22 23:00:00')],
    ])('reads %p in %s', (raw, zone, expected) => {
      expect(parse(raw, zone)).toEqual(expected);
    });

    it('takes today from the zone: at 22:00 on Friday in New York it is still Friday', () => {
      const now = DateTime.fromISO('2026-11-21T03:00:00Z');
      const read = (raw: string): Outcome => parse(raw, 'America/New_York', now);
      expect(read('today')).toEqual(wallClock('2026-11-20 00:00:00', '2026-11-20 05:00:00'));
      expect(read('friday')).toEqual(wallClock('2026-11-20 00:00:00', '2026-11-20 05:00:00'));
      expect(read('next friday')).toEqual(wallClock('2026-11-27 00:00:00', '2026-11-27 05:00:00'));
      expect(read('last friday')).toEqual(wallClock('2026-11-13 00:00:00', '2026-11-13 05:00:00'));
      expect(read('saturday')).toEqual(wallClock('2026-11-21 00:00:00', '2026-11-21 05:00:00'));
      // The same instant in UTC is already Saturday.
      expect(parse('today', 'UTC', now)).toEqual(wallClock('2026-11-21 00:00:00', '2026-11-21 00:00:00'));
    });

    it('keeps the wall clock for +1 day across a DST change, unlike +24 hours', () => {
      // New York springs forward on 2026-03-08; Berlin falls back on 2026-10-25.
      expect(parse('2026-03-07 12:00 +1 day', 'America/New_York')).toEqual(wallClock('2026-03-08 12:00:00', '2026-03-08 16:00:00'));
      expect(parse('2026-03-07 12:00 +24 hours', 'America/New_York')).toEqual(wallClock('2026-03-08 13:00:00', '2026-03-08 17:00:00'));
      expect(parse('2026-10-24 09:00 +1 day', 'Europe/Berlin')).toEqual(wallClock('2026-10-25 09:00:00', '2026-10-25 08:00:00'));
      expect(parse('2026-10-24 09:00 +24 hours', 'Europe/Berlin')).toEqual(wallClock('2026-10-25 08:00:00', '2026-10-25 07:00:00'));
    });
  });

  describe('rejections', () => {
    it.each([
      [''],
      ['   '],
      ['garbage'],
      ['before my birthday'],
      ['tomorrow tomorrow'],
      ['tomorrowtomorrow'],
      ['+1 lightyear'],
      ['9pm 10pm'],
      ['tomorrow 9am 10:00'],
      ['2024-05-10 14:00 9am'],
      ['2024-05-10T14:00 9am'],
      ['monday tuesday'],
      ['next week'],
      ['this monday'],
      ['next'],
      ['last'],
      ['ago'],
      ['+1'],
      ['1 day ago ago'],
      ['+1.5 hours'],
      ['1715300000 +1 day'],
      ['+1715300000'],
      ['tomorrow 14:00z'],
      ['2024-05-10 z'],
      ['2024-02-30'],
      ['2023-02-29'],
      ['2024-13-01'],
      ['2024-00-10'],
      ['2024-05-00'],
      ['2024-05-32'],
      ['2024-5-10'],
      ['10/05/2024'],
      ['20240510T140000Z'],
      ['2024-05-10T'],
      ['2024-05-10T14'],
      ['2024-05-10 24:00'],
      ['2024-05-10 12:60'],
      ['2024-05-10 12:00:60'],
      ['2024-05-10T25:00:00'],
      ['2024-05-10T14:00:00+24:00'],
      ['2024-05-10T14:00:00+02:60'],
      ['2024-05-10T14:00:00+2'],
      ['13pm'],
      ['0am'],
      ['today 9:60am'],
      ['1.5'],
      ['1e3'],
      [1.5],
      [Number.NaN],
      [Number.POSITIVE_INFINITY],
      [true],
      [false],
      [null],
      [undefined],
      [[]],
      [['2024-05-10']],
      [{}],
    ])('rejects %p', (raw) => {
      expect(parse(raw)).toEqual({ reason: INVALID });
    });

    it.each([
      ['0999-12-31', 'UTC'],
      ['10000000000000', 'UTC'],
      [-100000000000, 'UTC'],
      ['+10000 years', 'UTC'],
      // The wall clock is fine, but the UTC copy would be in year 10000.
      ['9999-12-31 23:00', 'America/New_York'],
    ])('rejects %p in %s as out of range', (raw, zone) => {
      expect(parse(raw, zone)).toEqual({ reason: OUT_OF_RANGE });
    });

    it('accepts the edges of the range', () => {
      expect(parse('1000-01-01')).toEqual(wallClock('1000-01-01 00:00:00', '1000-01-01 00:00:00'));
      expect(parse('9999-12-31 23:59:59')).toEqual(wallClock('9999-12-31 23:59:59', '9999-12-31 23:59:59'));
    });

    it('throws on an invalid context zone, which is a bug rather than bad input', () => {
      expect(() => parseDateInput('now', { zone: 'Mars/Olympus', now: NOW })).toThrow(RangeError);
    });
  });
});
