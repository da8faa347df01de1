import { TEST_DATABASES } from './support/databases';
import { TestApp, TestUser } from './support/test-app';

/**
 * WordPress's global `_fields` (rest_filter_response_fields): clients of the original use it to
 * fetch less, and must get the same answers here.
 */
describe.each(TEST_DATABASES)('_fields on $kind', (database) => {
  let t: TestApp;
  let admin: TestUser;
  let event: { id: number; slug: string };

  beforeAll(async () => {
    t = await TestApp.start(database);
    admin = await t.createUser('administrator');
    const venue = await t.request
      .post(t.api('/venues'))
      .set('Authorization', admin.auth)
      .send({ venue: 'Field Hall', city: 'Oslo' })
      .expect(201);
    const created = await t.request
      .post(t.api('/events'))
      .set('Authorization', admin.auth)
      .send({ title: 'Fielded', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', venue: venue.body.id })
      .expect(201);
    event = { id: created.body.id as number, slug: created.body.slug as string };
  });
  afterAll(() => t.close());

  it("keeps the named keys of a single read in the answer's order, nested ones by dotted names", async () => {
    for (const path of [`/events/${event.id}`, `/events/by-slug/${event.slug}`]) {
      const res = await t.request.get(t.api(path)).query({ _fields: 'venue.venue,title, id' }).expect(200);
      expect(res.body).toEqual({ id: event.id, title: 'Fielded', venue: { venue: 'Field Hall' } });
      expect(Object.keys(res.body as object)).toEqual(['id', 'title', 'venue']);
    }
  });

  it('tags the filtered body: its ETag answers If-None-Match with 304 and differs from the whole read', async () => {
    const whole = await t.request.get(t.api(`/events/${event.id}`)).expect(200);
    const some = await t.request.get(t.api(`/events/${event.id}?_fields=id`)).expect(200);
    expect(some.headers.etag).toMatch(/^"/);
    expect(some.headers.etag).not.toBe(whole.headers.etag);
    await t.request
      .get(t.api(`/events/${event.id}?_fields=id`))
      .set('If-None-Match', some.headers.etag)
      .expect(304);
  });

  it("picks a list's top-level keys only, and keeps its headers", async () => {
    const totals = await t.request.get(t.api('/events?start_date=2029-12-01&end_date=2030-01-31&_fields=total,total_pages')).expect(200);
    expect(totals.body).toEqual({ total: 1, total_pages: 1 });
    expect(totals.headers['x-tec-total']).toBe('1');
    // The items are a list: a key of theirs matches none of its indexes (as in WordPress).
    expect((await t.request.get(t.api('/events?start_date=2029-12-01&end_date=2030-01-31&_fields=events.id')).expect(200)).body).toEqual({
      events: [],
    });
    const terms = await t.request.get(t.api('/categories?_fields[]=total&_fields[]=rest_url')).expect(200);
    expect(Object.keys(terms.body as object)).toEqual(['rest_url', 'total']);
  });

  it('filters what a write answers, and the answer a repeated idempotent create replays', async () => {
    const created = await t.request
      .post(t.api('/events?_fields=id,slug'))
      .set('Authorization', admin.auth)
      .set('Idempotency-Key', `fields-${database.kind}`)
      .send({ title: 'Fielded too', start_date: '2030-02-01 10:00:00', end_date: '2030-02-01 11:00:00' })
      .expect(201);
    expect(Object.keys(created.body as object)).toEqual(['id', 'slug']);
    expect(created.headers.location).toContain(`/events/${created.body.id}`);
    const replay = await t.request
      .post(t.api('/events?_fields=id,slug'))
      .set('Authorization', admin.auth)
      .set('Idempotency-Key', `fields-${database.kind}`)
      .send({ title: 'Fielded too', start_date: '2030-02-01 10:00:00', end_date: '2030-02-01 11:00:00' })
      .expect(201);
    expect(replay.body).toEqual(created.body);
    const updated = await t.request
      .post(t.api(`/events/${created.body.id}`))
      .set('Authorization', admin.auth)
      .send({ title: 'Renamed', _fields: 'title' })
      .expect(200);
    expect(updated.body).toEqual({ title: 'Renamed' });
  });

  it('never filters errors or iCalendar, and leaves remembered reads whole', async () => {
    const missing = await t.request.get(t.api('/events/999999?_fields=code')).expect(404);
    expect(missing.body).toEqual({ code: 'rest-event-not-found', message: expect.any(String), data: { status: 404 } });
    const feed = await t.request.get(t.api('/events/ics?_fields=id')).expect(200);
    expect(feed.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    // An anonymous read is remembered: the filtered one must not be what the next whole read gets.
    await t.request.get(t.api('/events?_fields=total')).expect(200);
    const whole = await t.request.get(t.api('/events')).expect(200);
    expect(Object.keys(whole.body as object)).toEqual(['events', 'rest_url', 'total', 'total_pages']);
    expect(Object.keys((await t.request.get(t.api(`/events/${event.id}`)).expect(200)).body as object)).toContain('json_ld');
  });
});
