import { DateTime, FixedOffsetZone, IANAZone } from 'luxon';
import { msg } from '../i18n/message';
import { isTzDatabaseZone, isValidTimezone, parseTimezone, zoneNamed } from './timezone';
import { TzdbZone } from './tzdb-zone';

const INVALID = msg('Invalid time zone: use an IANA name such as "Europe/Berlin", "UTC" or a UTC offset such as "UTC+2" or "UTC-5:30".');
// A summer and a winter instant, to tell IANA zones with DST from fixed offsets.
const JULY = DateTime.fromISO('2026-07-01T12:00:00Z').toMillis();
const JANUARY = DateTime.fromISO('2026-01-01T12:00:00Z').toMillis();

describe('parseTimezone', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin', 120, 60],
    [' America/New_York ', 'America/New_York', -240, -300],
    ['Asia/Kolkata', 'Asia/Kolkata', 330, 330],
    ['Etc/GMT+5', 'Etc/GMT+5', -300, -300],
    ['UTC', 'UTC', 0, 0],
    ['utc', 'utc', 0, 0],
    ['UTC+2', 'UTC+2', 120, 120],
    ['UTC-5:30', 'UTC-5:30', -330, -330],
    ['UTC+05:30', 'UTC+05:30', 330, 330],
    ['UTC+0', 'UTC+0', 0, 0],
    ['utc-0', 'utc-0', 0, 0],
    ['UTC+14', 'UTC+14', 840, 840],
    ['UTC-12', 'UTC-12', -720, -720],
    ['UTC+5.5', 'UTC+5.5', 330, 330],
    ['UTC+5.75', 'UTC+5.75', 345, 345],
    ['UTC-9.5', 'UTC-9.5', -570, -570],
  ])('accepts %p as %p (offsets %p in July, %p in January)', (raw, name, july, january) => {
    const result = parseTimezone(raw);
    if (!result.ok) throw new Error(`rejected: ${result.reason.text}`);
    expect(result.value.name).toBe(name);
    expect(result.value.zone.isValid).toBe(true);
    expect(result.value.zone.offset(JULY)).toBe(july);
    expect(result.value.zone.offset(JANUARY)).toBe(january);
  });

  it('returns a tz database zone for IANA names and links, in any casing, keeping the name as sent', () => {
    for (const [raw, zoneName] of [
      ['Europe/Berlin', 'Europe/Berlin'],
      ['europe/BERLIN', 'Europe/Berlin'],
      ['Asia/Calcutta', 'Asia/Calcutta'],
    ]) {
      const result = parseTimezone(raw);
      if (!result.ok) throw new Error(`rejected ${raw}`);
      expect(result.value.zone).toBeInstanceOf(TzdbZone);
      expect([result.value.name, result.value.zone.name]).toEqual([raw, zoneName]);
    }
  });

  it("converts with moment-timezone's tz data, not ICU's (tz 2026f: America/Vancouver stays at -07 from November 2026)", () => {
    const december = DateTime.fromISO('2026-12-15T12:00:00Z').toMillis();
    const vancouver = parseTimezone('America/Vancouver');
    expect(vancouver.ok && vancouver.value.zone.offset(december)).toBe(-420);
    expect(zoneNamed('America/Vancouver').offset(december)).toBe(-420);
    // Los Angeles, which kept its rules, goes back to -08.
    expect(zoneNamed('America/Los_Angeles').offset(december)).toBe(-480);
  });

  it('zoneNamed gives the zone of a valid name and throws for another', () => {
    expect(zoneNamed('UTC+5.5').offset(JULY)).toBe(330);
    expect(zoneNamed('UTC')).toBe(FixedOffsetZone.utcInstance);
    expect(() => zoneNamed('Mars/Olympus')).toThrow(RangeError);
  });

  it('isTzDatabaseZone tells named zones from UTC and offsets', () => {
    expect(isTzDatabaseZone(zoneNamed('Europe/Berlin'))).toBe(true);
    expect(isTzDatabaseZone(IANAZone.create('Europe/Berlin'))).toBe(true);
    expect(isTzDatabaseZone(zoneNamed('UTC'))).toBe(false);
    expect(isTzDatabaseZone(zoneNamed('UTC+2'))).toBe(false);
  });

  it.each([
    [''],
    ['   '],
    ['Mars/Olympus'],
    ['Europe/Berlin; DROP TABLE'],
    ['../etc/passwd'],
    ['+02:00'],
    ['Z'],
    ['UTC+'],
    ['UTC 2'],
    ['UTC++2'],
    ['UTC+15'],
    ['UTC-14:30'],
    ['UTC+2:60'],
    ['UTC+2:5'],
    ['UTC+2:'],
    ['UTC+123'],
    ['UTC+5.3'],
    ['UTC+5.'],
    ['GMT+2'],
    [120],
    [null],
    [undefined],
    [true],
    [['UTC']],
    [{}],
  ])('rejects %p', (raw) => {
    expect(parseTimezone(raw)).toEqual({ ok: false, reason: INVALID });
  });
});

describe('isValidTimezone', () => {
  it.each([
    ['Europe/Berlin', true],
    ['UTC-5:30', true],
    ['UTC', true],
    ['Nowhere/Special', false],
    ['UTC+15', false],
    ['', false],
  ])('isValidTimezone(%p) is %p', (name, expected) => {
    expect(isValidTimezone(name)).toBe(expected);
  });
});
