import { In } from 'typeorm';
import { Role } from '../src/auth/roles';
import { TEST_DATABASES } from './support/databases';
import { Body, EVENT_KEYS, EventsClient } from './support/events';
import { TestApp } from './support/test-app';
import { dayCountsAndRebuild } from './support/day-counts';
import { ScheduledPublisher } from '../src/events/scheduled-publisher';
import { EventsWriteService } from '../src/events/events-write.service';
import { EventEntity } from '../src/events/event.entity';
import { VenueEntity } from '../src/venues/venue.entity';
import { OrganizerEntity } from '../src/organizers/organizer.entity';

const ROOT = 'http://calendar.test/calendar/events/v1';
const DATES = { start_date: '2030-01-10 10:00:00', end_date: '2030-01-10 12:00:00' };

describe.each(TEST_DATABASES)('event writes on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
  });
  afterAll(() => t.close());

  const post = (body: Body, role?: Role) => c.write('post', '/events', body, role);
  const occurrenceIds = async (seriesId: number) =>
    (
      await t.dataSource.query<{ id: number | string }[]>(
        'SELECT event_id AS id FROM event_occurrences WHERE series_id = ? AND event_id IS NOT NULL ORDER BY occurrence_date',
        [seriesId],
      )
    ).map((row) => Number(row.id));
  const statusesOf = async (ids: number[]) => {
    const rows = await t.dataSource.getRepository(EventEntity).find({ select: { id: true, status: true }, where: { id: In(ids) } });
    return ids.map((id) => rows.find((row) => row.id === id)?.status);
  };
  const invalid = async (body: Body, param: string, role: Role = 'administrator') => {
    const res = await post({ title: 'Invalid', ...DATES, ...body }, role).expect(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params)).toContain(param);
    return res.body;
  };

  describe('create', () => {
    it('refuses anonymous callers with 401 and WWW-Authenticate, before looking at the body', async () => {
      const res = await post({}).expect(401);
      expect(res.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
    });

    it('refuses subscribers with 403', async () => {
      const res = await post({ title: 'x', ...DATES }, 'subscriber').expect(403);
      expect(res.body.code).toBe('rest_forbidden');
    });

    it('names every missing required field in one 400, in declaration order', async () => {
      const res = await post({ description: 'no title' }, 'author').expect(400);
      expect(res.body).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): title, start_date, end_date',
        data: { status: 400, params: ['title', 'start_date', 'end_date'] },
      });
      const some = await post({ title: 'x', end_date: '2030-01-01' }, 'author').expect(400);
      expect(some.body.data.params).toEqual(['start_date']);
    });

    it('answers 201 with the event and a Location header', async () => {
      const res = await post({ title: 'Created', ...DATES }, 'author').expect(201);
      expect(Object.keys(res.body)).toEqual(EVENT_KEYS);
      expect(res.headers.location).toBe(`${ROOT}/events/${res.body.id}`);
      expect(res.body).toMatchObject({ status: 'publish', author: String(c.users.author.id), timezone: 'UTC', timezone_abbr: 'UTC' });
    });

    it('takes an empty timezone as the site zone, as the reference\'s rule allows ("empty, a timezone identifier, or a UTC offset")', async () => {
      for (const timezone of ['', '  ', null]) {
        const res = await post({ title: 'Site zone', ...DATES, timezone }, 'author').expect(201);
        expect(res.body).toMatchObject({ timezone: 'UTC', timezone_abbr: 'UTC', utc_start_date: res.body.start_date });
      }
    });

    it('accepts a form-encoded body', async () => {
      const res = await c.t.request
        .post(t.api('/events'))
        .set('Authorization', c.auth('editor'))
        .type('form')
        .send('title=Form+event&start_date=2030-01-10+10:00:00&end_date=2030-01-10+11:00:00&categories[]=Form+cat&featured=1')
        .expect(201);
      expect(res.body).toMatchObject({ title: 'Form event', featured: true, categories: [expect.objectContaining({ name: 'Form cat' })] });
    });

    it('takes keyed lists (categories[x]=...) as PHP reads them, and a term as {id}', async () => {
      const form = await c.t.request
        .post(t.api('/events'))
        .set('Authorization', c.auth('editor'))
        .type('form')
        .send('title=Keyed&start_date=2030-01-10+10:00:00&end_date=2030-01-10+11:00:00&categories[a]=Keyed+cat&tags[b]=keyed-tag')
        .expect(201);
      const category = form.body.categories[0] as { id: number; name: string };
      expect(category.name).toBe('Keyed cat');
      // A key named `id` in a form's keyed list is one more key: both values are terms.
      const withId = await c.t.request
        .post(t.api('/events'))
        .set('Authorization', c.auth('editor'))
        .type('form')
        .send(`title=Keyed+id&start_date=2030-01-10+10:00:00&end_date=2030-01-10+11:00:00&categories[id]=${category.id}&categories[x]=Rock`)
        .expect(201);
      expect((withId.body.categories as { name: string }[]).map((term) => term.name).sort()).toEqual(['Keyed cat', 'Rock']);
      expect(form.body.tags).toEqual([expect.objectContaining({ name: 'keyed-tag' })]);
      const json = await post(
        {
          title: 'By id object',
          ...DATES,
          categories: [{ id: category.id }, { id: String(category.id), taxonomy: 'tribe_events_cat' }],
          tags: { x: 'keyed-tag' },
        },
        'editor',
      ).expect(201);
      expect(json.body.categories).toEqual([expect.objectContaining({ id: category.id })]);
      expect(json.body.tags).toEqual([expect.objectContaining({ name: 'keyed-tag' })]);
    });

    it.each([
      [{ title: '' }, 'title'],
      [{ title: '<b></b>' }, 'title'],
      [{ start_date: 'garbage' }, 'start_date'],
      [{ end_date: 'soon' }, 'end_date'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ timezone: 'UTC+15' }, 'timezone'],
      [{ status: 'trash' }, 'status'],
      [{ status: 'maybe' }, 'status'],
      [{ all_day: 'yes' }, 'all_day'],
      [{ featured: 'no' }, 'featured'],
      [{ website: 'ftp://example.com' }, 'website'],
      [{ website: 'not a url' }, 'website'],
      [{ image: 'https://example.com/file.pdf' }, 'image'],
      [{ image: 'javascript:alert(1)' }, 'image'],
      [{ image: 999999 }, 'image'],
      [{ author: 'someone' }, 'author'],
      [{ post_parent: 999999 }, 'post_parent'],
      [{ post_parent: -1 }, 'post_parent'],
      [{ ticketed: 'maybe' }, 'ticketed'],
      [{ cost: { amount: 5 } }, 'cost'],
      [{ categories: [999999] }, 'categories'],
      [{ tags: [{ name: 'x' }] }, 'tags'],
      [{ venue: 999999 }, 'venue'],
      [{ venue: 'abc' }, 'venue'],
      [{ venue: { id: 'x' } }, 'venue'],
      [{ organizer: [999999] }, 'organizer'],
      [{ organizer: [{ phone: '555' }] }, 'organizer'],
      [{ venue: { venue: 'Bad site', website: 'ftp://x' } }, 'venue'],
      [{ venue: { venue: 'Half located', geo_lat: 10 } }, 'venue'],
    ])('refuses %j with 400 on %s', async (body, param) => {
      await invalid(body, param);
    });

    it('reports every invalid value in one 400, then every unknown reference in one 400', async () => {
      const values = await invalid({ start_date: 'garbage', website: 'ftp://x', venue: 999999 }, 'start_date');
      expect(Object.keys(values.data.params)).toEqual(['start_date', 'website']);
      const references = await invalid({ venue: 999999, categories: [999999], post_parent: 999999, image: 999999 }, 'venue');
      expect(Object.keys(references.data.params)).toEqual(['image', 'categories', 'venue', 'post_parent']);
    });

    describe('dates and time zones', () => {
      it('reads dates in the event zone and converts values with an offset into it', async () => {
        const res = await post(
          { title: 'Offsets', start_date: '2030-07-01T10:00:00Z', end_date: '2030-07-01 14:00:00', timezone: 'Europe/Berlin' },
          'editor',
        ).expect(201);
        expect(res.body).toMatchObject({
          start_date: '2030-07-01 12:00:00',
          utc_start_date: '2030-07-01 10:00:00',
          end_date: '2030-07-01 14:00:00',
          utc_end_date: '2030-07-01 12:00:00',
          timezone: 'Europe/Berlin',
          timezone_abbr: 'CEST',
        });
      });

      it('accepts UTC offsets as zones and keeps the name as given', async () => {
        const plus = await post(
          { title: 'Plus two', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', timezone: 'UTC+2' },
          'editor',
        ).expect(201);
        expect(plus.body).toMatchObject({ timezone: 'UTC+2', timezone_abbr: 'UTC+2', utc_start_date: '2030-01-01 08:00:00' });
        const minus = await post(
          { title: 'Minus', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', timezone: 'UTC-5:30' },
          'editor',
        ).expect(201);
        expect(minus.body).toMatchObject({ timezone: 'UTC-5:30', utc_start_date: '2030-01-01 15:30:00' });
      });

      it('reads Unix timestamps as instants and relative expressions in the event zone', async () => {
        const ts = Date.UTC(2030, 0, 1, 12) / 1000;
        const res = await post(
          { title: 'Stamp', start_date: ts, end_date: String(ts + 3600), timezone: 'America/New_York' },
          'editor',
        ).expect(201);
        expect(res.body).toMatchObject({
          start_date: '2030-01-01 07:00:00',
          utc_start_date: '2030-01-01 12:00:00',
          end_date: '2030-01-01 08:00:00',
        });
        const relative = await post(
          { title: 'Relative', start_date: 'tomorrow 9am', end_date: 'tomorrow 10am', timezone: 'Asia/Tokyo' },
          'editor',
        ).expect(201);
        expect(relative.body.start_date.slice(11)).toBe('09:00:00');
        expect(relative.body.utc_start_date.slice(11)).toBe('00:00:00');
      });

      it('refuses an end before the start with 400 on end_date, and accepts equal ones', async () => {
        const res = await post({ title: 'Backwards', start_date: '2030-01-02 10:00:00', end_date: '2030-01-02 09:59:59' }, 'editor').expect(
          400,
        );
        expect(Object.keys(res.body.data.params)).toEqual(['end_date']);
        await post({ title: 'Instant', start_date: '2030-01-02 10:00:00', end_date: '2030-01-02 10:00:00' }, 'editor').expect(201);
      });

      it('refuses, on the date, whole days or a zone that carry an event out of the years 1000 to 9999, and writes nothing', async () => {
        const outOfRange = 'Date out of range: the year must be between 1000 and 9999.';
        const end = await post(
          { title: 'Last day', start_date: '1999-01-01', end_date: '9999-12-31', all_day: true, timezone: 'Etc/GMT+12' },
          'editor',
        ).expect(400);
        expect(end.body.data.params).toEqual({ end_date: outOfRange });
        const start = await post(
          {
            title: 'First day',
            start_date: '1000-01-01T12:00:00Z',
            end_date: '1000-01-02T12:00:00Z',
            all_day: true,
            timezone: 'Asia/Tokyo',
          },
          'editor',
        ).expect(400);
        expect(start.body.data.params).toEqual({ start_date: outOfRange });
        const late = await post(
          { title: 'Late', start_date: '9999-12-31 10:00:00', end_date: '9999-12-31 23:00:00', timezone: 'UTC' },
          'editor',
        ).expect(201);
        // Only the zone or all_day sent: the one that moved the stored dates is named.
        const moved = await c.write('patch', `/events/${late.body.id}`, { timezone: 'Etc/GMT+12' }, 'editor').expect(400);
        expect(moved.body.data.params).toEqual({ timezone: 'This moves the stored dates out of the years 1000 to 9999.' });
        const west = await post(
          { title: 'West', start_date: '9999-12-31 10:00:00', end_date: '9999-12-31 11:00:00', timezone: 'Etc/GMT+12' },
          'editor',
        ).expect(201);
        const allDay = await c.write('patch', `/events/${west.body.id}`, { all_day: true }, 'editor').expect(400);
        expect(allDay.body.data.params).toEqual({ all_day: 'This moves the stored dates out of the years 1000 to 9999.' });
        const after = await c.get(`/events/${late.body.id}`, 'editor').expect(200);
        expect(after.body).toMatchObject({ timezone: 'UTC', utc_end_date: '9999-12-31 23:00:00' });
      });

      it('spans whole days for all_day events', async () => {
        const res = await post(
          { title: 'All day', start_date: '2030-02-01 15:00', end_date: '2030-02-03 09:00', all_day: true, timezone: 'Europe/Paris' },
          'editor',
        ).expect(201);
        expect(res.body).toMatchObject({
          all_day: true,
          start_date: '2030-02-01 00:00:00',
          end_date: '2030-02-03 23:59:59',
          utc_start_date: '2030-01-31 23:00:00',
        });
      });
    });

    describe('status and author by role', () => {
      it.each([
        ['contributor', undefined, 'draft'],
        ['contributor', 'publish', 'pending'],
        ['contributor', 'future', 'pending'],
        ['contributor', 'private', 'pending'],
        ['contributor', 'draft', 'draft'],
        ['contributor', 'pending', 'pending'],
        ['author', undefined, 'publish'],
        ['author', 'private', 'private'],
        ['author', 'draft', 'draft'],
        ['editor', 'future', 'future'],
        ['administrator', undefined, 'publish'],
      ] as const)('gives a %s asking for %s the status %s', async (role, status, expected) => {
        // `future` is a status for later: dated ahead (else it is `publish` now).
        const later = status === 'future' ? { date: '2099-01-01 00:00:00' } : {};
        const res = await post({ title: `${role} ${status}`, ...DATES, ...later, ...(status ? { status } : {}) }, role).expect(201);
        expect(res.body.status).toBe(expected);
      });

      it('lets editors set another author, but not authors or contributors (403)', async () => {
        const res = await post({ title: 'For author', ...DATES, author: c.users.author.id }, 'editor').expect(201);
        expect(res.body.author).toBe(String(c.users.author.id));
        expect((await post({ title: 'x', ...DATES, author: c.users.editor.id }, 'author').expect(403)).body.code).toBe('rest_forbidden');
        await post({ title: 'x', ...DATES, author: c.users.editor.id }, 'contributor').expect(403);
        await post({ title: 'Own', ...DATES, author: c.users.author.id }, 'author').expect(201);
      });

      it('refuses an unknown author with 400', async () => {
        await invalid({ author: 999999 }, 'author');
      });

      it('schedules as WordPress does: publish dated ahead is future, future not dated ahead is publish', async () => {
        const ahead = new Date(Date.now() + 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
        const scheduled = await post({ title: 'Scheduled', ...DATES, date_utc: ahead }, 'editor').expect(201);
        expect(scheduled.body).toMatchObject({ status: 'future', date_utc: ahead });
        await c.get(`/events/${scheduled.body.id}`).expect(403);
        expect((await c.list(`include=${scheduled.body.id}`).expect(200)).body.events).toEqual([]);
        expect((await post({ title: 'Future now', ...DATES, status: 'future' }, 'editor').expect(201)).body.status).toBe('publish');
        const past = await post({ title: 'Future past', ...DATES, status: 'future', date: '2020-01-01 00:00:00' }, 'editor').expect(201);
        expect(past.body.status).toBe('publish');
        // Moving the date back publishes it; moving it ahead again schedules it.
        const moved = await c.write('patch', `/events/${scheduled.body.id}`, { date_utc: '2020-01-01 00:00:00' }, 'editor').expect(200);
        expect(moved.body.status).toBe('publish');
        const again = await c.write('patch', `/events/${scheduled.body.id}`, { date_utc: ahead }, 'editor').expect(200);
        expect(again.body.status).toBe('future');
      });

      it('publishes scheduled events, venues and organizers when their date comes, totals and term counts with them', async () => {
        const ahead = new Date(Date.now() + 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
        const term = await c.createTerm('categories', { name: `Scheduled cat ${database.kind}` });
        const event = await post({ title: 'Due later', ...DATES, categories: [term.id], date_utc: ahead }, 'editor').expect(201);
        const venue = await c.write('post', '/venues', { venue: `Due hall ${database.kind}`, date_utc: ahead }, 'editor').expect(201);
        const organizer = await c
          .write('post', '/organizers', { organizer: `Due org ${database.kind}`, date_utc: ahead }, 'editor')
          .expect(201);
        expect([event.body.status, venue.body.status, organizer.body.status]).toEqual(['future', 'future', 'future']);
        const publisher = t.app.get(ScheduledPublisher);
        expect(await publisher.run()).toBe(0);
        const listed = async () => (await c.list(`categories=${term.id}&start_date=2030-01-01&end_date=2030-12-31`).expect(200)).body;
        expect((await listed()).total).toBe(0);

        // Their dates come (moved back in the rows, as time would).
        const past = new Date(Date.now() - 1_000);
        await t.dataSource.getRepository(EventEntity).update(event.body.id, { publishedAt: past });
        await t.dataSource.getRepository(VenueEntity).update(venue.body.id, { publishedAt: past });
        await t.dataSource.getRepository(OrganizerEntity).update(organizer.body.id, { publishedAt: past });
        expect(await publisher.run()).toBe(3);
        expect((await c.get(`/events/${event.body.id}`).expect(200)).body.status).toBe('publish');
        expect((await c.get(`/venues/${venue.body.id}`).expect(200)).body.status).toBe('publish');
        expect((await c.get(`/organizers/${organizer.body.id}`).expect(200)).body.status).toBe('publish');
        expect(await listed()).toMatchObject({ total: 1, events: [expect.objectContaining({ id: event.body.id })] });
        expect((await c.get(`/categories/${term.id}`).expect(200)).body.count).toBe(1);
        const { maintained, rebuilt } = await dayCountsAndRebuild(t.dataSource);
        expect(maintained).toEqual(rebuilt);
        expect(await publisher.run()).toBe(0);
      });

      it('publishes a scheduled series as one: its occurrences follow it, none made an exception', async () => {
        const ahead = new Date(Date.now() + 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
        const first = await post(
          // Within the recurrence horizon (two years), so its occurrences exist.
          {
            title: 'Scheduled series',
            start_date: '2027-03-01 10:00',
            end_date: '2027-03-01 11:00',
            date_utc: ahead,
            recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
          },
          'editor',
        ).expect(201);
        const ids = [first.body.id as number, ...(await occurrenceIds(first.body.id))];
        expect(await statusesOf(ids)).toEqual(['future', 'future', 'future', 'future']);
        // Moving the date back publishes the series, and its occurrences with it; ahead again, they follow too.
        await c.write('patch', `/events/${first.body.id}`, { date_utc: '2020-01-01 00:00:00' }, 'editor').expect(200);
        expect(await statusesOf(ids)).toEqual(['publish', 'publish', 'publish', 'publish']);
        await c.write('patch', `/events/${first.body.id}`, { date_utc: ahead }, 'editor').expect(200);
        expect(await statusesOf(ids)).toEqual(['future', 'future', 'future', 'future']);

        await t.dataSource.getRepository(EventEntity).update(ids, { publishedAt: new Date(Date.now() - 1_000) });
        expect(await t.app.get(ScheduledPublisher).run()).toBe(1);
        expect(await statusesOf(ids)).toEqual(['publish', 'publish', 'publish', 'publish']);
        expect(await c.count(`event_occurrences WHERE series_id = ${first.body.id} AND edited LIKE '%status%'`)).toBe(0);
        // A series-wide change reaches every occurrence still.
        await c.write('patch', `/events/${first.body.id}`, { status: 'draft' }, 'editor').expect(200);
        expect(await statusesOf(ids)).toEqual(['draft', 'draft', 'draft', 'draft']);
      });

      it('publishes only what is still scheduled and due on its locked row', async () => {
        const event = await post({ title: 'Changed meanwhile', ...DATES, status: 'draft' }, 'editor').expect(201);
        const writes = t.app.get(EventsWriteService);
        const admin = { id: c.users.administrator.id, username: 'admin', role: 'administrator' as const };
        expect(await writes.publishIfDue(event.body.id as number, admin, new Date())).toBe(false);
        expect((await c.get(`/events/${event.body.id}`, 'administrator').expect(200)).body.status).toBe('draft');
      });

      it('takes the publication date from date or date_utc', async () => {
        const res = await post({ title: 'Dated', ...DATES, date: '2029-05-01 08:00:00' }, 'editor').expect(201);
        expect(res.body).toMatchObject({ date: '2029-05-01 08:00:00', date_utc: '2029-05-01 08:00:00' });
        const utc = await post({ title: 'Dated UTC', ...DATES, date_utc: '2029-05-01T08:00:00Z' }, 'editor').expect(201);
        expect(utc.body.date_utc).toBe('2029-05-01 08:00:00');
      });
    });

    describe('fields', () => {
      it('derives unique slugs from titles, for drafts too, and cleans given ones', async () => {
        const first = await post({ title: 'Café Night', ...DATES }, 'editor').expect(201);
        const second = await post({ title: 'Café Night', ...DATES, status: 'draft' }, 'editor').expect(201);
        const third = await post({ title: 'Other', slug: 'Café Night', ...DATES }, 'editor').expect(201);
        expect([first.body.slug, second.body.slug, third.body.slug]).toEqual(['cafe-night', 'cafe-night-2', 'cafe-night-3']);
      });

      it('never gives two concurrent creates the same slug, nor creates a new term twice', async () => {
        const results = await Promise.all(
          Array.from({ length: 6 }, () => post({ title: 'Rush hour', ...DATES, categories: ['Rush cat'] }, 'editor')),
        );
        expect(results.map((res) => res.status)).toEqual(Array(6).fill(201));
        expect(new Set(results.map((res) => res.body.slug)).size).toBe(6);
        expect(new Set(results.map((res) => res.body.categories[0].id)).size).toBe(1);
        const category = await c.get(`/categories/${results[0].body.categories[0].id}`).expect(200);
        expect(category.body.count).toBe(6);
      });

      it('stores plain-text titles and sanitised HTML', async () => {
        const res = await post(
          {
            title: '<em>Bold</em> move',
            description: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">link</a></p>',
            excerpt: '<b>Short</b>',
            ...DATES,
          },
          'editor',
        ).expect(201);
        expect(res.body).toMatchObject({ title: 'Bold move', description: '<p>Hi <a>link</a></p>', excerpt: '<b>Short</b>' });
      });

      it('reads a cost written as a fraction alone (".5", "$.5") as a number', async () => {
        const bare = await c.create({ title: 'Half', cost: '.5' }, 'editor');
        const read = await c.get(`/events/${bare.id}`).expect(200);
        expect(read.body).toMatchObject({ cost: '0.5', cost_details: { currency_symbol: '', currency_position: '', values: ['0.5'] } });
        const dollars = await c.create({ title: 'Half a dollar', cost: '$.5' }, 'editor');
        const readDollars = await c.get(`/events/${dollars.id}`).expect(200);
        expect(readDollars.body).toMatchObject({
          cost: '$0.5',
          cost_details: { currency_symbol: '$', currency_position: 'prefix', values: ['0.5'] },
        });
      });

      it('keeps a cost of 0 as "Free", and flags, website and extension fields', async () => {
        const res = await post(
          {
            title: 'Free',
            ...DATES,
            cost: 0,
            website: 'https://example.com',
            show_map: true,
            sticky: '1',
            hide_from_listings: 'false',
            ticketed: true,
          },
          'editor',
        ).expect(201);
        expect(res.body).toMatchObject({
          cost: 'Free',
          cost_details: { currency_symbol: '', currency_position: '', values: ['0'] },
          website: 'https://example.com',
          show_map: true,
          show_map_link: false,
          sticky: true,
          hide_from_listings: false,
          ticketed: true,
          post_parent: 0,
        });
        const child = await post({ title: 'Child', ...DATES, post_parent: res.body.id }, 'editor').expect(201);
        expect(child.body.post_parent).toBe(res.body.id);
      });

      it('reads a range from "Free" to a price written with a hyphen or an em dash as 0 and the price, as with the en dash', async () => {
        for (const cost of ['Free - $25', 'free-$25', '$25 - Free', 'Free — $25', 'Free – $25']) {
          const res = await post({ title: 'Free to 25', ...DATES, cost }, 'editor').expect(201);
          const read = await c.get(`/events/${res.body.id}`).expect(200);
          expect([cost, read.body.cost, read.body.cost_details]).toEqual([
            cost,
            'Free – $25',
            { currency_symbol: '$', currency_code: '', currency_position: 'prefix', values: ['0', '25'] },
          ]);
        }
        // A word joined to "Free" is text, as before.
        const text = await post({ title: 'Free entry', ...DATES, cost: 'Free-entry' }, 'editor').expect(201);
        expect([text.body.cost, text.body.cost_details.values]).toEqual(['Free-entry', ['Free-entry']]);
      });

      it('stores an image URL as a media record and accepts a media id', async () => {
        const res = await post({ title: 'Pic', ...DATES, image: 'https://cdn.example.com/poster.JPG' }, 'editor').expect(201);
        expect(res.body.image).toEqual({ url: 'https://cdn.example.com/poster.JPG', id: expect.any(Number), extension: 'jpg' });
        const again = await post({ title: 'Pic 2', ...DATES, image: res.body.image.id }, 'editor').expect(201);
        expect(again.body.image).toEqual(res.body.image);
        const asText = await post({ title: 'Pic 3', ...DATES, image: String(res.body.image.id) }, 'editor').expect(201);
        expect(asText.body.image.id).toBe(res.body.image.id);
      });

      it('takes an image URL it knows as that media record (the reference matches URLs to attachments)', async () => {
        const url = `https://cdn.example.com/known-${database.kind}.png`;
        const media = () => c.count(`media WHERE url = '${url}'`);
        const first = await post({ title: 'Known 1', ...DATES, image: url }, 'editor').expect(201);
        const second = await post({ title: 'Known 2', ...DATES, image: url }, 'author').expect(201);
        const updated = await c.write('patch', `/events/${first.body.id}`, { image: url }, 'editor').expect(200);
        expect([second.body.image.id, updated.body.image.id]).toEqual([first.body.image.id, first.body.image.id]);
        expect(await media()).toBe(1);
        // Another URL (case counts in a URL's path) is another record.
        const other = await post({ title: 'Known 3', ...DATES, image: url.replace('known', 'Known') }, 'editor').expect(201);
        expect(other.body.image.id).not.toBe(first.body.image.id);
      });
    });

    describe('categories and tags', () => {
      it('takes ids, slugs and names, and creates unknown names for editors', async () => {
        const music = await c.createTerm('categories', { name: 'Music Live', slug: 'music' });
        const res = await post(
          { title: 'Terms', ...DATES, categories: [music.id, 'music', 'MUSIC LIVE', 'New Cat'], tags: 'alpha, Beta' },
          'editor',
        ).expect(201);
        expect(res.body.categories.map((term: { name: string }) => term.name)).toEqual(['Music Live', 'New Cat']);
        expect(res.body.tags.map((term: { slug: string }) => term.slug)).toEqual(['alpha', 'beta']);
        expect(res.body.categories[0]).toMatchObject({ id: music.id, count: 1, taxonomy: 'tribe_events_cat' });
      });

      it('creates one term for new names that differ only in case (names compare case-insensitively)', async () => {
        const res = await post(
          { title: 'Same new names', ...DATES, categories: ['Fresh Cat', 'fresh cat'], tags: ['Fresh Tag', 'FRESH TAG', 'fresh tag'] },
          'editor',
        ).expect(201);
        expect(res.body.categories.map((term: { name: string }) => term.name)).toEqual(['Fresh Cat']);
        expect(res.body.tags.map((term: { name: string; count: number }) => [term.name, term.count])).toEqual([['Fresh Tag', 1]]);
        expect(await c.count("terms WHERE name_key IN ('fresh cat', 'fresh tag')")).toBe(2);
      });

      it('refuses unknown names from those who may not manage terms, and writes nothing', async () => {
        const before = await c.count('events');
        const res = await post({ title: 'No terms', ...DATES, tags: ['unheard-of'] }, 'author').expect(400);
        expect(Object.keys(res.body.data.params)).toEqual(['tags']);
        expect(await c.count('events')).toBe(before);
        const known = await c.createTerm('tags', { name: 'Known tag' });
        await post({ title: 'Known terms', ...DATES, tags: ['known-tag', known.id] }, 'author').expect(201);
      });

      it('refuses a tag id given as a category', async () => {
        const tag = await c.createTerm('tags', { name: 'Only a tag' });
        await invalid({ categories: [tag.id] }, 'categories');
      });
    });

    describe('nested venues and organizers', () => {
      it('links ids, {id} objects and lists, and creates objects with the duplicate rule', async () => {
        const hall = await c.createLinked('venues', { venue: 'Nested Hall' });
        const org = await c.createLinked('organizers', { organizer: 'Nested Org' });
        const byId = await post({ title: 'By id', ...DATES, venue: hall.id, organizer: String(org.id) }, 'editor').expect(201);
        expect(byId.body.venue).toMatchObject({ id: hall.id, venue: 'Nested Hall' });
        expect(byId.body.organizer).toEqual([expect.objectContaining({ id: org.id })]);

        const byObject = await post({ title: 'By object', ...DATES, venue: { id: hall.id }, organizer: { id: org.id } }, 'editor').expect(
          201,
        );
        expect(byObject.body.venue.id).toBe(hall.id);

        // Same name (any case) as an existing one: the existing one, unchanged.
        const duplicate = await post(
          {
            title: 'Duplicate',
            ...DATES,
            venue: { venue: 'nested hall', city: 'Elsewhere' },
            organizer: [{ organizer: 'New Org', phone: '1' }, org.id],
          },
          'editor',
        ).expect(201);
        expect(duplicate.body.venue).toMatchObject({ id: hall.id, venue: 'Nested Hall' });
        expect(duplicate.body.venue).not.toHaveProperty('city');
        expect(duplicate.body.organizer.map((o: { organizer: string }) => o.organizer)).toEqual(['New Org', 'Nested Org']);

        const several = await post({ title: 'Several', ...DATES, venue: [hall.id, { venue: 'Second Hall' }] }, 'editor').expect(201);
        expect(several.body.venue.map((v: { venue: string }) => v.venue)).toEqual(['Nested Hall', 'Second Hall']);
      });

      it('writes nothing when any part fails', async () => {
        const counts = async () => [
          await c.count('events'),
          await c.count('venues'),
          await c.count('organizers'),
          await c.count('terms'),
          await c.count('media'),
        ];
        const before = await counts();
        const res = await post(
          {
            title: 'Fails',
            ...DATES,
            venue: { venue: 'Orphan Hall' },
            organizer: [{ organizer: 'Orphan Org' }, 999999],
            categories: ['Orphan Cat'],
            image: 'https://cdn.example.com/orphan.png',
          },
          'editor',
        ).expect(400);
        expect(Object.keys(res.body.data.params)).toEqual(['organizer']);
        expect(await counts()).toEqual(before);
      });

      it('refuses a trashed venue', async () => {
        const gone = await c.createLinked('venues', { venue: 'Gone Hall' });
        await c.write('delete', `/venues/${gone.id}`, undefined, 'administrator').expect(200);
        await invalid({ venue: gone.id }, 'venue');
      });
    });
  });

  describe('update', () => {
    let full: Record<string, unknown> & { id: number; slug: string };
    const venueIds: number[] = [];

    beforeEach(async () => {
      const cat = await c.createTerm('categories', { name: `Cat ${Date.now()}${Math.random()}` });
      const venue = await c.createLinked('venues', { venue: `Venue ${Date.now()}${Math.random()}` });
      venueIds.push(venue.id);
      full = (
        await post(
          {
            title: 'Full',
            ...DATES,
            timezone: 'Europe/Berlin',
            description: '<p>Desc</p>',
            excerpt: 'Ex',
            cost: '$10',
            website: 'https://example.com',
            featured: true,
            sticky: true,
            show_map: true,
            categories: [cat.id],
            venue: venue.id,
            organizer: [{ organizer: `Org ${Date.now()}${Math.random()}` }],
            image: 'https://cdn.example.com/full.png',
            password: 'pw',
            ticketed: true,
          },
          'author',
        ).expect(201)
      ).body;
    });

    const update = (method: 'post' | 'put' | 'patch', body: Body, role: Role = 'author', path = `/events/${full.id}`) =>
      c.write(method, path, body, role);

    it.each(['post', 'put', 'patch'] as const)('keeps every omitted field on %s (a true partial update)', async (method) => {
      const res = await update(method, { title: 'Renamed' }).expect(200);
      const { title, modified, modified_utc, ...rest } = res.body;
      const { title: _t, modified: _m, modified_utc: _mu, ...before } = full;
      expect(title).toBe('Renamed');
      expect(rest).toEqual(before);
      expect([modified, modified_utc]).toEqual([expect.any(String), expect.any(String)]);
    });

    it.each(['put', 'patch'] as const)(
      'takes back the whole event as a read shows it on %s (term and image objects, image false), changing nothing',
      async (method) => {
        // The single read, with the password that unlocks it: what a client has to send back.
        const shown = (await c.get(`/events/${full.id}?password=pw`, 'author').expect(200)).body as Record<string, unknown>;
        expect(shown.categories).toEqual([expect.objectContaining({ id: expect.any(Number), taxonomy: 'tribe_events_cat' })]);
        expect(shown.image).toEqual(expect.objectContaining({ id: expect.any(Number), url: expect.any(String) }));
        const res = await update(method, shown).expect(200);
        // As the create answered it (a write's answer: no json_ld of the venue and organizers).
        const { modified: _changed, modified_utc: _changedUtc, ...rest } = res.body;
        const { modified: _m, modified_utc: _mu, ...before } = full;
        expect(rest).toEqual(before);

        const plain = (await post({ title: 'No image', ...DATES }, 'author').expect(201)).body;
        expect(plain.image).toBe(false);
        const again = await update(method, plain, 'author', `/events/${plain.id}`).expect(200);
        expect(again.body.image).toBe(false);
      },
    );

    it('refuses a post_parent below the event (a cycle) with 400, changing nothing', async () => {
      const top = await post({ title: 'Top', ...DATES }, 'editor').expect(201);
      const middle = await post({ title: 'Middle', ...DATES, post_parent: top.body.id }, 'editor').expect(201);
      const bottom = await post({ title: 'Bottom', ...DATES, post_parent: middle.body.id }, 'editor').expect(201);
      for (const below of [middle.body.id, bottom.body.id]) {
        const res = await c.write('patch', `/events/${top.body.id}`, { post_parent: below, title: 'Not written' }, 'editor').expect(400);
        expect(res.body.data.params).toEqual({ post_parent: `Event ${below} is below this event, so it cannot be its parent.` });
      }
      expect((await c.get(`/events/${top.body.id}`, 'editor').expect(200)).body).toMatchObject({ title: 'Top', post_parent: 0 });
      // Beside it, not below: allowed.
      const other = await post({ title: 'Other', ...DATES }, 'editor').expect(201);
      await c.write('patch', `/events/${top.body.id}`, { post_parent: other.body.id }, 'editor').expect(200);
    });

    it('clears optional fields with null or "" and unlinks with [], 0, null or ""', async () => {
      const res = await update('patch', {
        description: null,
        excerpt: '',
        cost: '',
        website: null,
        image: null,
        password: '',
        categories: [],
        venue: 0,
        organizer: '',
        timezone: null,
      }).expect(200);
      expect(res.body).toMatchObject({
        description: '',
        excerpt: '',
        cost: '',
        website: '',
        image: false,
        categories: [],
        venue: [],
        organizer: [],
        timezone: 'UTC',
        // The wall clock is kept in the new zone.
        start_date: '2030-01-10 10:00:00',
        utc_start_date: '2030-01-10 10:00:00',
      });
      await c.get(`/events/${full.id}`).expect(200);
      const again = await update('patch', { tags: null, venue: [] }).expect(200);
      expect(again.body.venue).toEqual([]);
    });

    it('clears the flags with null or "" to false, all_day included, keeping the wall clocks', async () => {
      const flags = { featured: true, sticky: true, show_map: true, show_map_link: true, hide_from_listings: true, ticketed: true };
      const created = await post(
        { title: 'Flagged', start_date: '2030-03-01 10:00', end_date: '2030-03-02 12:00', all_day: true, ...flags },
        'editor',
      ).expect(201);
      expect(created.body).toMatchObject({ ...flags, all_day: true, start_date: '2030-03-01 00:00:00', end_date: '2030-03-02 23:59:59' });
      const cleared = await c
        .write(
          'patch',
          `/events/${created.body.id}`,
          { featured: null, sticky: '', show_map: null, show_map_link: '', hide_from_listings: null, ticketed: '', all_day: null },
          'editor',
        )
        .expect(200);
      expect(cleared.body).toMatchObject({
        ...Object.fromEntries(Object.keys(flags).map((flag) => [flag, false])),
        all_day: false,
        start_date: '2030-03-01 00:00:00',
        end_date: '2030-03-02 23:59:59',
      });
      // Still typed otherwise.
      const bad = await c.write('patch', `/events/${created.body.id}`, { featured: 'yes' }, 'editor').expect(400);
      expect(Object.keys(bad.body.data.params as object)).toEqual(['featured']);
    });

    it('takes {} and lists of it as none, as PHP decodes {} (an empty array): on create and to unlink', async () => {
      const created = await post(
        { title: 'Empty objects', ...DATES, venue: {}, organizer: [{}], categories: {}, tags: [{}] },
        'editor',
      ).expect(201);
      expect(created.body).toMatchObject({ venue: [], organizer: [], categories: [], tags: [] });
      const venue = await c.createLinked('venues', { venue: `Unlinked by {} ${database.kind}` });
      await c.write('patch', `/events/${created.body.id}`, { venue: venue.id }, 'editor').expect(200);
      const unlinked = await c.write('patch', `/events/${created.body.id}`, { venue: {} }, 'editor').expect(200);
      expect(unlinked.body.venue).toEqual([]);
    });

    it('moves the dates with a new zone and keeps the wall clock', async () => {
      const res = await update('patch', { timezone: 'America/New_York' }).expect(200);
      expect(res.body).toMatchObject({
        timezone: 'America/New_York',
        timezone_abbr: 'EST',
        start_date: '2030-01-10 10:00:00',
        utc_start_date: '2030-01-10 15:00:00',
      });
    });

    it('checks the end against the stored start, and a new start against the stored end, on end_date as a create does', async () => {
      const res = await update('patch', { end_date: '2030-01-09 10:00:00' }).expect(400);
      expect(Object.keys(res.body.data.params)).toEqual(['end_date']);
      const start = await update('patch', { start_date: '2030-01-11 10:00:00' }).expect(400);
      expect(start.body.data.params).toEqual({ end_date: 'The end date must not be before the start date.' });
      await update('patch', { start_date: '2030-01-10 11:00:00' }).expect(200);
    });

    it('makes a stored event all-day', async () => {
      const res = await update('put', { all_day: true }).expect(200);
      expect(res.body).toMatchObject({ all_day: true, start_date: '2030-01-10 00:00:00', end_date: '2030-01-10 23:59:59' });
    });

    it('changes the slug by id, and by slug with the new slug in the body', async () => {
      const res = await update('patch', { slug: 'Fresh Slug' }).expect(200);
      expect(res.body.slug).toBe('fresh-slug');
      const bySlug = await update('post', { slug: 'fresher', title: 'By slug' }, 'author', '/events/by-slug/fresh-slug').expect(200);
      expect(bySlug.body).toMatchObject({ id: full.id, slug: 'fresher', title: 'By slug' });
      await c.write('patch', '/events/by-slug/fresh-slug', { title: 'x' }, 'author').expect(404);
    });

    it('validates like create', async () => {
      const res = await update('patch', { title: '', status: 'trash', venue: 999999 }).expect(400);
      expect(Object.keys(res.body.data.params).sort()).toEqual(['status', 'title']);
      const ids = await update('patch', { venue: 999999 }).expect(400);
      expect(Object.keys(ids.body.data.params)).toEqual(['venue']);
      await update('patch', { post_parent: full.id }).expect(400);
    });

    it('sets, changes and clears the password', async () => {
      await c.get(`/events/${full.id}?password=pw`).expect(200);
      await update('patch', { password: 'new' }).expect(200);
      await c.get(`/events/${full.id}?password=pw`).expect(403);
      await c.get(`/events/${full.id}?password=new`).expect(200);
      await update('patch', { password: null }).expect(200);
      await c.get(`/events/${full.id}`).expect(200);
    });

    describe('order of checks and rights', () => {
      it('answers anonymous callers 401 and subscribers 403 before 404', async () => {
        await c.write('patch', `/events/${full.id}`, { title: 'x' }).expect(401);
        await c.write('patch', '/events/999999', { title: 'x' }).expect(401);
        await c.write('patch', '/events/999999', { title: 'x' }, 'subscriber').expect(403);
      });

      it('answers an unknown id or slug with 404, then a foreign event with 403, then a bad body with 400', async () => {
        await c.write('patch', '/events/999999', { title: '' }, 'author').expect(404);
        await c.write('patch', '/events/by-slug/nope', { title: '' }, 'author').expect(404);
        await update('patch', { title: '' }, 'contributor').expect(403);
        await update('patch', { title: '' }, 'contributor', `/events/by-slug/${full.slug}`).expect(403);
        await update('patch', { title: '' }, 'editor').expect(400);
      });

      it('lets contributors edit their own unpublished events only, and scales their status', async () => {
        const mine = await post({ title: 'Mine', ...DATES }, 'contributor').expect(201);
        const res = await update('patch', { status: 'publish' }, 'contributor', `/events/${mine.body.id}`).expect(200);
        expect(res.body.status).toBe('pending');
        await update('patch', { status: 'publish' }, 'editor', `/events/${mine.body.id}`).expect(200);
        await update('patch', { title: 'Late' }, 'contributor', `/events/${mine.body.id}`).expect(403);
        await c.write('delete', `/events/${mine.body.id}`, undefined, 'contributor').expect(403);
      });

      it('lets authors edit their own events and editors anyone’s', async () => {
        await update('patch', { title: 'By editor' }, 'editor').expect(200);
        const other = await post({ title: 'Editor’s', ...DATES }, 'editor').expect(201);
        await update('patch', { title: 'x' }, 'author', `/events/${other.body.id}`).expect(403);
        await update('patch', { author: c.users.editor.id }, 'author').expect(403);
        const moved = await update('patch', { author: c.users.editor.id }, 'administrator').expect(200);
        expect(moved.body.author).toBe(String(c.users.editor.id));
      });
    });
  });

  describe('delete', () => {
    it('moves to the trash (200 with status trash and the slug kept), then 410', async () => {
      const event = await c.create({ title: 'Doomed', ...DATES }, 'author');
      const res = await c.write('delete', `/events/${event.id}`, undefined, 'author').expect(200);
      expect(Object.keys(res.body)).toEqual(EVENT_KEYS);
      expect(res.body).toMatchObject({ id: event.id, status: 'trash', slug: 'doomed' });
      const again = await c.write('delete', `/events/${event.id}`, undefined, 'author').expect(410);
      expect(again.body).toEqual({ code: 'event-is-in-trash', message: 'The event is already trashed', data: { status: 410 } });
      await c.write('delete', '/events/by-slug/doomed', undefined, 'author').expect(410);
      await c.get(`/events/${event.id}`, 'administrator').expect(403);
    });

    it('keeps a trashed event in the trash on update, and restores it with a status', async () => {
      const event = await c.create({ title: 'Restorable', ...DATES }, 'author');
      await c.write('delete', `/events/${event.id}`, undefined, 'author').expect(200);
      const kept = await c.write('patch', `/events/${event.id}`, { title: 'Still trashed' }, 'author').expect(200);
      expect(kept.body.status).toBe('trash');
      const restored = await c.write('patch', `/events/${event.id}`, { status: 'publish' }, 'author').expect(200);
      expect(restored.body.status).toBe('publish');
      await c.get(`/events/${event.id}`).expect(200);
    });

    it('deletes permanently with force, trashed or not', async () => {
      const event = await c.create({ title: 'Forced', ...DATES }, 'editor');
      const res = await c.write('delete', `/events/${event.id}?force=true`, undefined, 'editor').expect(200);
      expect(res.body).toEqual({ deleted: true, previous: expect.objectContaining({ id: event.id, status: 'publish', title: 'Forced' }) });
      await c.get(`/events/${event.id}`).expect(404);
      const trashed = await c.create({ title: 'Forced trash', ...DATES }, 'editor');
      await c.write('delete', `/events/${trashed.id}`, undefined, 'editor').expect(200);
      await c.write('delete', `/events/by-slug/forced-trash?force=1`, undefined, 'editor').expect(200);
      await c.write('delete', `/events/${trashed.id}`, undefined, 'editor').expect(404);
      await c.write('delete', `/events/1?force=maybe`, undefined, 'editor').expect((res2) => expect([400, 404]).toContain(res2.status));
    });

    it("moves a deleted event's children up to its parent, as WordPress does, so they can be sent back as read", async () => {
      const top = await c.create({ title: 'Grandparent', ...DATES }, 'editor');
      const middle = await c.create({ title: 'Parent', ...DATES, post_parent: top.id }, 'editor');
      const child = await c.create({ title: 'Child', ...DATES, post_parent: middle.id }, 'editor');
      await c.get(`/events?post_parent=${middle.id}`, 'editor').expect(200);
      await c.write('delete', `/events/${middle.id}?force=true`, undefined, 'editor').expect(200);
      const read = await c.get(`/events/${child.id}`, 'editor').expect(200);
      expect(read.body.post_parent).toBe(top.id);
      await c.write('put', `/events/${child.id}`, read.body as Record<string, unknown>, 'editor').expect(200);
      const siblings = await c.list(`post_parent=${top.id}&start_date=2000-01-01&end_date=2099-12-31`, 'editor').expect(200);
      expect((siblings.body.events as { id: number }[]).map((event) => event.id)).toEqual([child.id]);
      await c.write('delete', `/events/${top.id}?force=true`, undefined, 'editor').expect(200);
      expect((await c.get(`/events/${child.id}`, 'editor').expect(200)).body.post_parent).toBe(0);
    });

    it('checks rights by slug as by id', async () => {
      const event = await c.create({ title: 'Guarded', ...DATES }, 'editor');
      await c.write('delete', '/events/by-slug/guarded', undefined).expect(401);
      await c.write('delete', '/events/by-slug/guarded', undefined, 'subscriber').expect(403);
      await c.write('delete', '/events/by-slug/guarded', undefined, 'author').expect(403);
      await c.write('delete', '/events/by-slug/guarded', undefined, 'contributor').expect(403);
      await c.write('delete', '/events/by-slug/no-such-event', undefined, 'author').expect(404);
      const res = await c.write('delete', '/events/by-slug/guarded', undefined, 'editor').expect(200);
      expect(res.body).toMatchObject({ id: event.id, status: 'trash' });
    });
  });

  describe('term counts', () => {
    const countOf = async (id: number) => (await c.get(`/categories/${id}`).expect(200)).body.count as number;

    it('counts published events only, through every write', async () => {
      const cat = await c.createTerm('categories', { name: 'Counted' });
      const other = await c.createTerm('categories', { name: 'Other counted' });
      const event = await c.create({ title: 'Counting', ...DATES, categories: [cat.id] }, 'editor');
      expect(await countOf(cat.id)).toBe(1);
      await c.create({ title: 'Draft counting', ...DATES, categories: [cat.id], status: 'draft' }, 'editor');
      expect(await countOf(cat.id)).toBe(1);
      await c.write('patch', `/events/${event.id}`, { status: 'draft' }, 'editor').expect(200);
      expect(await countOf(cat.id)).toBe(0);
      await c.write('patch', `/events/${event.id}`, { status: 'publish' }, 'editor').expect(200);
      expect(await countOf(cat.id)).toBe(1);
      await c.write('patch', `/events/${event.id}`, { categories: [other.id] }, 'editor').expect(200);
      expect([await countOf(cat.id), await countOf(other.id)]).toEqual([0, 1]);
      await c.write('delete', `/events/${event.id}`, undefined, 'editor').expect(200);
      expect(await countOf(other.id)).toBe(0);
      await c.write('patch', `/events/${event.id}`, { status: 'publish' }, 'editor').expect(200);
      expect(await countOf(other.id)).toBe(1);
      await c.write('delete', `/events/${event.id}?force=true`, undefined, 'editor').expect(200);
      expect(await countOf(other.id)).toBe(0);
    });
  });
});
