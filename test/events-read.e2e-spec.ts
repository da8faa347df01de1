import { TEST_DATABASES } from './support/databases';
import { EVENT_KEYS, EventsClient } from './support/events';
import { TestApp } from './support/test-app';

const ROOT = 'http://calendar.test/calendar/events/v1';

// The request of the captured create (observed-responses.md, "Created event").
const CAPTURED_REQUEST = {
  title: 'Peer Test Event',
  description: '<p>Hello <b>world</b></p>',
  excerpt: 'Short',
  start_date: '2027-01-15 18:00:00',
  end_date: '2027-01-15 21:00:00',
  timezone: 'Europe/Berlin',
  cost: '$10',
  website: 'https://example.com/e',
  categories: ['Concerts'],
  tags: ['outdoor'],
  venue: {
    venue: 'Peer Hall',
    address: '1 Main St',
    city: 'Springfield',
    country: 'United States',
    state: 'IL',
    zip: '62701',
    phone: '555-1234',
    website: 'https://example.com/v',
  },
  organizer: [{ organizer: 'Peer Org', email: 'org@example.com', phone: '555-9999', website: 'https://example.com/o' }],
};

const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const details = (text: string) => ({
  year: text.slice(0, 4),
  month: text.slice(5, 7),
  day: text.slice(8, 10),
  hour: text.slice(11, 13),
  minutes: text.slice(14, 16),
  seconds: text.slice(17, 19),
});

