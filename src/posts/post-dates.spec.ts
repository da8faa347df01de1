import { formatStoredDate } from './post-dates';

describe('formatStoredDate', () => {
  const iso = (value: Date) => value.toISOString().slice(0, 19).replace('T', ' ');

  it('writes the UTC fields as YYYY-MM-DD HH:MM:SS, as toISOString would', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const from = Date.UTC(1000, 0, 1);
    const to = Date.UTC(9999, 11, 31, 23, 59, 59);
    const samples = Array.from({ length: 5000 }, () => new Date(Math.floor(from + next() * (to - from))));
    samples.push(new Date(from), new Date(to), new Date(Date.UTC(2026, 0, 9, 5, 7, 3, 999)));
    for (const value of samples) expect(formatStoredDate(value)).toBe(iso(value));
  });

  it('falls back to toISOString outside four-digit years, and throws for an invalid date', () => {
    for (const value of [new Date(Date.UTC(999, 11, 31, 23, 59, 59)), new Date(Date.UTC(10000, 0, 1)), new Date(-1e15)]) {
      expect(formatStoredDate(value)).toBe(iso(value));
    }
    expect(() => formatStoredDate(new Date(NaN))).toThrow(RangeError);
  });
});
