import { seedDemoData } from '../src/seed/seeder';
import { TEST_DATABASES } from './support/databases';
import { TestApp, TestUser } from './support/test-app';

// WordPress gives events, venues and organizers ids from one sequence (posts): an id names one
// item of one type, so a venue route never answers for an event's id, and global ids are unique.
describe.each(TEST_DATABASES)('one id sequence for events, venues and organizers on $kind', (database) => {
  let t: TestApp;
  let editor: TestUser;

  beforeAll(async () => {
    t = await TestApp.start(database);
    editor = await t.createUser('editor');
  });
  afterAll(() => t.close());

  const post = (path: string, body: object) => t.request.post(t.api(path)).set('Authorization', editor.auth).send(body).expect(201);

  it('never gives two items of different types the same id or global id', async () => {
    const venue = (await post('/venues', { venue: 'Sequence Hall' })).body;
    const organizer = (await post('/organizers', { organizer: 'Sequence Org' })).body;
    const event = (
      await post('/events', {
        title: 'Sequence Night',
        start_date: '2030-01-01 20:00:00',
        end_date: '2030-01-01 22:00:00',
        venue: { venue: 'Nested Sequence Hall' },
        organizer: [{ organizer: 'Nested Sequence Org' }],
      })
    ).body;
    const ids = [venue.id, organizer.id, event.id, event.venue.id, event.organizer[0].id];
    expect(new Set(ids).size).toBe(ids.length);
    const globalIds = [venue.global_id, organizer.global_id, event.global_id];
    expect(new Set(globalIds).size).toBe(3);
  });

  it('answers 404 for an id of another type', async () => {
    const event = (await post('/events', { title: 'Not a venue', start_date: '2030-02-01 20:00', end_date: '2030-02-01 21:00' })).body;
    const res = await t.request.get(t.api(`/venues/${event.id}`)).expect(404);
    expect(res.body.code).toBe('venue-not-found');
    await t.request.get(t.api(`/organizers/${event.id}`)).expect(404);
  });

  it("answers an event route given a venue's or an organizer's id with 400 rest-invalid-event-id, changing nothing", async () => {
    const venue = (await post('/venues', { venue: 'Not an event hall' })).body;
    const organizer = (await post('/organizers', { organizer: 'Not an event org' })).body;
    for (const id of [venue.id, organizer.id]) {
      const read = await t.request.get(t.api(`/events/${id}`)).expect(400);
      expect(read.body).toMatchObject({ code: 'rest-invalid-event-id', message: 'The specified ID is not a valid event.' });
      const update = await t.request
        .post(t.api(`/events/${id}`))
        .set('Authorization', editor.auth)
        .send({ title: 'Overwritten' })
        .expect(400);
      expect(update.body.code).toBe('rest-invalid-event-id');
      const removed = await t.request
        .delete(t.api(`/events/${id}`))
        .set('Authorization', editor.auth)
        .expect(400);
      expect(removed.body.code).toBe('rest-invalid-event-id');
      expect((await t.request.get(t.api(`/events/${id}/ics`)).expect(400)).body.code).toBe('rest-invalid-event-id');
    }
    expect((await t.request.get(t.api(`/venues/${venue.id}`)).expect(200)).body.venue).toBe('Not an event hall');
    expect((await t.request.get(t.api(`/organizers/${organizer.id}`)).expect(200)).body.organizer).toBe('Not an event org');
    // An id no item has stays 404, and a venue's slug names no event.
    expect((await t.request.get(t.api(`/events/${organizer.id + 1000}`)).expect(404)).body.code).toBe('rest-event-not-found');
    expect((await t.request.get(t.api(`/events/by-slug/${venue.slug}`)).expect(404)).body.code).toBe('rest-event-not-found');
  });

  it('hands out ids above a seeded block, so API writes never collide with seeded rows', async () => {
    const fresh = await TestApp.start(database);
    try {
      const writer = await fresh.createUser('editor');
      const sizes = { events: 5, venues: 3, organizers: 2, categories: 3, tags: 3, media: 2 };
      await seedDemoData(fresh.dataSource, { ...sizes, seed: 1, authorId: writer.id, siteTimezone: 'UTC', reset: false });
      const [row] = await fresh.dataSource.query<{ id: number | string }[]>(
        'SELECT MAX(id) AS id FROM (SELECT id FROM events UNION ALL SELECT id FROM venues UNION ALL SELECT id FROM organizers) AS ids',
      );
      const venue = await fresh.request
        .post(fresh.api('/venues'))
        .set('Authorization', writer.auth)
        .send({ venue: 'After the seed' })
        .expect(201);
      expect(venue.body.id).toBeGreaterThan(Number(row.id));
    } finally {
      await fresh.close();
    }
  });
});