describe.each(TEST_DATABASES)('event object and single reads on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
  });
  afterAll(() => t.close());

  describe('the captured example', () => {
    let created: Record<string, unknown>;
    let read: Record<string, unknown>;

    beforeAll(async () => {
      const res = await c.write('post', '/events', CAPTURED_REQUEST, 'administrator').expect(201);
      created = res.body;
      expect(res.headers.location).toBe(`${ROOT}/events/${res.body.id}`);
      read = (await c.get(`/events/${res.body.id}`).expect(200)).body;
    });

    it('answers the create with the reference keys in order, without json_ld', () => {
      expect(Object.keys(created)).toEqual(EVENT_KEYS);
    });

    it('answers the single read with the same keys plus json_ld last; embedded venues and organizers get theirs', () => {
      expect(Object.keys(read)).toEqual([...EVENT_KEYS, 'json_ld']);
      const {
        json_ld: _jsonLd,
        venue,
        organizer,
        ...rest
      } = read as Record<string, Record<string, unknown>> & { organizer: Record<string, unknown>[] };
      const {
        venue: createdVenue,
        organizer: createdOrganizer,
        ...createdRest
      } = created as typeof read & { organizer: Record<string, unknown>[] };
      expect(rest).toEqual(createdRest);
      const { json_ld: venueJsonLd, ...venueRest } = venue;
      expect(venueRest).toEqual(createdVenue);
      expect(venueJsonLd).toMatchObject({ '@type': 'Place', name: 'Peer Hall' });
      const { json_ld: organizerJsonLd, ...organizerRest } = organizer[0];
      expect(organizerRest).toEqual(createdOrganizer[0]);
      expect(organizerJsonLd).toMatchObject({ '@type': 'Person', name: 'Peer Org' });
    });

    it('has the captured values and JSON types', () => {
      const id = created.id as number;
      expect(created).toEqual({
        id: expect.any(Number),
        global_id: `calendar.test?id=${id}`,
        global_id_lineage: [`calendar.test?id=${id}`],
        author: String(c.users.administrator.id),
        status: 'publish',
        date: expect.stringMatching(DATE),
        date_utc: expect.stringMatching(DATE),
        modified: expect.stringMatching(DATE),
        modified_utc: expect.stringMatching(DATE),
        url: 'http://calendar.test/event/peer-test-event/',
        rest_url: `${ROOT}/events/${id}`,
        title: 'Peer Test Event',
        description: '<p>Hello <b>world</b></p>',
        excerpt: 'Short',
        slug: 'peer-test-event',
        image: false,
        all_day: false,
        start_date: '2027-01-15 18:00:00',
        start_date_details: details('2027-01-15 18:00:00'),
        end_date: '2027-01-15 21:00:00',
        end_date_details: details('2027-01-15 21:00:00'),
        utc_start_date: '2027-01-15 17:00:00',
        utc_start_date_details: details('2027-01-15 17:00:00'),
        utc_end_date: '2027-01-15 20:00:00',
        utc_end_date_details: details('2027-01-15 20:00:00'),
        timezone: 'Europe/Berlin',
        timezone_abbr: 'CET',
        cost: '$10',
        cost_details: { currency_symbol: '$', currency_code: '', currency_position: 'prefix', values: ['10'] },
        website: 'https://example.com/e',
        show_map: false,
        show_map_link: false,
        hide_from_listings: false,
        sticky: false,
        featured: false,
        categories: [
          {
            name: 'Concerts',
            slug: 'concerts',
            term_group: 0,
            term_taxonomy_id: expect.any(Number),
            taxonomy: 'tribe_events_cat',
            description: '',
            parent: 0,
            count: 1,
            filter: 'raw',
            id: expect.any(Number),
            urls: { self: expect.stringMatching(`^${ROOT}/categories/\\d+$`), collection: `${ROOT}/categories` },
          },
        ],
        tags: [expect.objectContaining({ name: 'outdoor', slug: 'outdoor', taxonomy: 'post_tag', count: 1 })],
        venue: {
          id: expect.any(Number),
          author: String(c.users.administrator.id),
          status: 'publish',
          date: expect.stringMatching(DATE),
          date_utc: expect.stringMatching(DATE),
          modified: expect.stringMatching(DATE),
          modified_utc: expect.stringMatching(DATE),
          url: 'http://calendar.test/venue/peer-hall/',
          venue: 'Peer Hall',
          slug: 'peer-hall',
          address: '1 Main St',
          city: 'Springfield',
          country: 'United States',
          state: 'IL',
          zip: '62701',
          phone: '555-1234',
          website: 'https://example.com/v',
          // The captured original fills stateprovince from the state of a US venue.
          stateprovince: 'IL',
          show_map: true,
          show_map_link: true,
          global_id: expect.stringMatching(/^calendar\.test\?id=\d+$/),
          global_id_lineage: [expect.stringMatching(/^calendar\.test\?id=\d+$/)],
        },
        organizer: [
          expect.objectContaining({
            organizer: 'Peer Org',
            slug: 'peer-org',
            phone: '555-9999',
            website: 'https://example.com/o',
            email: 'org@example.com',
          }),
        ],
        custom_fields: [],
        ticketed: false,
        post_parent: 0,
      });
    });

    it('has a schema.org Event in json_ld with the event offset, location, organizer and offer', () => {
      expect(read.json_ld).toMatchObject({
        '@context': 'http://schema.org',
        '@type': 'Event',
        name: 'Peer Test Event',
        description: 'Short',
        url: 'http://calendar.test/event/peer-test-event/',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        eventStatus: 'https://schema.org/EventScheduled',
        startDate: '2027-01-15T18:00:00+01:00',
        endDate: '2027-01-15T21:00:00+01:00',
        location: {
          '@type': 'Place',
          name: 'Peer Hall',
          address: { '@type': 'PostalAddress', streetAddress: '1 Main St', addressLocality: 'Springfield' },
        },
        organizer: { '@type': 'Person', name: 'Peer Org', email: 'org@example.com' },
        offers: { '@type': 'Offer', price: '10' },
        performer: 'Organization',
      });
    });

    it('reads the same by slug', async () => {
      const res = await c.get('/events/by-slug/peer-test-event').expect(200);
      expect(res.body).toEqual(read);
    });
  });

  describe('order of checks (reference §4)', () => {
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      ids.draft = (await c.create({ title: 'Draft read', status: 'draft' }, 'author')).id;
      ids.private = (await c.create({ title: 'Private read', status: 'private' }, 'author')).id;
      ids.locked = (await c.create({ title: 'Locked read', password: 's3cret' }, 'author')).id;
      ids.trashed = (await c.create({ title: 'Trashed read' }, 'author')).id;
      await c.write('delete', `/events/${ids.trashed}`, undefined, 'author').expect(200);
    });

    it.each([['/events/999999'], ['/events/0']])('answers %s with 404 rest-event-not-found', async (path) => {
      const res = await c.get(path).expect(404);
      expect(res.body).toEqual({
        code: 'rest-event-not-found',
        message: `Event with ID ${path.split('/')[2]} does not exist.`,
        data: { status: 404 },
      });
    });

    it('answers an id of more digits than any id has with 404 rest-event-not-found (digits are an id, CONTRACT §2.2)', async () => {
      for (const id of ['99999999999999999999', '12345678901234567890123']) {
        expect((await c.get(`/events/${id}`).expect(404)).body.code).toBe('rest-event-not-found');
      }
    });

    it('reads, updates and deletes by a slug holding an underscore, which slugify keeps (was 404)', async () => {
      const snake = await c.create({ title: 'Snake_Case Night' }, 'author');
      expect(snake.slug).toBe('snake_case-night');
      expect((await c.get('/events/by-slug/Snake_Case-Night').expect(200)).body.id).toBe(snake.id);
      expect((await c.write('patch', '/events/by-slug/snake_case-night', { description: 'Now' }, 'author').expect(200)).body).toMatchObject(
        {
          id: snake.id,
          description: 'Now',
        },
      );
      expect((await c.write('delete', '/events/by-slug/snake_case-night', undefined, 'author').expect(200)).body).toMatchObject({
        id: snake.id,
        status: 'trash',
      });
    });

    it('answers an unknown slug with 404 rest-event-not-found', async () => {
      const res = await c.get('/events/by-slug/no-such-event').expect(404);
      expect(res.body.code).toBe('rest-event-not-found');
    });

    it.each([['/events/abc'], ['/events/12abc'], ['/events/by-slug']])('answers %s with 404 rest_no_route', async (path) => {
      const res = await c.get(path).expect(404);
      expect(res.body.code).toBe('rest_no_route');
    });

    it('answers a trashed event with 403 event-no-longer-available, to administrators too', async () => {
      for (const role of [undefined, 'author', 'administrator'] as const) {
        const res = await c.get(`/events/${ids.trashed}`, role).expect(403);
        expect(res.body).toEqual({
          code: 'event-no-longer-available',
          message: 'This event is no longer available',
          data: { status: 403 },
        });
      }
      await c.get('/events/by-slug/trashed-read').expect(403);
    });

    it('answers an unpublished event with 403 event-not-accessible to those who may not read it', async () => {
      for (const role of [undefined, 'subscriber', 'contributor'] as const) {
        expect((await c.get(`/events/${ids.draft}`, role).expect(403)).body.code).toBe('event-not-accessible');
        expect((await c.get(`/events/${ids.private}`, role).expect(403)).body.code).toBe('event-not-accessible');
      }
      await c.get(`/events/${ids.draft}`, 'author').expect(200);
      await c.get(`/events/${ids.private}`, 'editor').expect(200);
      await c.get('/events/by-slug/draft-read', 'contributor').expect(403);
    });

    it('answers a password-protected event with 403 event-password-protected unless the password matches', async () => {
      const res = await c.get(`/events/${ids.locked}`).expect(403);
      expect(res.body).toEqual({
        code: 'event-password-protected',
        message: 'The requested event is not accessible without a password',
        data: { status: 403 },
      });
      await c.get(`/events/${ids.locked}?password=wrong`).expect(403);
      const open = await c.get(`/events/${ids.locked}?password=s3cret`).expect(200);
      expect(open.body.title).toBe('Locked read');
      await c.get('/events/by-slug/locked-read?password=s3cret').expect(200);
      await c.get(`/events/${ids.locked}`, 'contributor').expect(403);
    });

    it('asks those who may edit it for the password too (one rule, issue #12)', async () => {
      for (const role of ['author', 'editor', 'administrator'] as const) {
        expect((await c.get(`/events/${ids.locked}`, role).expect(403)).body.code).toBe('event-password-protected');
        expect((await c.get('/events/by-slug/locked-read', role).expect(403)).body.code).toBe('event-password-protected');
        expect((await c.get(`/events/${ids.locked}?password=wrong`, role).expect(403)).body.code).toBe('event-password-protected');
        const open = await c.get(`/events/${ids.locked}?password=s3cret`, role).expect(200);
        expect(open.body).toMatchObject({ id: ids.locked, title: 'Locked read', json_ld: expect.any(Object) });
      }
    });

    it('checks the password after the status: a protected draft is 403 event-not-accessible for who may not read it', async () => {
      const draft = await c.create({ title: 'Locked draft', status: 'draft', password: 's3cret' }, 'author');
      expect((await c.get(`/events/${draft.id}?password=s3cret`).expect(403)).body.code).toBe('event-not-accessible');
      expect((await c.get(`/events/${draft.id}`, 'author').expect(403)).body.code).toBe('event-password-protected');
      await c.get(`/events/${draft.id}?password=s3cret`, 'author').expect(200);
    });

    it('answers an empty password with 400', async () => {
      await c.get(`/events/${ids.locked}?password=`).expect(400);
    });
  });

  describe('remembered anonymous reads', () => {
    it('answers a repeated anonymous read from memory, and shows every write at once', async () => {
      const venue = await c.createLinked('venues', { venue: 'Memory Hall' });
      const { id } = await c.create({ title: 'Memory read', venue: venue.id });
      const first = await c.get(`/events/${id}`).expect(200);
      expect(await c.countQueries(() => c.get(`/events/${id}`).expect(200))).toBe(0);
      await c.get('/events/by-slug/memory-read').expect(200);
      expect(await c.countQueries(() => c.get('/events/by-slug/memory-read').expect(200))).toBe(0);

      await c.write('post', `/events/${id}`, { title: 'Memory read again' }, 'administrator').expect(200);
      const updated = await c.get(`/events/${id}`).expect(200);
      expect(updated.body.title).toBe('Memory read again');
      expect(updated.body.modified_utc >= first.body.modified_utc).toBe(true);

      // A write to a linked venue changes the event's embedded copy too.
      await c.write('post', `/venues/${venue.id}`, { venue: 'Memory Hall II' }, 'administrator').expect(200);
      expect((await c.get(`/events/${id}`).expect(200)).body.venue.venue).toBe('Memory Hall II');

      await c.write('post', `/events/${id}`, { status: 'draft' }, 'administrator').expect(200);
      expect((await c.get(`/events/${id}`).expect(403)).body.code).toBe('event-not-accessible');
      expect((await c.get('/events/by-slug/memory-read').expect(403)).body.code).toBe('event-not-accessible');
    });

    it('never serves a remembered anonymous read to a caller with a password or credentials', async () => {
      // Anonymous callers do not see the author's draft venue; the author does.
      const venue = await c.createLinked('venues', { venue: 'Memory Draft Hall', status: 'draft' }, 'author');
      const { id } = await c.create({ title: 'Memory mixed', venue: venue.id }, 'author');
      expect((await c.get(`/events/${id}`).expect(200)).body.venue).toEqual([]);
      expect(await c.countQueries(() => c.get(`/events/${id}`).expect(200))).toBe(0);

      expect((await c.get(`/events/${id}`, 'author').expect(200)).body.venue).toMatchObject({ id: venue.id, venue: 'Memory Draft Hall' });
      expect(await c.countQueries(() => c.get(`/events/${id}?password=anything`).expect(200))).toBeGreaterThan(0);
      expect((await c.get(`/events/${id}`).expect(200)).body.venue).toEqual([]);
    });
  });

  describe('with READ_CACHE_SECONDS=0', () => {
    let fresh: TestApp;
    afterAll(() => fresh?.close());

    it('reads the database for every request', async () => {
      fresh = await TestApp.start(database, { READ_CACHE_SECONDS: '0' });
      const client = await EventsClient.start(fresh);
      const { id } = await client.create({ title: 'Never remembered' });
      await client.get(`/events/${id}`).expect(200);
      expect(await client.countQueries(() => client.get(`/events/${id}`).expect(200))).toBeGreaterThan(0);
      expect(await client.countQueries(() => client.list('per_page=1').expect(200))).toBeGreaterThan(0);
      expect(await client.countQueries(() => client.list('per_page=1').expect(200))).toBeGreaterThan(0);
    });
  });
});
