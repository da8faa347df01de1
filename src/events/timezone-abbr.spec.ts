import moment from 'moment-timezone';
import { DateTime } from 'luxon';
import { timezoneAbbreviation } from './timezone-abbr';
import { zoneNamed } from '../common/parsing/timezone';

describe('timezoneAbbreviation', () => {
  const winter = new Date('2030-01-10T12:00:00Z');
  const summer = new Date('2030-07-10T12:00:00Z');

  // What PHP's date('T') prints (the tz database's abbreviations), in January and in July.
  it.each([
    ['Europe/Berlin', 'CET', 'CEST'],
    ['Europe/London', 'GMT', 'BST'],
    ['Europe/Dublin', 'GMT', 'IST'],
    ['America/New_York', 'EST', 'EDT'],
    ['America/Los_Angeles', 'PST', 'PDT'],
    ['America/Sao_Paulo', '-03', '-03'],
    ['Asia/Tokyo', 'JST', 'JST'],
    ['Asia/Seoul', 'KST', 'KST'],
    ['Asia/Kolkata', 'IST', 'IST'],
    ['Asia/Calcutta', 'IST', 'IST'],
    ['Asia/Dubai', '+04', '+04'],
    ['Asia/Kathmandu', '+0545', '+0545'],
    ['Australia/Sydney', 'AEDT', 'AEST'],
    ['Australia/Adelaide', 'ACDT', 'ACST'],
    ['Pacific/Auckland', 'NZDT', 'NZST'],
    ['Africa/Johannesburg', 'SAST', 'SAST'],
    ['America/St_Johns', 'NST', 'NDT'],
  ])('%s is %s in winter and %s in summer (northern seasons)', (zone, january, july) => {
    expect(timezoneAbbreviation(zone, winter)).toBe(january);
    expect(timezoneAbbreviation(zone, summer)).toBe(july);
  });

  it('changes at the transition instant', () => {
    // Europe/Berlin moves to summer time at 01:00 UTC on the last Sunday of March (2030-03-31).
    expect(timezoneAbbreviation('Europe/Berlin', new Date('2030-03-31T00:59:59Z'))).toBe('CET');
    expect(timezoneAbbreviation('Europe/Berlin', new Date('2030-03-31T01:00:00Z'))).toBe('CEST');
  });

  it('answers the same whatever the spelling of the zone name, and asked again', () => {
    for (let i = 0; i < 3; i++) {
      expect(timezoneAbbreviation('europe/berlin', winter)).toBe('CET');
      expect(timezoneAbbreviation('EUROPE/BERLIN', summer)).toBe('CEST');
      expect(timezoneAbbreviation('asia/tokyo', summer)).toBe('JST');
    }
  });

  it('keeps UTC and manual offsets as named, and gives nothing for an unknown zone', () => {
    expect(timezoneAbbreviation('UTC', winter)).toBe('UTC');
    expect(timezoneAbbreviation('utc', winter)).toBe('UTC');
    expect(timezoneAbbreviation('UTC+0', winter)).toBe('UTC+0');
    expect(timezoneAbbreviation('UTC+2', winter)).toBe('UTC+2');
    expect(timezoneAbbreviation('UTC-5:30', winter)).toBe('UTC-5:30');
    expect(timezoneAbbreviation('Not/A_Zone', winter)).toBe('');
  });
  // The letters and the offsets the server converts with come from one copy of the tz database
  // (moment-timezone's): an abbreviation always names the offset of the times beside it.
  it('names the offset the server converts with, month by month for twenty years', () => {
    const numeric = (minutes: number) =>
      `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}${Math.abs(minutes) % 60 ? String(Math.abs(minutes) % 60).padStart(2, '0') : ''}`;
    const zones = ['Africa/Casablanca', 'Africa/El_Aaiun', 'America/Vancouver', 'America/Edmonton', 'America/Winnipeg', 'America/Havana'];
    const wrong: string[] = [];
    for (const name of [...zones, 'Europe/Berlin', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Pacific/Apia', 'Asia/Gaza']) {
      const zone = moment.tz.zone(name)!;
      for (let month = 0; month < 12 * 20; month++) {
        const instant = new Date(Date.UTC(2020, month, 15));
        const offset = DateTime.fromJSDate(instant, { zone: zoneNamed(name) }).offset;
        const abbreviation = timezoneAbbreviation(name, instant);
        const names = /^[+-]\d+$/.test(abbreviation)
          ? abbreviation === numeric(offset)
          : zone.abbrs.some((letters, index) => letters === abbreviation && -zone.offsets[index] === offset);
        if (!names) wrong.push(`${name} ${instant.toISOString()} ${abbreviation} ${numeric(offset)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('follows the rules of tz 2026f where ICU 2025c had others', () => {
    // British Columbia keeps -07 from November 2026 (MST), Morocco keeps +00.
    expect(timezoneAbbreviation('America/Vancouver', new Date('2026-12-15T12:00:00Z'))).toBe('MST');
    expect(timezoneAbbreviation('America/Vancouver', new Date('2027-07-15T12:00:00Z'))).toBe('MST');
    expect(timezoneAbbreviation('America/Vancouver', new Date('2026-10-15T12:00:00Z'))).toBe('PDT');
    expect(timezoneAbbreviation('Africa/Casablanca', new Date('2030-03-20T10:00:00Z'))).toBe('+00');
  });
});
