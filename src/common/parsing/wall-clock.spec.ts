import { IANAZone } from 'luxon';
import { atWallClock } from './wall-clock';

describe('atWallClock', () => {
  const newYork = IANAZone.create('America/New_York');
  const lordHowe = IANAZone.create('Australia/Lord_Howe');

  it('reads a clock of the hour repeated when clocks go back as its first instant', () => {
    // 2026-11-01 01:30 in New York is 05:30Z (EDT) and again 06:30Z (EST).
    expect(atWallClock({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, newYork).toUTC().toISO()).toBe('2026-11-01T05:30:00.000Z');
    expect(atWallClock({ year: 2026, month: 11, day: 1, hour: 1, minute: 59, second: 59 }, newYork).toUTC().toISO()).toBe(
      '2026-11-01T05:59:59.000Z',
    );
    // Lord Howe goes back by half an hour: 01:45 is 14:45Z (+11) and again 15:15Z (+10:30).
    expect(atWallClock({ year: 2027, month: 4, day: 4, hour: 1, minute: 45 }, lordHowe).toUTC().toISO()).toBe('2027-04-03T14:45:00.000Z');
  });

  it('moves a clock that a DST gap skips forward by the gap', () => {
    expect(atWallClock({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, newYork).toISO()).toBe('2026-03-08T03:30:00.000-04:00');
  });

  it('reads other clocks as luxon does, the hours around a change included', () => {
    for (const [fields, iso] of [
      [{ year: 2026, month: 11, day: 1, hour: 0, minute: 59 }, '2026-11-01T00:59:00.000-04:00'],
      [{ year: 2026, month: 11, day: 1, hour: 2, minute: 0 }, '2026-11-01T02:00:00.000-05:00'],
      [{ year: 2026, month: 7, day: 1, hour: 12 }, '2026-07-01T12:00:00.000-04:00'],
      [{ year: 2026, month: 1, day: 1, hour: 12 }, '2026-01-01T12:00:00.000-05:00'],
    ] as const) {
      expect(atWallClock(fields, newYork).toISO()).toBe(iso);
    }
  });
});
