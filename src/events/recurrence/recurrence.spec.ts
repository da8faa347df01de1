import { IANAZone, Settings } from 'luxon';
import { expandSeries } from './recurrence-expand';
import { ParsedRecurrence, parseRecurrence } from './recurrence-lines';

function parsed(lines: string[]): ParsedRecurrence {
  const result = parseRecurrence(lines);
  if (!result.ok) throw new Error(result.reason.text);
  return result.value;
}

const wall = (text: string) => new Date(`${text}Z`);

function expand(lines: string[], start: string, end: string, zone: string, horizon = '2030-01-01T00:00:00Z') {
  return expandSeries({ startLocal: wall(start), endLocal: wall(end), zone: IANAZone.create(zone) }, parsed(lines), new Date(horizon));
}

describe('parseRecurrence', () => {
  it.each([
    [['RRULE:FREQ=HOURLY'], 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY.'],
    [['RRULE:FREQ=WEEKLY;BYDAY=XX'], '"RRULE:%s" is not a valid RFC 5545 rule.'],
    [['RRULE:FREQ=DAILY', 'RRULE:FREQ=WEEKLY'], 'Only one RRULE line is allowed.'],
    [['EXDATE:2025-01-01'], '"%s" is not a valid %s line: %s'],
    [['EXDATE;VALUE=DATE:20250101T100000'], '"%s" is not a valid %s line: %s'],
    [['RDATE;TZID=Mars/Base:20250101T100000'], '"%s" is not a valid %s line: %s'],
    [['FOO:BAR'], '"%s" is not an RRULE, EXDATE or RDATE line.'],
    [['RRULE:FREQ=DAILY;COUNT=2;UNTIL=20250101'], 'An RRULE may have COUNT or UNTIL, not both.'],
    // Rules that make no date: rrule would look for one day by day up to the year 9999.
    [['RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31'], 'No chosen month has the days in BYMONTHDAY.'],
    [['RRULE:FREQ=MONTHLY;BYDAY=6MO'], 'A position in BYDAY is beyond %s.'],
    [['RRULE:FREQ=MONTHLY;BYDAY=1MO;BYMONTHDAY=15'], 'BYDAY with positions cannot be combined with BYMONTHDAY.'],
    [['RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6'], 'BYSETPOS is beyond the %s dates a period can hold.'],
    [['RRULE:FREQ=WEEKLY;BYDAY=2MO'], 'Positions in BYDAY (2TU, -1FR) need FREQ=MONTHLY or YEARLY.'],
    [['RRULE:FREQ=DAILY;BYHOUR=10'], '%s is not supported here; an RRULE may use %s.'],
    [['RRULE:FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO'], '%s is not supported here; an RRULE may use %s.'],
    [['RRULE:FREQ=DAILY;BYFOO=1'], '"RRULE:%s" is not a valid RFC 5545 rule.'],
    [['RRULE;X=1\r\nX-INJECTED;A=B:FREQ=WEEKLY;COUNT=2'], 'Each line must be one line of text, without control characters.'],
    [['EXDATE:20250101T100000Z\nRDATE:20250102T100000Z'], 'Each line must be one line of text, without control characters.'],
    [['RRULE;X-NAME=1:FREQ=WEEKLY;COUNT=2'], '"%s" is not a valid RFC 5545 rule: RRULE takes no parameters.'],
    [[42], 'Each item must be an RRULE, EXDATE or RDATE line.'],
    [{}, 'Must be a list of RRULE, EXDATE or RDATE lines.'],
  ])('refuses %j', (lines, reason) => {
    const result = parseRecurrence(lines);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason.text).toBe(reason);
  });

  it('keeps the lines exactly as sent and reads every RFC 5545 date form', () => {
    const lines = [
      'RRULE:FREQ=MONTHLY;BYDAY=2TU,-1FR;BYSETPOS=1;WKST=MO;INTERVAL=2',
      'EXDATE;TZID=Europe/Berlin:20250101T100000,20250201T100000',
      'EXDATE;VALUE=DATE:20250301',
      'RDATE:20250405T080000Z',
      'RDATE:20250406T080000',
    ];
    const result = parsed(lines);
    expect(result.lines).toEqual(lines);
    expect(result.exdates.map((d) => d.kind)).toEqual(['zoned', 'zoned', 'date']);
    expect(result.rdates.map((d) => d.kind)).toEqual(['utc', 'floating']);
  });
});

