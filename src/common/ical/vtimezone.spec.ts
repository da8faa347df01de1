import { DateTime, IANAZone } from 'luxon';
import { isUnambiguousWallClock, tzidReadsAs, observances, utcOffset, vtimezone } from './vtimezone';

const ms = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).toMillis();

describe('observances', () => {
  it('finds the offset in force at the start and every change to the second (Europe/Berlin 2030)', () => {
    const found = observances(IANAZone.create('Europe/Berlin'), ms('2029-12-31T23:00:00'), ms('2030-12-31T23:00:00'));
    expect(found.map((o) => [new Date(o.start).toISOString(), o.offsetFrom, o.offsetTo, o.daylight])).toEqual([
      ['2029-12-31T23:00:00.000Z', 60, 60, false],
      ['2030-03-31T01:00:00.000Z', 60, 120, true],
      ['2030-10-27T01:00:00.000Z', 120, 60, false],
    ]);
  });

  it('has one observance for a zone without changes', () => {
    const found = observances(IANAZone.create('Asia/Tokyo'), ms('2030-01-01T00:00:00'), ms('2031-01-01T00:00:00'));
    expect(found).toEqual([{ start: ms('2030-01-01T00:00:00'), offsetFrom: 540, offsetTo: 540, daylight: false }]);
  });

  it('follows the southern hemisphere (Australia/Sydney: daylight time at the start of the year)', () => {
    const found = observances(IANAZone.create('Australia/Sydney'), ms('2029-12-31T13:00:00'), ms('2030-12-31T13:00:00'));
    expect(found.map((o) => [o.offsetFrom, o.offsetTo, o.daylight])).toEqual([
      [660, 660, true],
      [660, 600, false],
      [600, 660, true],
    ]);
  });
});

describe('vtimezone', () => {
  it('writes onsets as local times in the offset before them (RFC 5545 §3.6.5)', () => {
    const text = vtimezone('Europe/Berlin', IANAZone.create('Europe/Berlin'), ms('2029-12-31T23:00:00'), ms('2030-12-31T23:00:00'), (i) =>
      DateTime.fromJSDate(i, { zone: 'Europe/Berlin' }).isInDST ? 'CEST' : 'CET',
    ).toString();
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      'BEGIN:STANDARD',
      'DTSTART:20300101T000000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0100',
      'TZNAME:CET',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:20300331T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'TZNAME:CEST',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20301027T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'TZNAME:CET',
      'END:STANDARD',
      'END:VTIMEZONE',
      '',
    ]);
  });
});

describe('utcOffset', () => {
  it('formats minutes east of UTC as ±HHMM', () => {
    expect([utcOffset(0), utcOffset(60), utcOffset(-330), utcOffset(345), utcOffset(-600)]).toEqual([
      '+0000',
      '+0100',
      '-0530',
      '+0545',
      '-1000',
    ]);
  });
});

describe('isUnambiguousWallClock', () => {
  const berlin = IANAZone.create('Europe/Berlin');

  it('is false for both instants of the hour repeated when clocks go back', () => {
    // 2030-10-27 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET).
    expect(isUnambiguousWallClock(berlin, ms('2030-10-27T00:30:00'))).toBe(false);
    expect(isUnambiguousWallClock(berlin, ms('2030-10-27T01:30:00'))).toBe(false);
  });

  it('is true elsewhere, also on the days the clocks change', () => {
    for (const iso of ['2030-10-27T02:30:00', '2030-10-26T23:59:00', '2030-03-31T01:30:00', '2030-07-01T12:00:00']) {
      expect(isUnambiguousWallClock(berlin, ms(iso))).toBe(true);
    }
  });
});

describe('tzidReadsAs', () => {
  const berlin = IANAZone.create('Europe/Berlin');

  it('is true for the first instant of the hour repeated when clocks go back, false for the second', () => {
    // 2030-10-27 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET); TZID means the first.
    expect(tzidReadsAs(berlin, ms('2030-10-27T00:30:00'))).toBe(true);
    expect(tzidReadsAs(berlin, ms('2030-10-27T01:30:00'))).toBe(false);
  });

  it('is true elsewhere, also on the days the clocks change', () => {
    for (const iso of ['2030-10-27T02:30:00', '2030-10-26T23:59:00', '2030-03-31T01:30:00', '2030-07-01T12:00:00']) {
      expect(tzidReadsAs(berlin, ms(iso))).toBe(true);
    }
  });
});
