import { DateTime } from 'luxon';
import { parseSiteDate } from '../common/params/validate';
import { DateBound, dateWindowFilters, resolveDateWindow } from './date-window';

// A Saturday: 00:22 in New York, 06:22 in Berlin.
const NOW = DateTime.fromISO('2026-11-21T05:22:00Z', { zone: 'UTC' });

function wall(zone: string, text: string): DateTime {
  return DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm:ss', { zone });
}

function resolve(given: Partial<Record<DateBound, string>>, options: { strict?: boolean; zone?: string; ignore?: boolean } = {}) {
  const zone = options.zone ?? 'UTC';
  const parsed = Object.fromEntries(Object.entries(given).map(([name, text]) => [name, wall(zone, text)]));
  const window = resolveDateWindow({ given: parsed, strict: options.strict ?? false, now: NOW, siteZone: zone, ignore: options.ignore });
  return {
    filters: Object.fromEntries(dateWindowFilters(window)),
    utc: Object.fromEntries(
      Object.entries(window).map(([name, bound]) => [
        name,
        DateTime.fromJSDate(bound.instant, { zone: 'UTC' }).toFormat('yyyy-MM-dd HH:mm:ss'),
      ]),
    ),
  };
}

describe('resolveDateWindow', () => {
  describe('defaults', () => {
    it('starts today at 00:00:00 and ends at the end of the day two years from now', () => {
      expect(resolve({}).filters).toEqual({ start_date: '2026-11-21 00:00:00', end_date: '2028-11-21 23:59:59' });
    });

    it('uses the exact instants of now and two years from now when strict', () => {
      expect(resolve({}, { strict: true }).filters).toEqual({ start_date: '2026-11-21 05:22:00', end_date: '2028-11-21 05:22:00' });
    });

    it('takes the days of the defaults in the site zone', () => {
      // 00:22 on Saturday in New York; 05:00 UTC is its midnight.
      const window = resolve({}, { zone: 'America/New_York' });
      expect(window.filters).toEqual({ start_date: '2026-11-21 00:00:00', end_date: '2028-11-21 23:59:59' });
      expect(window.utc).toEqual({ start_date: '2026-11-21 05:00:00', end_date: '2028-11-22 04:59:59' });
      // At 06:22 in Berlin it is also Saturday, whose midnight is 23:00 UTC on Friday.
      expect(resolve({}, { zone: 'Europe/Berlin' }).utc.start_date).toBe('2026-11-20 23:00:00');
    });

    it('follows the site day from one request to the next, whatever moment of the day came first', () => {
      const zone = 'America/New_York';
      const at = (iso: string) => DateTime.fromISO(iso, { zone: 'UTC' });
      const window = (now: DateTime) => resolveDateWindow({ given: {}, strict: false, now, siteZone: zone });
      // The same window as from start_date given as now: the path without a remembered day.
      const given = (now: DateTime) => resolveDateWindow({ given: { start_date: now.setZone(zone) }, strict: false, now, siteZone: zone });
      // Around midnight in New York (05:00 UTC in winter), then back to the first day.
      const moments = [
        '2026-11-22T04:59:59Z',
        '2026-11-22T05:00:00Z',
        '2026-11-22T04:00:00Z',
        '2026-11-23T04:59:59.999Z',
        '2026-11-23T05:00:00Z',
      ];
      const starts = moments.map((iso) => {
        const resolved = window(at(iso));
        expect(resolved).toEqual(given(at(iso)));
        return resolved.start_date?.wallClock;
      });
      expect(starts).toEqual([
        '2026-11-21 00:00:00',
        '2026-11-22 00:00:00',
        '2026-11-21 00:00:00',
        '2026-11-22 00:00:00',
        '2026-11-23 00:00:00',
      ]);
    });

    it('gives every request bounds of its own', () => {
      const first = resolveDateWindow({ given: {}, strict: false, now: NOW, siteZone: 'UTC' });
      first.start_date!.instant.setTime(0);
      expect(resolve({}).utc.start_date).toBe('2026-11-21 00:00:00');
    });

    it('keeps the default end_date when only start_date is given', () => {
      expect(resolve({ start_date: '2027-01-10 15:00:00' }).filters).toEqual({
        start_date: '2027-01-10 00:00:00',
        end_date: '2028-11-21 23:59:59',
      });
    });

    it('keeps the default start_date when only end_date is given', () => {
      expect(resolve({ end_date: '2027-01-10 15:00:00' }).filters).toEqual({
        start_date: '2026-11-21 00:00:00',
        end_date: '2027-01-10 23:59:59',
      });
    });

    it.each(['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const)('drops both defaults when %s is given', (name) => {
      expect(Object.keys(resolve({ [name]: '2027-01-10 15:00:00' }).filters)).toEqual([name]);
    });

    it('keeps a start_date or end_date given explicitly next to a relative bound', () => {
      expect(resolve({ start_date: '2027-01-01 10:00:00', ends_after: '2027-01-05 10:00:00' }).filters).toEqual({
        start_date: '2027-01-01 00:00:00',
        ends_after: '2027-01-05 23:59:59',
      });
    });

    it('has no bounds at all when the window is ignored (include)', () => {
      expect(resolve({ start_date: '2027-01-01 10:00:00' }, { ignore: true }).filters).toEqual({});
    });
  });

  describe('widening', () => {
    it('widens start_date to 00:00:00 and every other bound to 23:59:59 of its day', () => {
      const given = {
        start_date: '2027-03-10 12:34:56',
        end_date: '2027-03-11 12:34:56',
        starts_before: '2027-03-12 00:00:00',
        starts_after: '2027-03-13 23:59:59',
        ends_before: '2027-03-14 08:00:00',
        ends_after: '2027-03-15 00:00:01',
      };
      expect(resolve(given).filters).toEqual({
        start_date: '2027-03-10 00:00:00',
        end_date: '2027-03-11 23:59:59',
        starts_before: '2027-03-12 23:59:59',
        starts_after: '2027-03-13 23:59:59',
        ends_before: '2027-03-14 23:59:59',
        ends_after: '2027-03-15 23:59:59',
      });
    });

    it('keeps every instant exactly when strict', () => {
      const given = { start_date: '2027-03-10 12:34:56', end_date: '2027-03-11 01:02:03', ends_after: '2027-03-09 00:00:00' };
      expect(resolve(given, { strict: true }).filters).toEqual(given);
    });

    it('widens to the days of the site zone and compares in UTC', () => {
      const window = resolve({ start_date: '2027-01-15 18:00:00', end_date: '2027-01-15 09:00:00' }, { zone: 'Europe/Berlin' });
      expect(window.filters).toEqual({ start_date: '2027-01-15 00:00:00', end_date: '2027-01-15 23:59:59' });
      expect(window.utc).toEqual({ start_date: '2027-01-14 23:00:00', end_date: '2027-01-15 22:59:59' });
    });

    it('takes the day of a value given with an offset from the value itself (reference §2.3), as a site day', () => {
      // 23:30 UTC is already the next day in Berlin, but the value says the 15th.
      const instant = DateTime.fromISO('2027-01-15T23:30:00Z').setZone('UTC');
      const window = resolveDateWindow({ given: { start_date: instant }, strict: false, now: NOW, siteZone: 'Europe/Berlin' });
      expect(dateWindowFilters(window)[0]).toEqual(['start_date', '2027-01-15 00:00:00']);
      const west = DateTime.fromISO('2027-01-15T23:00:00-05:00', { setZone: true });
      const ends = resolveDateWindow({ given: { end_date: west }, strict: false, now: NOW, siteZone: 'UTC' });
      expect(ends.end_date?.wallClock).toBe('2027-01-15 23:59:59');
      // strict_dates: the instant itself, in the site zone.
      const strict = resolveDateWindow({ given: { start_date: instant }, strict: true, now: NOW, siteZone: 'Europe/Berlin' });
      expect(dateWindowFilters(strict)[0]).toEqual(['start_date', '2027-01-16 00:30:00']);
    });

    it('widens what parseSiteDate read to the day written: its offset, UTC for a timestamp, else the site day', () => {
      const context = { siteTimezone: 'Europe/Berlin', now: NOW.toJSDate() };
      const startOf = (raw: string) => {
        const parsed = parseSiteDate(raw, context);
        if (!parsed.ok) throw new Error(raw);
        return resolveDateWindow({ given: { start_date: parsed.value }, strict: false, now: NOW, siteZone: 'Europe/Berlin' }).start_date
          ?.wallClock;
      };
      // 2030-06-09T23:30Z is already the 10th in Berlin; the timestamp's UTC date is the 9th.
      expect(startOf(String(Date.UTC(2030, 5, 9, 23, 30) / 1000))).toBe('2030-06-09 00:00:00');
      expect(startOf('2030-06-09T23:30:00-05:00')).toBe('2030-06-09 00:00:00');
      expect(startOf('2030-06-10T01:00:00+09:00')).toBe('2030-06-10 00:00:00');
      // A naive value and a relative expression are Berlin days.
      expect(startOf('2030-06-09 23:30')).toBe('2030-06-09 00:00:00');
      expect(startOf('tomorrow')).toBe('2026-11-22 00:00:00');
    });

    it('is idempotent, so following a list link keeps the same window', () => {
      const first = resolve({ start_date: '2027-03-10 12:34:56', ends_before: '2027-04-01 01:00:00' });
      expect(resolve(first.filters).filters).toEqual(first.filters);
    });

    it('makes a fraction of a second the whole second that selects the same (whole-second) dates', () => {
      const value = DateTime.fromISO('2027-03-10T12:34:56.789Z', { zone: 'UTC' });
      const given = {
        start_date: value,
        end_date: value,
        starts_before: value,
        starts_after: value,
        ends_before: value,
        ends_after: value,
      };
      const window = resolveDateWindow({ given, strict: true, now: NOW, siteZone: 'UTC' });
      // > and <=: an event at 12:34:56 is not after 12:34:56.789, and is at or before it.
      expect(window.starts_after?.instant.toISOString()).toBe('2027-03-10T12:34:56.000Z');
      expect(window.ends_after?.instant.toISOString()).toBe('2027-03-10T12:34:56.000Z');
      expect(window.end_date?.instant.toISOString()).toBe('2027-03-10T12:34:56.000Z');
      // >= and <: an event at 12:34:56 started before 12:34:56.789.
      expect(window.start_date?.instant.toISOString()).toBe('2027-03-10T12:34:57.000Z');
      expect(window.starts_before?.instant.toISOString()).toBe('2027-03-10T12:34:57.000Z');
      expect(window.ends_before?.instant.toISOString()).toBe('2027-03-10T12:34:57.000Z');
      expect(Object.fromEntries(dateWindowFilters(window)).start_date).toBe('2027-03-10 12:34:57');
    });

    it('keeps whole seconds as they are', () => {
      const value = DateTime.fromISO('2027-03-10T12:34:56.000Z', { zone: 'UTC' });
      const window = resolveDateWindow({ given: { start_date: value, starts_before: value }, strict: true, now: NOW, siteZone: 'UTC' });
      expect(window.start_date?.instant.toISOString()).toBe('2027-03-10T12:34:56.000Z');
      expect(window.starts_before?.instant.toISOString()).toBe('2027-03-10T12:34:56.000Z');
    });
  });

  it('lists the filters in the canonical order', () => {
    const window = resolve({ ends_after: '2027-01-01 00:00:00', starts_before: '2027-02-01 00:00:00', start_date: '2026-12-01 00:00:00' });
    expect(Object.keys(window.filters)).toEqual(['start_date', 'starts_before', 'ends_after']);
  });
});
