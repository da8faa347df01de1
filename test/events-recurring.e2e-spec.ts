import ICAL from 'ical.js';
import { RecurrenceService } from '../src/events/recurrence/recurrence.service';
import { TEST_DATABASES } from './support/databases';
import { Body, EVENT_KEYS, EventSummary, EventsClient } from './support/events';
import { TestApp } from './support/test-app';
import { dayCountsAndRebuild } from './support/day-counts';

// Series of hundreds of events, on a machine shared with other suites.
jest.setTimeout(60_000);

const WEEKLY = ['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=12'];

describe.each(TEST_DATABASES)('recurring events on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
  });
  afterAll(() => t.close());

  // Every series write keeps the list totals' day counts exact (issue #14): equal to a rebuild.
  afterEach(async () => {
    const { maintained, rebuilt } = await dayCountsAndRebuild(t.dataSource);
    expect(maintained).toEqual(rebuilt);
  });

  const series = (body: Body) => c.create({ title: 'Yoga class', ...body });
  /** Every event of a series, first included, in date order (as the list sees them, any status). */
  const eventsOf = async (id: number, query = 'status=publish,draft,pending,private,trash'): Promise<EventSummary[]> => {
    const first = await c.list(`include=${id}&${query}`, 'administrator').expect(200);
    const res = await c.list(`post_parent=${id}&per_page=100&start_date=2020-01-01&${query}`, 'administrator').expect(200);
    return [...(first.body.events as EventSummary[]), ...(res.body.events as EventSummary[])];
  };
  const startsOf = (events: EventSummary[], key = 'start_date') => events.map((event) => event[key] as string);
  const termCountsMatchRecount = async () => {
    const rows: { id: number; count: number | string; actual: number | string }[] = await t.dataSource.query(
      "SELECT t.id, t.count, (SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id WHERE et.term_id = t.id AND e.status = 'publish') AS actual FROM terms t",
    );
    for (const row of rows) expect(Number(row.count)).toBe(Number(row.actual));
  };
  const invalid = (res: { status: number; body: { code: string; data: { params: Record<string, unknown> } } }, param: string) => {
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params)).toEqual([param]);
  };

  describe('defining a series', () => {
    it('makes every occurrence an event of its own whose post_parent is the series, with the lines as sent', async () => {
      const venue = await c.createLinked('venues', { venue: 'Studio' });
      const first = await series({
        start_date: '2027-01-04 18:30:00',
        end_date: '2027-01-04 20:00:00',
        timezone: 'America/New_York',
        venue: venue.id,
        categories: ['Sport'],
        cost: '10',
        recurrence: WEEKLY,
      });
      expect(Object.keys(first)).toEqual([...EVENT_KEYS, 'recurrence']);
      expect(first.recurrence).toEqual(WEEKLY);
      const events = await eventsOf(first.id);
      expect(events).toHaveLength(12);
      const [, second] = events;
      expect(second).toMatchObject({
        title: 'Yoga class',
        slug: `${first.slug}-2027-01-11`,
        post_parent: first.id,
        cost: '10',
        recurrence: WEEKLY,
        venue: { id: venue.id },
        categories: [{ name: 'Sport' }],
      });
      expect(new Set(events.map((event) => event.id)).size).toBe(12);
      await termCountsMatchRecount();
    });

    it('gives an occurrence whose slug and its -2 are taken the next free number', async () => {
      await c.create({ title: 'Other', slug: 'clash-2027-01-03', start_date: '2027-01-01', end_date: '2027-01-01' });
      await c.create({ title: 'Other', slug: 'clash-2027-01-03-2', start_date: '2027-01-01', end_date: '2027-01-01' });
      const first = await series({
        title: 'Clash',
        start_date: '2027-01-01 10:00:00',
        end_date: '2027-01-01 11:00:00',
        recurrence: ['RRULE:FREQ=DAILY;COUNT=4'],
      });
      expect(startsOf(await eventsOf(first.id), 'slug')).toEqual(['clash', 'clash-2027-01-02', 'clash-2027-01-03-3', 'clash-2027-01-04']);
    });

    it('keeps the wall clock across DST in America/New_York, Europe/Berlin and Australia/Sydney', async () => {
      const cases = [
        ['America/New_York', ['2027-03-08 10:00:00', '2027-03-15 10:00:00'], ['2027-03-08 15:00:00', '2027-03-15 14:00:00']],
        ['Europe/Berlin', ['2027-03-22 10:00:00', '2027-03-29 10:00:00'], ['2027-03-22 09:00:00', '2027-03-29 08:00:00']],
        // Southern hemisphere: clocks go back on 4 April 2027.
        ['Australia/Sydney', ['2027-03-29 10:00:00', '2027-04-05 10:00:00'], ['2027-03-28 23:00:00', '2027-04-05 00:00:00']],
      ] as const;
      for (const [timezone, starts, utcStarts] of cases) {
        const start = starts[0];
        const first = await series({
          start_date: start,
          end_date: start.replace('10:00', '11:00'),
          timezone,
          recurrence: ['RRULE:FREQ=WEEKLY;COUNT=2'],
        });
        const events = await eventsOf(first.id);
        expect(startsOf(events)).toEqual(starts);
        expect(startsOf(events, 'utc_start_date')).toEqual(utcStarts);
        expect(events[1].timezone_abbr).not.toBe(events[0].timezone_abbr);
      }
    });

    it('converts with the rules of tz 2026f: America/Vancouver keeps -07 (MST) through March 2027', async () => {
      // ICU's tz 2025c (Node 20) still had PST until 14 March 2027: the first instance was at 18:00 UTC.
      const first = await series({
        start_date: '2027-03-08 10:00:00',
        end_date: '2027-03-08 11:00:00',
        timezone: 'America/Vancouver',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=2'],
      });
      const events = await eventsOf(first.id);
      expect(startsOf(events, 'utc_start_date')).toEqual(['2027-03-08 17:00:00', '2027-03-15 17:00:00']);
      expect(events.map((event) => event.timezone_abbr)).toEqual(['MST', 'MST']);
    });

    it('repeats all-day and multi-day events whole, applies EXDATE and RDATE, and ends with UNTIL', async () => {
      const first = await series({
        start_date: '2027-05-01',
        end_date: '2027-05-02',
        all_day: true,
        timezone: 'Europe/Berlin',
        recurrence: ['RRULE:FREQ=MONTHLY;UNTIL=20270901', 'EXDATE;VALUE=DATE:20270701', 'RDATE;VALUE=DATE:20270715'],
      });
      const events = await eventsOf(first.id);
      expect(events.map((event) => [event.start_date, event.end_date, event.all_day])).toEqual([
        ['2027-05-01 00:00:00', '2027-05-02 23:59:59', true],
        ['2027-06-01 00:00:00', '2027-06-02 23:59:59', true],
        ['2027-07-15 00:00:00', '2027-07-16 23:59:59', true],
        ['2027-08-01 00:00:00', '2027-08-02 23:59:59', true],
        ['2027-09-01 00:00:00', '2027-09-02 23:59:59', true],
      ]);
    });

    it('excludes the instance of a day whose clock a DST gap skips by an EXDATE at the rule’s clock with a TZID', async () => {
      const first = await series({
        start_date: '2027-03-07 02:30',
        end_date: '2027-03-07 03:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE;TZID=America/New_York:20270314T023000'],
      });
      expect((await eventsOf(first.id)).map((e) => (e.start_date as string).slice(0, 10))).toEqual(['2027-03-07', '2027-03-21']);
    });

    it('excludes that instance by an EXDATE of its instant in UTC', async () => {
      const first = await series({
        start_date: '2027-03-07 02:30',
        end_date: '2027-03-07 03:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE:20270314T073000Z'],
      });
      expect((await eventsOf(first.id)).map((e) => (e.start_date as string).slice(0, 10))).toEqual(['2027-03-07', '2027-03-21']);
    });

    it('stores occurrences up to the horizon, at most 1,000 per series', async () => {
      const first = await series({ start_date: '2027-01-01 07:00:00', end_date: '2027-01-01 08:00:00', recurrence: ['RRULE:FREQ=DAILY'] });
      const stored = await c.count(`event_occurrences WHERE series_id = ${first.id}`);
      const horizon = t.app.get(RecurrenceService).horizon();
      const expected = Math.floor((horizon.getTime() - Date.parse('2027-01-01T07:00:00Z')) / 86_400_000);
      expect(stored).toBe(expected);
      const many = await series({
        start_date: '2026-12-01 07:00:00',
        end_date: '2026-12-01 08:00:00',
        recurrence: ['RRULE:FREQ=DAILY;INTERVAL=1'],
      });
      await t.app.get(RecurrenceService).extendAll(new Date(Date.now() + 2000 * 86_400_000));
      expect(await c.count(`event_occurrences WHERE series_id = ${many.id}`)).toBe(999);
    });

    it('moves the horizon forward idempotently, also when two instances extend at once', async () => {
      const first = await series({ start_date: '2027-01-05 07:00:00', end_date: '2027-01-05 08:00:00', recurrence: ['RRULE:FREQ=WEEKLY'] });
      const before = await c.count(`event_occurrences WHERE series_id = ${first.id}`);
      const later = new Date(Date.now() + 70 * 86_400_000);
      const service = t.app.get(RecurrenceService);
      await Promise.all([service.extendAll(later), service.extendAll(later)]);
      await service.extendAll(later);
      const after = await c.count(`event_occurrences WHERE series_id = ${first.id}`);
      expect(after).toBe(before + 10);
      expect(await c.count(`events WHERE post_parent = ${first.id}`)).toBe(after);
    });

    it('shows no recurrence key on events outside a series', async () => {
      const single = await c.create({ title: 'Alone' });
      expect(Object.keys(single)).toEqual(EVENT_KEYS);
      const res = await c.get(`/events/${single.id}`).expect(200);
      expect(Object.keys(res.body)).toEqual([...EVENT_KEYS, 'json_ld']);
    });

    it('counts occurrences in lists and totals like any event', async () => {
      await c.reset();
      await series({ start_date: '2027-02-01 10:00:00', end_date: '2027-02-01 11:00:00', recurrence: ['RRULE:FREQ=DAILY;COUNT=30'] });
      const res = await c.list('start_date=2027-02-01&end_date=2027-03-31&per_page=10').expect(200);
      expect(res.headers['x-tec-total']).toBe('30');
      expect(res.body.total).toBe(30);
    });
  });

  describe('bad input', () => {
    it.each([
      [['RRULE:FREQ=SOMETIMES']],
      [['RRULE:FREQ=HOURLY']],
      [['RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31']],
      [['EXDATE:tomorrow']],
      [['RDATE;VALUE=DATE:20270101T100000']],
      ['not a list'],
    ])('refuses recurrence %j with 400 naming recurrence, creating nothing', async (recurrence) => {
      const before = await c.count('events');
      const res = await c.write(
        'post',
        '/events',
        { title: 'Bad', start_date: '2027-01-01 10:00', end_date: '2027-01-01 11:00', recurrence },
        'administrator',
      );
      invalid(res, 'recurrence');
      expect(await c.count('events')).toBe(before);
    });

    it('refuses a series whose occurrences would end after the year 9999 with 400, writing nothing', async () => {
      // The first event fits (it ends 9999-12-31); its length after a later start does not. Was: a
      // 500 on MySQL, and occurrences ending in the year "0000" on SQLite.
      const before = await c.count('events');
      const long = { start_date: '2027-01-01 10:00', end_date: '9999-12-31 11:00' };
      invalid(
        await c.write('post', '/events', { title: 'Forever', ...long, recurrence: ['RRULE:FREQ=DAILY;COUNT=3'] }, 'administrator'),
        'recurrence',
      );
      expect(await c.count('events')).toBe(before);

      const single = await c.create({ title: 'Forever alone', ...long });
      invalid(await c.write('patch', `/events/${single.id}`, { recurrence: ['RRULE:FREQ=YEARLY;COUNT=2'] }, 'administrator'), 'recurrence');
      expect((await c.get(`/events/${single.id}`).expect(200)).body).not.toHaveProperty('recurrence');

      const first = await series({ start_date: '2027-01-04 10:00', end_date: '2027-01-04 11:00', recurrence: WEEKLY });
      const count = await c.count('events');
      const res = await c.write('patch', `/events/${first.id}`, { end_date: '9999-12-31 11:00' }, 'administrator');
      invalid(res, 'end_date');
      expect(res.body.data.params.end_date).toBe('An event of this series would end outside the years 1000 to 9999.');
      expect(await c.count('events')).toBe(count);
      expect(startsOf(await eventsOf(first.id), 'end_date')).toEqual(
        startsOf(await eventsOf(first.id), 'start_date').map((s) => s.replace('10:00', '11:00')),
      );
    });

    it('refuses scope on an event outside a series, a rule on an occurrence, and scope=this on the first event', async () => {
      const single = await c.create({ title: 'Alone' });
      invalid(await c.write('patch', `/events/${single.id}`, { title: 'x', scope: 'all' }, 'administrator'), 'scope');
      invalid(await c.write('delete', `/events/${single.id}?scope=this`, undefined, 'administrator'), 'scope');
      invalid(await c.write('patch', `/events/${single.id}`, { scope: 'sometimes' }, 'administrator'), 'scope');
      const first = await series({ start_date: '2027-04-05 10:00', end_date: '2027-04-05 11:00', recurrence: WEEKLY });
      const [, second] = await eventsOf(first.id);
      invalid(await c.write('patch', `/events/${second.id}`, { recurrence: ['RRULE:FREQ=DAILY'] }, 'administrator'), 'recurrence');
      invalid(await c.write('patch', `/events/${first.id}`, { title: 'x', scope: 'this' }, 'administrator'), 'scope');
      expect((await c.get(`/events/${single.id}`).expect(200)).body.title).toBe('Alone');
      expect((await c.get(`/events/${first.id}`).expect(200)).body.title).toBe('Yoga class');
    });
  });

  describe('editing', () => {
    it('edits one occurrence alone (scope this), then the whole series field by field (scope all)', async () => {
      const first = await series({
        start_date: '2027-06-07 10:00',
        end_date: '2027-06-07 11:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
      });
      const [, second, third] = await eventsOf(first.id);
      await c
        .write(
          'patch',
          `/events/${second.id}`,
          { title: 'Special class', start_date: '2027-06-15 12:00', end_date: '2027-06-15 13:00' },
          'administrator',
        )
        .expect(200);
      const res = await c
        .write('patch', `/events/${third.id}`, { title: 'Pilates', featured: true, scope: 'all' }, 'administrator')
        .expect(200);
      expect(res.body).toMatchObject({ id: third.id, title: 'Pilates', featured: true });
      const events = await eventsOf(first.id);
      expect(events.map((event) => [event.id, event.title, event.featured, event.start_date])).toEqual([
        [first.id, 'Pilates', true, '2027-06-07 10:00:00'],
        [second.id, 'Special class', true, '2027-06-15 12:00:00'],
        [third.id, 'Pilates', true, '2027-06-21 10:00:00'],
        [events[3].id, 'Pilates', true, '2027-06-28 10:00:00'],
      ]);
    });

    it("moves the series by as much as scope=all moves an occurrence's dates, not to them", async () => {
      const first = await series({
        start_date: '2027-01-12 19:00',
        end_date: '2027-01-12 21:00',
        recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=4'],
      });
      const [, second] = await eventsOf(first.id);
      expect(second.start_date).toBe('2027-02-09 19:00:00');
      // A later end for all: every event ends at 22:00 on its own day.
      const longer = await c
        .write('patch', `/events/${second.id}?scope=all`, { end_date: '2027-02-09 22:00' }, 'administrator')
        .expect(200);
      expect([longer.body.start_date, longer.body.end_date]).toEqual(['2027-02-09 19:00:00', '2027-02-09 22:00:00']);
      expect((await eventsOf(first.id)).map((event) => [event.start_date, event.end_date])).toEqual([
        ['2027-01-12 19:00:00', '2027-01-12 22:00:00'],
        ['2027-02-09 19:00:00', '2027-02-09 22:00:00'],
        ['2027-03-09 19:00:00', '2027-03-09 22:00:00'],
        ['2027-04-13 19:00:00', '2027-04-13 22:00:00'],
      ]);
      // An earlier time for all (it was a 404: the first event moved onto the occurrence's day).
      const earlier = await c
        .write('patch', `/events/${second.id}?scope=all`, { start_date: '2027-02-09 18:00', end_date: '2027-02-09 20:00' }, 'administrator')
        .expect(200);
      expect([earlier.body.id, earlier.body.start_date, earlier.body.end_date]).toEqual([
        second.id,
        '2027-02-09 18:00:00',
        '2027-02-09 20:00:00',
      ]);
      expect(startsOf(await eventsOf(first.id))).toEqual([
        '2027-01-12 18:00:00',
        '2027-02-09 18:00:00',
        '2027-03-09 18:00:00',
        '2027-04-13 18:00:00',
      ]);
      // A bad date is named and changes nothing; so is a start on another day (the occurrences are keyed by their days).
      invalid(await c.write('patch', `/events/${second.id}?scope=all`, { start_date: 'someday' }, 'administrator'), 'start_date');
      const otherDay = await c.write(
        'patch',
        `/events/${second.id}?scope=all`,
        { start_date: '2027-02-10 18:00', title: 'Moved' },
        'administrator',
      );
      invalid(otherDay, 'start_date');
      expect((await eventsOf(first.id)).map((event) => [event.id, event.title, event.start_date])).toEqual([
        [first.id, 'Yoga class', '2027-01-12 18:00:00'],
        [second.id, 'Yoga class', '2027-02-09 18:00:00'],
        [expect.any(Number), 'Yoga class', '2027-03-09 18:00:00'],
        [expect.any(Number), 'Yoga class', '2027-04-13 18:00:00'],
      ]);
    });

    it('regenerates on a rule or time change, keeping the ids of dates that stay and the dates of exceptions', async () => {
      const first = await series({
        start_date: '2027-08-02 10:00',
        end_date: '2027-08-02 11:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=5'],
      });
      const before = await eventsOf(first.id);
      await c
        .write('patch', `/events/${before[2].id}`, { start_date: '2027-08-17 09:00', end_date: '2027-08-17 10:00' }, 'administrator')
        .expect(200);
      await c
        .write(
          'patch',
          `/events/${first.id}`,
          { start_date: '2027-08-02 18:00', end_date: '2027-08-02 19:00', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] },
          'administrator',
        )
        .expect(200);
      const after = await eventsOf(first.id);
      expect(after.map((event) => [event.id, event.start_date])).toEqual([
        [first.id, '2027-08-02 18:00:00'],
        [before[1].id, '2027-08-09 18:00:00'],
        [before[2].id, '2027-08-17 09:00:00'],
      ]);
      expect(after[0].recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=3']);
      await termCountsMatchRecount();
    });

    it('splits the series at an occurrence with scope following', async () => {
      const first = await series({
        start_date: '2027-10-04 10:00',
        end_date: '2027-10-04 11:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'],
      });
      const before = await eventsOf(first.id);
      const res = await c.write('patch', `/events/${before[3].id}?scope=following`, { title: 'Evening yoga' }, 'administrator').expect(200);
      expect(res.body).toMatchObject({ id: before[3].id, post_parent: 0, recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] });
      const old = await eventsOf(first.id);
      expect(old.map((event) => event.id)).toEqual(before.slice(0, 3).map((event) => event.id));
      // The end of the day before, in UTC beside a DTSTART with a zone (RFC 5545 §3.3.10): 23:59:59 EDT.
      expect(old[0].recurrence).toEqual(['RRULE:FREQ=WEEKLY;UNTIL=20271025T035959Z']);
      const split = await eventsOf(before[3].id);
      expect(split.map((event) => [event.title, event.start_date])).toEqual([
        ['Evening yoga', '2027-10-25 10:00:00'],
        ['Evening yoga', '2027-11-01 10:00:00'],
        ['Evening yoga', '2027-11-08 10:00:00'],
      ]);
    });

    it('splits RDATE and EXDATE values by their day, and counts only the rule’s dates before the split', async () => {
      const first = await series({
        start_date: '2027-10-04 10:00',
        end_date: '2027-10-04 11:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6', 'RDATE:20271020T100000Z,20271103T100000Z', 'EXDATE;VALUE=DATE:20271011,20271115'],
      });
      const before = await eventsOf(first.id);
      expect(startsOf(before)).toEqual([
        '2027-10-04 10:00:00',
        '2027-10-18 10:00:00',
        '2027-10-20 10:00:00',
        '2027-10-25 10:00:00',
        '2027-11-01 10:00:00',
        '2027-11-03 10:00:00',
        '2027-11-08 10:00:00',
      ]);
      const at = before.find((event) => event.start_date === '2027-10-25 10:00:00')!;
      const res = await c.write('patch', `/events/${at.id}?scope=following`, { title: 'Evening yoga' }, 'administrator').expect(200);
      // Three dates of the rule before the split (4, 11 and 18 October; the EXDATE does not change the count).
      expect(res.body.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=3', 'RDATE:20271103T100000Z', 'EXDATE;VALUE=DATE:20271115']);
      const old = await eventsOf(first.id);
      expect(old[0].recurrence).toEqual([
        'RRULE:FREQ=WEEKLY;UNTIL=20271024T235959Z',
        'RDATE:20271020T100000Z',
        'EXDATE;VALUE=DATE:20271011',
      ]);
      expect(startsOf(old)).toEqual(['2027-10-04 10:00:00', '2027-10-18 10:00:00', '2027-10-20 10:00:00']);
      // Every date once: 3 November is the new series' alone.
      expect(startsOf(await eventsOf(at.id))).toEqual([
        '2027-10-25 10:00:00',
        '2027-11-01 10:00:00',
        '2027-11-03 10:00:00',
        '2027-11-08 10:00:00',
      ]);
    });

    it('keeps a later date deleted for good, and a later occurrence trashed on its own, as they were when splitting', async () => {
      const first = await series({
        start_date: '2027-02-01 10:00',
        end_date: '2027-02-01 11:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=5'],
      });
      const events = await eventsOf(first.id);
      await c.write('delete', `/events/${events[3].id}?force=true`, undefined, 'administrator').expect(200);
      await c.write('delete', `/events/${events[4].id}`, undefined, 'administrator').expect(200);
      await c.write('patch', `/events/${events[2].id}?scope=following`, { title: 'Later' }, 'administrator').expect(200);
      const split = await eventsOf(events[2].id);
      expect(split.map((e) => [e.start_date, e.status])).toEqual([
        ['2027-02-15 10:00:00', 'publish'],
        ['2027-03-01 10:00:00', 'trash'],
      ]);
    });

    it('does not let a split at an RDATE after the rule’s last date extend the old rule up to it', async () => {
      const first = await series({
        start_date: '2027-01-04 10:00',
        end_date: '2027-01-04 11:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3', 'RDATE:20270301T100000Z'],
      });
      const events = await eventsOf(first.id);
      expect(events.map((e) => (e.start_date as string).slice(0, 10))).toEqual(['2027-01-04', '2027-01-11', '2027-01-18', '2027-03-01']);
      await c.write('patch', `/events/${events[3].id}?scope=following`, { title: 'Later' }, 'administrator').expect(200);
      expect((await eventsOf(first.id)).map((e) => (e.start_date as string).slice(0, 10))).toEqual([
        '2027-01-04',
        '2027-01-11',
        '2027-01-18',
      ]);
    });

    it('counts the first event among COUNT only when the rule makes its date (a Wednesday for BYDAY=MO is not)', async () => {
      const first = await series({
        start_date: '2027-10-06 10:00',
        end_date: '2027-10-06 11:00',
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3'],
      });
      const before = await eventsOf(first.id);
      expect(startsOf(before)).toEqual(['2027-10-06 10:00:00', '2027-10-11 10:00:00', '2027-10-18 10:00:00', '2027-10-25 10:00:00']);
      const res = await c.write('patch', `/events/${before[2].id}?scope=following`, { title: 'Later yoga' }, 'administrator').expect(200);
      expect(res.body.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2']);
      expect(startsOf(await eventsOf(first.id))).toEqual(['2027-10-06 10:00:00', '2027-10-11 10:00:00']);
      expect(startsOf(await eventsOf(before[2].id))).toEqual(['2027-10-18 10:00:00', '2027-10-25 10:00:00']);
    });

    it('ends a series with recurrence [], leaving the first event alone', async () => {
      const first = await series({ start_date: '2027-12-06 10:00', end_date: '2027-12-06 11:00', recurrence: WEEKLY });
      const res = await c.write('patch', `/events/${first.id}`, { recurrence: [] }, 'administrator').expect(200);
      expect(Object.keys(res.body)).toEqual(EVENT_KEYS);
      expect(await c.count(`events WHERE post_parent = ${first.id}`)).toBe(0);
    });
  });

  describe('trash, restore and delete', () => {
    it("refuses a contributor's series write through its own trashed occurrence once an editor published the series", async () => {
      const first = await c.create(
        { title: 'Draft yoga', start_date: '2028-02-07 10:00', end_date: '2028-02-07 11:00', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] },
        'contributor',
      );
      const [, second, third] = await eventsOf(first.id);
      await c.write('delete', `/events/${third.id}`, undefined, 'contributor').expect(200);
      await c.write('patch', `/events/${first.id}`, { status: 'publish' }, 'editor').expect(200);
      expect((await eventsOf(first.id)).map((event) => event.status)).toEqual(['publish', 'publish', 'trash']);
      await c.write('patch', `/events/${first.id}`, { title: 'Cancelled' }, 'contributor').expect(403);
      for (const scope of ['all', 'following']) {
        await c.write('patch', `/events/${third.id}?scope=${scope}`, { title: 'Cancelled' }, 'contributor').expect(403);
        await c.write('delete', `/events/${third.id}?scope=${scope}&force=true`, undefined, 'contributor').expect(403);
      }
      expect((await eventsOf(first.id)).map((event) => [event.id, event.title, event.status])).toEqual([
        [first.id, 'Draft yoga', 'publish'],
        [second.id, 'Draft yoga', 'publish'],
        [third.id, 'Draft yoga', 'trash'],
      ]);
      // Its own unpublished occurrence alone stays the contributor's to change.
      await c.write('patch', `/events/${third.id}`, { title: 'Mine alone' }, 'contributor').expect(200);
      await c.write('patch', `/events/${third.id}?scope=all`, { title: 'Everyone' }, 'editor').expect(200);
    });

    it('moves the children of occurrences a rule change deletes up to the series, and anonymous reads see it at once', async () => {
      const first = await series({
        start_date: '2028-03-06 10:00',
        end_date: '2028-03-06 11:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
      });
      const [, second] = await eventsOf(first.id);
      const child = await c.create({
        title: 'Child of an occurrence',
        start_date: '2028-03-20 10:00',
        end_date: '2028-03-20 11:00',
        post_parent: second.id,
      });
      expect((await c.get(`/events/${child.id}`).expect(200)).body.post_parent).toBe(second.id);
      await c.write('patch', `/events/${first.id}`, { recurrence: ['RRULE:FREQ=WEEKLY;COUNT=1'] }, 'administrator').expect(200);
      await c.get(`/events/${second.id}`).expect(404);
      expect((await c.get(`/events/${child.id}`).expect(200)).body.post_parent).toBe(first.id);
    });

    it('trashes one occurrence, then the series, restores the series without the one trashed alone, and deletes for good', async () => {
      const category = await c.createTerm('categories', { name: `Class ${Math.random()}` });
      const first = await series({
        start_date: '2028-01-03 10:00',
        end_date: '2028-01-03 11:00',
        categories: [category.id],
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
      });
      const [, second, third] = await eventsOf(first.id);
      await c.write('delete', `/events/${second.id}`, undefined, 'administrator').expect(200);
      await termCountsMatchRecount();
      const trashed = await c.write('delete', `/events/${third.id}?scope=all`, undefined, 'administrator').expect(200);
      expect(trashed.body).toMatchObject({ id: third.id, status: 'trash' });
      expect((await eventsOf(first.id)).map((event) => event.status)).toEqual(['trash', 'trash', 'trash', 'trash']);
      await termCountsMatchRecount();
      await c.write('patch', `/events/${first.id}`, { status: 'publish' }, 'administrator').expect(200);
      expect((await eventsOf(first.id)).map((event) => event.status)).toEqual(['publish', 'trash', 'publish', 'publish']);
      await termCountsMatchRecount();

      await c.write('delete', `/events/${third.id}?force=true`, undefined, 'administrator').expect(200);
      // A permanently deleted occurrence is not made again by the next rule change.
      await c.write('patch', `/events/${first.id}`, { recurrence: ['RRULE:FREQ=WEEKLY;COUNT=5'] }, 'administrator').expect(200);
      expect((await eventsOf(first.id)).map((event) => event.start_date)).toEqual([
        '2028-01-03 10:00:00',
        '2028-01-10 10:00:00',
        '2028-01-24 10:00:00',
        '2028-01-31 10:00:00',
      ]);
      const deleted = await c.write('delete', `/events/${second.id}?scope=all&force=true`, undefined, 'administrator').expect(200);
      expect(deleted.body).toMatchObject({ deleted: true, previous: { id: second.id } });
      expect(await c.count(`events WHERE id = ${first.id} OR post_parent = ${first.id}`)).toBe(0);
      expect(await c.count(`event_occurrences WHERE series_id = ${first.id}`)).toBe(0);
      await termCountsMatchRecount();
    });

    it('trashes this and the following occurrences with scope following', async () => {
      const first = await series({
        start_date: '2028-02-07 10:00',
        end_date: '2028-02-07 11:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
      });
      const [, second] = await eventsOf(first.id);
      await c.write('delete', `/events/${second.id}?scope=following`, undefined, 'administrator').expect(200);
      expect((await eventsOf(first.id)).map((event) => event.status)).toEqual(['publish', 'trash', 'trash', 'trash']);
    });

    it('ends the rule the day before when this and the following occurrences are deleted for good: the horizon made them again', async () => {
      const first = await series({ start_date: '2027-01-04 10:00', end_date: '2027-01-04 11:00', recurrence: ['RRULE:FREQ=WEEKLY'] });
      const events = await eventsOf(first.id);
      const third = events[2];
      await c.write('delete', `/events/${third.id}?scope=following&force=true`, undefined, 'administrator').expect(200);
      await t.app.get(RecurrenceService).extendAll(new Date(Date.now() + 70 * 86_400_000));
      const after = await eventsOf(first.id);
      expect(after.map((e) => e.start_date)).toEqual(events.slice(0, 2).map((e) => e.start_date));
    });

    it('sends the dates the horizon adds after occurrences trashed with scope following to the trash too, and restores them with the series', async () => {
      const first = await series({ start_date: '2027-01-05 10:00', end_date: '2027-01-05 11:00', recurrence: ['RRULE:FREQ=WEEKLY'] });
      const events = await eventsOf(first.id);
      await c.write('delete', `/events/${events[2].id}?scope=following`, undefined, 'administrator').expect(200);
      const before = await c.count(`events WHERE post_parent = ${first.id}`);
      await t.app.get(RecurrenceService).extendAll(new Date(Date.now() + 70 * 86_400_000));
      expect(await c.count(`events WHERE post_parent = ${first.id}`)).toBeGreaterThan(before);
      expect(await c.count(`events WHERE post_parent = ${first.id} AND status <> 'trash'`)).toBe(1);
      // Restoring the series brings them all back, the new dates with the others.
      await c.write('patch', `/events/${first.id}`, { status: 'publish' }, 'administrator').expect(200);
      expect(await c.count(`events WHERE post_parent = ${first.id} AND status <> 'publish'`)).toBe(0);
    });

    it('keeps the permissions of the series: an author may not edit an editor’s series', async () => {
      const first = await series({ start_date: '2028-03-06 10:00', end_date: '2028-03-06 11:00', recurrence: WEEKLY });
      const [, second] = await eventsOf(first.id);
      await c.write('patch', `/events/${second.id}?scope=all`, { title: 'Mine' }, 'author').expect(403);
      await c.write('delete', `/events/${second.id}?scope=all`, undefined, 'author').expect(403);
    });
  });

  describe('iCalendar feeds', () => {
    /** Every occurrence a feed makes up to `until`, expanded by ical.js: [UTC start, title] (with `withEnd`, [UTC start, UTC end, title]), sorted. */
    const expand = (text: string, until: string, withEnd = false): string[][] => {
      const calendar = new ICAL.Component(ICAL.parse(text));
      const vevents = calendar.getAllSubcomponents('vevent');
      const instant = (time: ICAL.Time) => new Date(time.toUnixTime() * 1000).toISOString().slice(0, 19).replace('T', ' ');
      const end = ICAL.Time.fromDateTimeString(until.replace(' ', 'T'));
      const found: string[][] = [];
      for (const component of vevents.filter((vevent) => !vevent.hasProperty('recurrence-id'))) {
        const event = new ICAL.Event(component);
        for (const exception of vevents.filter((vevent) => vevent.hasProperty('recurrence-id')))
          if (exception.getFirstPropertyValue('uid') === event.uid) event.relateException(exception);
        if (!event.isRecurring()) {
          found.push(
            withEnd ? [instant(event.startDate), instant(event.endDate), event.summary] : [instant(event.startDate), event.summary],
          );
          continue;
        }
        const iterator = event.iterator();
        for (let next = iterator.next(); next && next.compare(end) <= 0; next = iterator.next()) {
          const details = event.getOccurrenceDetails(next);
          found.push(
            withEnd
              ? [instant(details.startDate), instant(details.endDate), details.item.summary]
              : [instant(details.startDate), details.item.summary],
          );
        }
      }
      return found.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
    };

    it('writes a series as one VEVENT with RRULE, EXDATE and RDATE, exceptions with RECURRENCE-ID, and expands to the list', async () => {
      await c.reset();
      const first = await series({
        title: 'Choir',
        start_date: '2027-02-01 19:00:00',
        end_date: '2027-02-01 21:00:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=WEEKLY;UNTIL=20270426T235959Z', 'EXDATE;TZID=America/New_York:20270222T190000', 'RDATE:20270305T000000Z'],
      });
      await c.create({ title: 'Concert', start_date: '2027-03-10 20:00:00', end_date: '2027-03-10 22:00:00' });
      const events = await eventsOf(first.id);
      const byDate = (date: string) => events.find((event) => String(event.start_date).startsWith(date))!;
      await c
        .write(
          'patch',
          `/events/${byDate('2027-03-15').id}`,
          { title: 'Choir: guest conductor', start_date: '2027-03-15 18:00', end_date: '2027-03-15 20:00' },
          'administrator',
        )
        .expect(200);
      await c.write('delete', `/events/${byDate('2027-03-29').id}`, undefined, 'administrator').expect(200);

      for (const window of ['start_date=2027-01-01&end_date=2027-06-30', 'start_date=2027-03-01&end_date=2027-06-30']) {
        const list = await c.list(`${window}&per_page=100`).expect(200);
        const listed = (list.body.events as EventSummary[])
          .map((event) => [event.utc_start_date as string, event.title])
          .sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
        const feed = await c.get(`/events/ics?${window}`).expect(200);
        expect(feed.text.match(/^RRULE:/gm)).toHaveLength(1);
        expect(feed.text).toMatch(/^RECURRENCE-ID;TZID=America\/New_York:20270315T190000\r$/m);
        expect(expand(feed.text, '2027-06-30 23:59:59')).toEqual(listed);
      }
      const listed = await c.list('start_date=2027-01-01&end_date=2027-06-30&per_page=100').expect(200);
      // 13 Mondays to 26 April, less the EXDATE and the trashed one, plus the RDATE (4 March 19:00 in New York), plus the concert.
      expect(listed.body.events).toHaveLength(13);
    });

    it('places an occurrence in the hour repeated when clocks go back at its first instant, and keeps a series starting there in local time', async () => {
      await c.reset();
      // New York goes back at 02:00 EDT on 7 November 2027: 01:30 is 05:30Z (EDT), then 06:30Z (EST).
      const before = await series({
        title: 'Night shift',
        start_date: '2027-11-06 01:30:00',
        end_date: '2027-11-06 01:45:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
      });
      expect(startsOf(await eventsOf(before.id), 'utc_start_date')).toEqual([
        '2027-11-06 05:30:00',
        '2027-11-07 05:30:00',
        '2027-11-08 06:30:00',
      ]);
      const within = await series({
        title: 'Night watch',
        start_date: '2027-11-07 01:30:00',
        end_date: '2027-11-07 01:45:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
      });
      expect(startsOf(await eventsOf(within.id), 'utc_start_date')).toEqual([
        '2027-11-07 05:30:00',
        '2027-11-08 06:30:00',
        '2027-11-09 06:30:00',
      ]);
      const feed = await c.get('/events/ics?start_date=2027-10-01&end_date=2027-12-31').expect(200);
      // In UTC the rule would run in UTC: 00:30 local from the next day on.
      const watch = feed.text.split('BEGIN:VEVENT').find((vevent) => vevent.includes('SUMMARY:Night watch'))!;
      expect(watch).toMatch(/^DTSTART;TZID=America\/New_York:20271107T013000\r$/m);
      expect(watch).toMatch(/^RRULE:FREQ=DAILY;COUNT=3\r$/m);
      // Its length as DURATION: a DTEND read as the first instant (RFC 5545) beside a DTSTART read
      // as the second (ical.js) made every instance an hour shorter there.
      expect(watch).toMatch(/^DURATION:PT15M\r$/m);
    });

    it('moves the RECURRENCE-ID of an occurrence moved on its own when the series moves, so the feed still expands to the list', async () => {
      await c.reset();
      const first = await series({
        title: 'Yoga',
        start_date: '2027-01-04 18:30:00',
        end_date: '2027-01-04 20:00:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=5'],
      });
      const [, , third] = await eventsOf(first.id);
      await c
        .write(
          'patch',
          `/events/${third.id}`,
          { title: 'Yoga on Tuesday', start_date: '2027-01-19 19:00', end_date: '2027-01-19 20:30' },
          'administrator',
        )
        .expect(200);
      await c
        .write('patch', `/events/${first.id}`, { start_date: '2027-01-04 07:00', end_date: '2027-01-04 08:00' }, 'administrator')
        .expect(200);
      const window = 'start_date=2027-01-01&end_date=2027-03-31';
      const listed = ((await c.list(`${window}&per_page=50`).expect(200)).body.events as EventSummary[])
        .map((event) => [event.utc_start_date as string, event.title])
        .sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
      expect(listed).toContainEqual(['2027-01-20 00:00:00', 'Yoga on Tuesday']);
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      expect(feed.text).toMatch(/^RECURRENCE-ID;TZID=America\/New_York:20270118T070000\r$/m);
      expect(expand(feed.text, '2027-03-31 23:59:59')).toEqual(listed);
    });

    it("writes an occurrence made all-day on its own with a RECURRENCE-ID of the series' value type", async () => {
      await c.reset();
      const first = await series({
        title: 'Timed',
        start_date: '2027-06-03 10:00:00',
        end_date: '2027-06-03 11:00:00',
        timezone: 'Europe/Berlin',
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
      });
      const [, second] = await eventsOf(first.id);
      await c.write('patch', `/events/${second.id}`, { all_day: true }, 'administrator').expect(200);
      const feed = await c.get('/events/ics?start_date=2027-06-01&end_date=2027-06-30').expect(200);
      expect(feed.text.match(/^RECURRENCE-ID.*$/gm)).toEqual(['RECURRENCE-ID;TZID=Europe/Berlin:20270604T100000']);
      expect(feed.text).toMatch(/^DTSTART;VALUE=DATE:20270604\r$/m);
    });

    it('still reads and writes series stored with lines the input rules now refuse', async () => {
      await c.reset();
      const first = await series({
        title: 'Old lines',
        start_date: '2027-05-03 09:00:00',
        end_date: '2027-05-03 10:00:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
      });
      await t.sql('UPDATE event_series SET recurrence = ? WHERE id = ?', [JSON.stringify(['RRULE;X-A=1:FREQ=WEEKLY;COUNT=3']), first.id]);
      await c.get('/events/ics?start_date=2027-05-01&end_date=2027-06-30').expect(200);
      await c
        .write(
          'patch',
          `/events/${first.id}`,
          { title: 'Old lines, renamed', start_date: '2027-05-03 11:00', end_date: '2027-05-03 12:00' },
          'administrator',
        )
        .expect(200);
      expect((await eventsOf(first.id)).map((event) => [event.title, event.start_date])).toEqual([
        ['Old lines, renamed', '2027-05-03 11:00:00'],
        ['Old lines, renamed', '2027-05-10 11:00:00'],
        ['Old lines, renamed', '2027-05-17 11:00:00'],
      ]);
    });

    /** The list's events in a window, as [UTC start, UTC end, title], sorted (as `expand` gives them with `withEnd`). */
    const listedWithEnds = async (window: string) =>
      ((await c.list(`${window}&per_page=50`).expect(200)).body.events as EventSummary[])
        .map((event) => [event.utc_start_date as string, event.utc_end_date as string, event.title])
        .sort((a, b) => a[0].localeCompare(b[0]) || a[2].localeCompare(b[2]));

    it('starts the VEVENT of a series whose first event the rule does not make at the rule’s first date, the first event an RDATE', async () => {
      await c.reset();
      // A Saturday first event, then fifteen dates of the rule (no Wednesdays, no Saturdays).
      await series({
        title: 'Odd start',
        start_date: '2028-01-15 16:45:00',
        end_date: '2028-01-15 19:45:00',
        timezone: 'Europe/London',
        recurrence: ['RRULE:FREQ=DAILY;BYDAY=MO,TU,TH,FR,SU;COUNT=15'],
      });
      const window = 'start_date=2028-01-01&end_date=2028-02-29';
      const listed = await listedWithEnds(window);
      expect(listed).toHaveLength(16);
      expect(listed.map(([start]) => start.slice(0, 10))).toEqual(expect.arrayContaining(['2028-01-15', '2028-01-16', '2028-02-04']));
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      // DTSTART is a date the rule makes, so its COUNT means the same to every reader: it stays.
      expect(feed.text).toMatch(/^DTSTART;TZID=Europe\/London:20280116T164500\r$/m);
      expect(feed.text).toMatch(/^DTEND;TZID=Europe\/London:20280116T194500\r$/m);
      expect(feed.text).toMatch(/^RRULE:FREQ=DAILY;BYDAY=MO,TU,TH,FR,SU;COUNT=15\r$/m);
      expect(feed.text).toMatch(/^RDATE;TZID=Europe\/London:20280115T164500\r$/m);
      expect(feed.text).not.toMatch(/^RECURRENCE-ID/m);
      // ical.js made the first event twice when it was the DTSTART and an RDATE.
      expect(expand(feed.text, '2028-02-29 23:59:59', true)).toEqual(listed);
    });

    it('excludes the rule’s first date of such a series and later dates alike, the first event outside the window', async () => {
      await c.reset();
      // A Friday first event, then the second Mondays of August to November 2027.
      const first = await series({
        title: 'Second Monday',
        start_date: '2027-07-30 21:30:00',
        end_date: '2027-07-30 22:30:00',
        recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=2MO;COUNT=4'],
      });
      const [, august, , october] = await eventsOf(first.id);
      expect([august.start_date, october.start_date]).toEqual(['2027-08-09 21:30:00', '2027-10-11 21:30:00']);
      await c.write('delete', `/events/${august.id}`, undefined, 'administrator').expect(200);
      await c.write('delete', `/events/${october.id}`, undefined, 'administrator').expect(200);
      const window = 'start_date=2027-08-01&end_date=2027-12-31';
      const listed = await listedWithEnds(window);
      expect(listed.map(([start]) => start)).toEqual(['2027-09-13 21:30:00', '2027-11-08 21:30:00']);
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      expect(feed.text).toMatch(/^DTSTART:20270809T213000Z\r$/m);
      expect(feed.text).toMatch(/^RRULE:FREQ=MONTHLY;BYDAY=2MO;COUNT=4\r$/m);
      expect(feed.text.match(/^(RDATE|EXDATE).*$/gm)).toEqual(['EXDATE:20270809T213000Z', 'EXDATE:20271011T213000Z']);
      // With the first event as DTSTART and excluded, ical.js ignored every later EXDATE (11 October came back).
      expect(expand(feed.text, '2027-12-31 23:59:59', true)).toEqual(listed);
    });

    it('writes a first event the rule does not make as an instance of its own where it lasts longer than the rule’s first date', async () => {
      await c.reset();
      // 01:30 to 03:30 in New York: two hours on Saturday 13 March 2027, one on Sunday 14 (clocks skip 02:00 to 03:00).
      await series({
        title: 'Night shift',
        start_date: '2027-03-13 01:30:00',
        end_date: '2027-03-13 03:30:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=2'],
      });
      const window = 'start_date=2027-03-01&end_date=2027-03-31';
      const listed = await listedWithEnds(window);
      expect(listed).toEqual([
        ['2027-03-13 06:30:00', '2027-03-13 08:30:00', 'Night shift'],
        ['2027-03-14 06:30:00', '2027-03-14 07:30:00', 'Night shift'],
        ['2027-03-21 05:30:00', '2027-03-21 07:30:00', 'Night shift'],
      ]);
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      expect(feed.text).toMatch(/^DTSTART;TZID=America\/New_York:20270314T013000\r$/m);
      expect(feed.text).toMatch(/^RDATE;TZID=America\/New_York:20270313T013000\r$/m);
      // The RDATE would last DTEND - DTSTART, the one hour of 14 March; so would the rule's 21 March.
      // 14 March itself too: ical.js adds that hour to its 01:30 in wall-clock time (02:30, read as 06:30Z).
      expect(feed.text.match(/^RECURRENCE-ID.*$/gm)).toEqual([
        'RECURRENCE-ID;TZID=America/New_York:20270313T013000',
        'RECURRENCE-ID;TZID=America/New_York:20270314T013000',
        'RECURRENCE-ID;TZID=America/New_York:20270321T013000',
      ]);
      expect(expand(feed.text, '2027-03-31 23:59:59', true)).toEqual(listed);
    });

    it('keeps the rule’s clock in a DTSTART that a DST gap skips, and writes a first event of an all-day series as a DATE', async () => {
      await c.reset();
      // 02:30 on Saturday 13 March 2027 in New York; the rule's first date, Sunday 14, has no 02:30 (03:30 then).
      await series({
        title: 'Gap',
        start_date: '2027-03-13 02:30:00',
        end_date: '2027-03-13 03:00:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=2'],
      });
      await series({
        title: 'Fair',
        start_date: '2027-03-10',
        end_date: '2027-03-10',
        all_day: true,
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=FR;COUNT=2'],
      });
      const window = 'start_date=2027-03-01&end_date=2027-03-31';
      const listed = await listedWithEnds(window);
      expect(listed.filter(([, , title]) => title === 'Gap').map(([start]) => start)).toEqual([
        '2027-03-13 07:30:00',
        '2027-03-14 07:30:00',
        '2027-03-21 06:30:00',
      ]);
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      // At 03:30 the rule would repeat 03:30; 02:30 reads as 03:30 that day (the offset before the gap, RFC 5545 §3.3.5).
      expect(feed.text).toMatch(/^DTSTART;TZID=America\/New_York:20270314T023000\r\nDURATION:PT30M\r$/m);
      expect(feed.text).toMatch(/^DTSTART;VALUE=DATE:20270312\r$/m);
      expect(feed.text).toMatch(/^RDATE;VALUE=DATE:20270310\r$/m);
      expect(feed.text).toMatch(/^RRULE:FREQ=WEEKLY;BYDAY=FR;COUNT=2\r$/m);
      // ical.js reads a clock a gap skips with the offset after it (06:30Z): all but that instance agree.
      const gapDay = ([start, , title]: string[]) => title === 'Gap' && !start.startsWith('2027-03-14');
      expect(expand(feed.text, '2027-03-31 23:59:59', true).filter(gapDay)).toEqual(listed.filter(gapDay));
    });

    it('writes a series without a rule, or whose rule makes no date, with a rule of its DTSTART alone, which ical.js keeps beside RDATEs', async () => {
      await c.reset();
      // A Wednesday first event; no Monday until 5 March: the series is the first event and its RDATE.
      await series({
        title: 'Nothing ruled',
        start_date: '2027-03-03 09:00:00',
        end_date: '2027-03-03 10:00:00',
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20270305', 'RDATE:20270310T090000Z'],
      });
      await series({
        title: 'Dates only',
        start_date: '2027-03-04 09:00:00',
        end_date: '2027-03-04 10:00:00',
        recurrence: ['RDATE:20270311T090000Z'],
      });
      const window = 'start_date=2027-03-01&end_date=2027-03-31';
      const listed = await listedWithEnds(window);
      expect(listed.map(([start]) => start)).toEqual([
        '2027-03-03 09:00:00',
        '2027-03-04 09:00:00',
        '2027-03-10 09:00:00',
        '2027-03-11 09:00:00',
      ]);
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      expect(feed.text).toMatch(/^DTSTART:20270303T090000Z\r$/m);
      expect(feed.text.match(/^(RRULE|RDATE|EXDATE).*$/gm)).toEqual([
        'RRULE:FREQ=DAILY;COUNT=1',
        'RDATE:20270310T090000Z',
        'RRULE:FREQ=DAILY;COUNT=1',
        'RDATE:20270311T090000Z',
      ]);
      expect(expand(feed.text, '2027-03-31 23:59:59', true)).toEqual(listed);
    });

    it('writes an occurrence whose wall-clock length spans a DST change as an instance of its own, so the feed keeps its end', async () => {
      await c.reset();
      // 01:30 to 03:30 in New York: two hours, but one on 14 March 2027, when clocks skip 02:00 to 03:00.
      await series({
        title: 'Night shift',
        start_date: '2027-03-13 01:30:00',
        end_date: '2027-03-13 03:30:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
      });
      const window = 'start_date=2027-03-01&end_date=2027-03-31';
      const listed = ((await c.list(`${window}&per_page=50`).expect(200)).body.events as EventSummary[])
        .map((event) => [event.utc_start_date as string, event.utc_end_date as string, event.title])
        .sort((a, b) => a[0].localeCompare(b[0]));
      expect(listed).toEqual([
        ['2027-03-13 06:30:00', '2027-03-13 08:30:00', 'Night shift'],
        ['2027-03-14 06:30:00', '2027-03-14 07:30:00', 'Night shift'],
        ['2027-03-15 05:30:00', '2027-03-15 07:30:00', 'Night shift'],
      ]);
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      // The RRULE would give it the first event's exact two hours (RFC 5545 §3.8.5.3).
      expect(feed.text).toMatch(/^RECURRENCE-ID;TZID=America\/New_York:20270314T013000\r$/m);
      expect(expand(feed.text, '2027-03-31 23:59:59', true)).toEqual(listed);
    });

    it('writes an RDATE on a date the rule makes at another time of day, and excludes the rule’s instance there', async () => {
      await c.reset();
      // The occurrence of 10 May is the RDATE's 08:00 (one a day, the earliest), not the rule's 09:00.
      await series({
        title: 'Early bird',
        start_date: '2027-05-03 09:00:00',
        end_date: '2027-05-03 10:00:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3', 'RDATE:20270510T080000'],
      });
      const window = 'start_date=2027-05-01&end_date=2027-05-31';
      const listed = ((await c.list(`${window}&per_page=50`).expect(200)).body.events as EventSummary[])
        .map((event) => [event.utc_start_date as string, event.utc_end_date as string, event.title])
        .sort((a, b) => a[0].localeCompare(b[0]));
      expect(listed.map(([start]) => start)).toEqual(['2027-05-03 09:00:00', '2027-05-10 08:00:00', '2027-05-17 09:00:00']);
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      expect(feed.text).toMatch(/^RDATE:20270510T080000Z\r$/m);
      expect(feed.text).toMatch(/^EXDATE:20270510T090000Z\r$/m);
      expect(expand(feed.text, '2027-05-31 23:59:59', true)).toEqual(listed);
    });

    it('reads an RDATE or EXDATE date-time of an all-day series as its whole day', async () => {
      await c.reset();
      const first = await series({
        title: 'Fair',
        start_date: '2027-03-10',
        end_date: '2027-03-10',
        all_day: true,
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3', 'RDATE;TZID=America/New_York:20270312T150000', 'EXDATE:20270317T160000Z'],
      });
      const events = await eventsOf(first.id);
      expect(events.map((event) => [event.start_date, event.end_date])).toEqual([
        ['2027-03-10 00:00:00', '2027-03-10 23:59:59'],
        ['2027-03-12 00:00:00', '2027-03-12 23:59:59'],
        ['2027-03-24 00:00:00', '2027-03-24 23:59:59'],
      ]);
      const feed = await c.get('/events/ics?start_date=2027-03-01&end_date=2027-03-31').expect(200);
      expect(feed.text).toMatch(/^RDATE;VALUE=DATE:20270312\r$/m);
    });

    const feedMatchesList = async (window: string, until: string) => {
      const list = await c.list(`${window}&per_page=50`).expect(200);
      const listed = (list.body.events as EventSummary[])
        .map((event) => [event.utc_start_date as string, event.title])
        .sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      expect(expand(feed.text, until)).toEqual(listed);
      return feed.text;
    };

    it('expands to the list after an EXDATE on a DST-gap day, a split keeping deleted dates and a delete of the following ones', async () => {
      await c.reset();
      await series({
        title: 'Night',
        start_date: '2027-03-07 02:30',
        end_date: '2027-03-07 03:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE;TZID=America/New_York:20270314T023000'],
      });
      const split = await series({
        title: 'Split',
        start_date: '2027-02-01 10:00',
        end_date: '2027-02-01 11:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'],
      });
      const events = await eventsOf(split.id);
      await c.write('delete', `/events/${events[3].id}?force=true`, undefined, 'administrator').expect(200);
      await c.write('delete', `/events/${events[4].id}`, undefined, 'administrator').expect(200);
      await c
        .write(
          'patch',
          `/events/${events[2].id}?scope=following`,
          { start_date: '2027-02-15 12:00', end_date: '2027-02-15 13:00' },
          'administrator',
        )
        .expect(200);
      const cut = await series({
        title: 'Cut',
        start_date: '2027-02-02 10:00',
        end_date: '2027-02-02 11:00',
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=8'],
      });
      const cutEvents = await eventsOf(cut.id);
      await c.write('delete', `/events/${cutEvents[4].id}?scope=following&force=true`, undefined, 'administrator').expect(200);
      expect((await eventsOf(cut.id)).map((e) => e.recurrence)).toEqual(
        cutEvents.slice(0, 4).map(() => ['RRULE:FREQ=WEEKLY;UNTIL=20270301T235959Z']),
      );
      await feedMatchesList('start_date=2027-01-01&end_date=2027-06-30', '2027-06-30 23:59:59');
      await feedMatchesList('start_date=2027-02-10&end_date=2027-06-30', '2027-06-30 23:59:59');
    });

    it('names the instance of a day whose clock a DST gap skips by the rule’s clock in EXDATE and RECURRENCE-ID', async () => {
      await c.reset();
      const first = await series({
        title: 'Backup',
        start_date: '2027-03-13 02:30',
        end_date: '2027-03-13 03:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=DAILY;COUNT=4'],
      });
      const events = await eventsOf(first.id);
      expect(events[1]).toMatchObject({ start_date: '2027-03-14 03:30:00', utc_start_date: '2027-03-14 07:30:00' });
      await c.write('delete', `/events/${events[1].id}`, undefined, 'administrator').expect(200);
      const edited = await series({
        title: 'Other',
        start_date: '2027-03-13 02:30',
        end_date: '2027-03-13 03:00',
        timezone: 'America/New_York',
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
      });
      const others = await eventsOf(edited.id);
      await c.write('patch', `/events/${others[1].id}`, { title: 'Other, moved' }, 'administrator').expect(200);
      const text = await feedMatchesList('start_date=2027-03-01&end_date=2027-03-31', '2027-03-31 23:59:59');
      expect(text).toMatch(/^EXDATE;TZID=America\/New_York:20270314T023000\r$/m);
      expect(text).toMatch(/^RECURRENCE-ID;TZID=America\/New_York:20270314T023000\r$/m);
    });

    it('writes the events of a series on their own where a feed would exclude more than 100 of its dates', async () => {
      await c.reset();
      // Capped at 1,000 events: the last is on 25 February 2028.
      const first = await series({
        title: 'Forever',
        start_date: '2025-06-01 08:00:00',
        end_date: '2025-06-01 09:00:00',
        recurrence: ['RRULE:FREQ=DAILY'],
      });
      const window = 'start_date=2028-02-01&end_date=2028-11-30';
      const list = await c.list(`${window}&per_page=50`).expect(200);
      expect(list.headers['x-tec-total']).toBe('25');
      const listed = (list.body.events as EventSummary[]).map((event) => [event.utc_start_date as string, event.title]);
      expect(listed.at(-1)).toEqual(['2028-02-25 08:00:00', 'Forever']);
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      expect(feed.text).not.toMatch(/^(RRULE|EXDATE|RDATE|RECURRENCE-ID)/m);
      expect(feed.text.match(/^BEGIN:VEVENT/gm)).toHaveLength(25);
      expect(expand(feed.text, '2028-11-30 23:59:59')).toEqual(listed);
      const single = await c.get(`/events/${first.id}/ics`).expect(200);
      expect(single.text).not.toMatch(/^(RRULE|EXDATE)/m);
      expect(expand(single.text, '2030-01-01 00:00:00')).toEqual([['2025-06-01 08:00:00', 'Forever']]);
    });

    it('covers every instance the rule makes with the VTIMEZONE, up to the series’ last date', async () => {
      await c.reset();
      // To August 2028: summer times of the year after the first event's.
      await series({
        title: 'Open monthly',
        start_date: '2027-01-12 18:30:00',
        end_date: '2027-01-12 20:00:00',
        timezone: 'America/Chicago',
        recurrence: ['RRULE:FREQ=MONTHLY;COUNT=20;BYDAY=2TU'],
      });
      const window = 'start_date=2027-01-01&end_date=2028-12-31';
      const list = await c.list(`${window}&per_page=50`).expect(200);
      expect(list.body.events).toHaveLength(20);
      const listed = (list.body.events as EventSummary[]).map((event) => [event.utc_start_date as string, event.title]).sort();
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      expect(feed.text.match(/^EXDATE/gm)).toBeNull();
      expect(feed.text).toMatch(/^DTSTART:20281105T020000\r$/m);
      expect(expand(feed.text, '2028-12-31 23:59:59')).toEqual(listed);
    });

    it('shows nothing of a series the caller may not read: its occurrences in the feed are events of their own', async () => {
      await c.reset();
      const week = { start_date: '2027-07-05 09:00:00', end_date: '2027-07-05 10:00:00', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] };
      const draft = await series({ ...week, title: 'Draft series SECRET', status: 'draft' });
      const trashed = await series({ ...week, title: 'Trashed series HIDDEN' });
      const [, draftSecond] = await eventsOf(draft.id);
      await c
        .write('patch', `/events/${draftSecond.id}?scope=this`, { status: 'publish', title: 'Now public' }, 'administrator')
        .expect(200);
      await c.write('delete', `/events/${trashed.id}?scope=all`, undefined, 'administrator').expect(200);
      const [, trashedSecond] = await eventsOf(trashed.id);
      await c
        .write('patch', `/events/${trashedSecond.id}?scope=this`, { status: 'publish', title: 'Restored alone' }, 'administrator')
        .expect(200);

      const window = 'start_date=2027-07-01&end_date=2027-07-31';
      const list = await c.list(`${window}&per_page=100`).expect(200);
      const listed = (list.body.events as EventSummary[]).map((event) => [event.utc_start_date as string, event.title]).sort();
      expect(listed.map(([, title]) => title)).toEqual(['Now public', 'Restored alone']);
      for (const path of [`/events/ics?${window}`, `/events/${draftSecond.id}/ics`, `/events/${trashedSecond.id}/ics`]) {
        const feed = await c.get(path).expect(200);
        // Occurrences keep the slugs they were given from the series' title: their own, public, URLs aside.
        expect(feed.text.replace(/^URL:.*$/gm, '')).not.toMatch(/SECRET|HIDDEN|RRULE|EXDATE|RECURRENCE-ID/i);
        expect(feed.text).not.toContain(`UID:${draft.id}@`);
        expect(feed.text).not.toContain(`UID:${trashed.id}@`);
      }
      const feed = await c.get(`/events/ics?${window}`).expect(200);
      expect(expand(feed.text, '2027-07-31 23:59:59').sort()).toEqual(listed);
      // The administrator may read the draft series: it is written as one, the trashed one still not.
      const own = await c.get(`/events/${draftSecond.id}/ics`, 'administrator').expect(200);
      expect(own.text).toContain(`UID:${draft.id}@`);
      expect(own.text).toMatch(/^RRULE:FREQ=WEEKLY;COUNT=3\r$/m);
      expect(own.text).not.toContain('HIDDEN');
    });
  });
});
