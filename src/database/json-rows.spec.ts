import { utcDatetime } from './json-rows';

describe('utcDatetime (JSON rows: DATETIME text in UTC)', () => {
  const FIRST = Date.UTC(1000, 0, 1);
  const LAST = Date.UTC(9999, 11, 31, 23, 59, 59);

  it('reads the instant Date.parse reads of the same text in ISO form, the fraction cut to milliseconds', () => {
    for (let i = 0; i < 5_000; i++) {
      const iso = new Date(FIRST + Math.floor(Math.random() * (LAST - FIRST))).toISOString();
      const digits = i % 7; // no fraction, or 1 to 6 digits (MySQL's DATETIME(6))
      const fraction = digits ? `.${`${iso.slice(20, 23)}${String(i % 1000).padStart(3, '0')}`.slice(0, digits)}` : '';
      const text = `${iso.slice(0, 10)}${i % 2 ? ' ' : 'T'}${iso.slice(11, 19)}${fraction}`;
      // Date.parse reads an ISO text with a Z in UTC and keeps milliseconds only.
      expect({ text, time: utcDatetime(text).getTime() }).toEqual({ text, time: Date.parse(`${iso.slice(0, 19)}${fraction}Z`) });
    }
  });

  it('ends the fraction at its first non-digit', () => {
    expect(utcDatetime('2026-11-25 19:00:00.5x1').getTime()).toBe(Date.UTC(2026, 10, 25, 19, 0, 0, 500));
    expect(utcDatetime('2026-11-25 19:00:00.').getTime()).toBe(Date.UTC(2026, 10, 25, 19, 0, 0, 0));
    expect(utcDatetime('2026-11-25 19:00:00.12').getTime()).toBe(Date.UTC(2026, 10, 25, 19, 0, 0, 120));
  });

  it('is an invalid date for text that is not a datetime', () => {
    for (const text of ['', 'bad', '2026-11-25', '2026-11-25 19:00', '2026/11/25 19:00:00', ' 2026-11-25 19:00:00']) {
      expect(Number.isNaN(utcDatetime(text).getTime())).toBe(true);
    }
  });
});
