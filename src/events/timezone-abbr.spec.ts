import { timezoneAbbreviation } from './timezone-abbr';

describe('timezoneAbbreviation', () => {
  const winter = new Date('2030-01-10T12:00:00Z');
  const summer = new Date('2030-07-10T12:00:00Z');

  it('gives the letters in use where the zone is, by season', () => {
    expect(timezoneAbbreviation('Europe/Berlin', winter)).toBe('CET');
    expect(timezoneAbbreviation('Europe/Berlin', summer)).toBe('CEST');
    expect(timezoneAbbreviation('America/New_York', winter)).toBe('EST');
    expect(timezoneAbbreviation('Australia/Sydney', winter)).toBe('AEDT');
  });

  it('answers the same whatever the spelling of the zone name, and asked again', () => {
    for (let i = 0; i < 3; i++) {
      expect(timezoneAbbreviation('europe/berlin', winter)).toBe('CET');
      expect(timezoneAbbreviation('EUROPE/BERLIN', summer)).toBe('CEST');
    }
  });

  it('falls back to the numeric offset, and keeps UTC and manual offsets as named', () => {
    expect(timezoneAbbreviation('Asia/Kathmandu', winter)).toBe('+0545');
    expect(timezoneAbbreviation('UTC', winter)).toBe('UTC');
    expect(timezoneAbbreviation('UTC+2', winter)).toBe('UTC+2');
    expect(timezoneAbbreviation('Not/A_Zone', winter)).toBe('');
  });
});