describe('expandSeries', () => {
  it('takes BYSETPOS over the months of a yearly BYMONTH without BYDAY or BYMONTHDAY (it was refused as beyond 1 date)', () => {
    const dates = expand(['RRULE:FREQ=YEARLY;BYMONTH=3,9;BYSETPOS=2;COUNT=3'], '2027-03-10T10:00:00', '2027-03-10T11:00:00', 'UTC');
    expect(dates.map((item) => item.date)).toEqual(['2027-09-10', '2028-09-10', '2029-09-10']);
  });

  it('keeps the wall clock across both DST changes in America/New_York', () => {
    const days = expand(['RRULE:FREQ=WEEKLY;COUNT=40'], '2025-01-06T18:30:00', '2025-01-06T20:00:00', 'America/New_York');
    expect(days).toHaveLength(39);
    expect(new Set(days.map((o) => o.startLocal.toISOString().slice(11, 19)))).toEqual(new Set(['18:30:00']));
    const utcHours = new Set(days.map((o) => o.startUtc.toISOString().slice(11, 16)));
    expect(utcHours).toEqual(new Set(['23:30', '22:30']));
    // 2025-03-10 is the first Monday after the change (9 March): 18:30 EDT is 22:30 UTC.
    expect(days.find((o) => o.date === '2025-03-10')?.startUtc.toISOString()).toBe('2025-03-10T22:30:00.000Z');
    expect(days.find((o) => o.date === '2025-03-03')?.startUtc.toISOString()).toBe('2025-03-03T23:30:00.000Z');
  });

  it('keeps the wall clock in Europe/Berlin and in the southern-hemisphere DST of Australia/Sydney', () => {
    const berlin = expand(['RRULE:FREQ=DAILY;UNTIL=20251027'], '2025-10-25T09:00:00', '2025-10-25T10:00:00', 'Europe/Berlin');
    expect(berlin.map((o) => [o.date, o.startUtc.toISOString()])).toEqual([
      ['2025-10-26', '2025-10-26T08:00:00.000Z'],
      ['2025-10-27', '2025-10-27T08:00:00.000Z'],
    ]);
    const sydney = expand(['RRULE:FREQ=DAILY;COUNT=3'], '2025-10-04T09:00:00', '2025-10-04T10:00:00', 'Australia/Sydney');
    // Clocks go forward on 5 October 2025 (AEST +10 to AEDT +11).
    expect(sydney.map((o) => o.startUtc.toISOString())).toEqual(['2025-10-04T22:00:00.000Z', '2025-10-05T22:00:00.000Z']);
  });

  it('applies BYDAY with positions, EXDATE in every form and RDATE, and stops at the horizon', () => {
    const days = expand(
      [
        'RRULE:FREQ=MONTHLY;BYDAY=2TU',
        'EXDATE;TZID=America/New_York:20250211T190000',
        'EXDATE;VALUE=DATE:20250311',
        'EXDATE:20250408T230000Z',
        'RDATE;VALUE=DATE:20250420',
      ],
      '2025-01-14T19:00:00',
      '2025-01-14T21:00:00',
      'America/New_York',
      '2025-06-01T00:00:00Z',
    );
    expect(days.map((o) => o.date)).toEqual(['2025-04-20', '2025-05-13']);
    expect(days[0].startLocal.toISOString()).toBe('2025-04-20T19:00:00.000Z');
  });

  it('repeats all-day and multi-day events whole, and reads UNTIL with Z as an instant', () => {
    const days = expand(['RRULE:FREQ=YEARLY;UNTIL=20270301T000000Z'], '2025-02-28T00:00:00', '2025-03-02T23:59:59', 'Europe/Berlin');
    expect(days.map((o) => [o.startLocal.toISOString(), o.endLocal.toISOString()])).toEqual([
      ['2026-02-28T00:00:00.000Z', '2026-03-02T23:59:59.000Z'],
      ['2027-02-28T00:00:00.000Z', '2027-03-02T23:59:59.000Z'],
    ]);
  });

  it('moves the end of an occurrence whose start a DST gap moved as far, so it never ends before it starts', () => {
    // 14 March 2027: New York skips 02:00-03:00, so 02:30 is 03:30 EDT (07:30 UTC).
    const [, gap] = expand(['RRULE:FREQ=DAILY;COUNT=4'], '2027-03-12T02:30:00', '2027-03-12T03:00:00', 'America/New_York');
    expect([gap.date, gap.startUtc.toISOString(), gap.endUtc.toISOString()]).toEqual([
      '2027-03-14',
      '2027-03-14T07:30:00.000Z',
      '2027-03-14T08:00:00.000Z',
    ]);
    expect([gap.startLocal.toISOString(), gap.endLocal.toISOString()]).toEqual(['2027-03-14T03:30:00.000Z', '2027-03-14T04:00:00.000Z']);
    // A whole day keeps ending at 23:59:59 where midnight is skipped (Santiago, 5 September 2027).
    const allDay = expandSeries(
      {
        startLocal: wall('2027-09-04T00:00:00'),
        endLocal: wall('2027-09-04T23:59:59'),
        zone: IANAZone.create('America/Santiago'),
        allDay: true,
      },
      parsed(['RRULE:FREQ=DAILY;COUNT=2']),
      new Date('2030-01-01T00:00:00Z'),
    );
    expect([allDay[0].startLocal.toISOString(), allDay[0].endLocal.toISOString()]).toEqual([
      '2027-09-05T01:00:00.000Z',
      '2027-09-05T23:59:59.000Z',
    ]);
  });

  it("reads an RDATE with another zone's TZID in its repeated hour as the first instant, whatever the season the server runs in", () => {
    // 01:30 on 1 November 2026 in New York is 05:30Z (EDT) and again 06:30Z (EST); in London 05:30 and 06:30.
    const lines = ['RRULE:FREQ=DAILY;COUNT=1', 'RDATE;TZID=America/New_York:20261101T013000'];
    const read = () => expand(lines, '2026-10-20T12:00:00', '2026-10-20T13:00:00', 'Europe/London').map((o) => o.startUtc.toISOString());
    const now = Settings.now;
    try {
      for (const today of ['2026-07-01T00:00:00Z', '2026-01-15T00:00:00Z']) {
        Settings.now = () => Date.parse(today);
        expect([today, read()]).toEqual([today, ['2026-11-01T05:30:00.000Z']]);
      }
    } finally {
      Settings.now = now;
    }
  });

  it('stores at most 1,000 events per series', () => {
    expect(expand(['RRULE:FREQ=DAILY'], '2025-01-01T10:00:00', '2025-01-01T11:00:00', 'UTC', '2035-01-01T00:00:00Z')).toHaveLength(999);
  });
});
