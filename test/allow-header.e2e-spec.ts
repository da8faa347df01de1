import { TEST_DATABASES } from './support/databases';
import { TestApp, TestUser } from './support/test-app';

/**
 * `Allow` (reference observed-responses: lists `Allow: GET`, collections to a writer `GET, POST`):
 * the methods of the matched route this caller may use, in the index's order.
 */
describe.each(TEST_DATABASES)('the Allow header on $kind', (database) => {
  let t: TestApp;
  let admin: TestUser;
  let contributor: TestUser;
  let subscriber: TestUser;
  let event: { id: number; slug: string };
  let category: number;

  beforeAll(async () => {
    t = await TestApp.start(database);
    [admin, contributor, subscriber] = await Promise.all([
      t.createUser('administrator'),
      t.createUser('contributor'),
      t.createUser('subscriber'),
    ]);
    const created = await t.request
      .post(t.api('/events'))
      .set('Authorization', admin.auth)
      .send({ title: 'Allowed', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' })
      .expect(201);
    event = { id: created.body.id as number, slug: created.body.slug as string };
    category = (await t.request.post(t.api('/categories')).set('Authorization', admin.auth).send({ name: 'Allowed' }).expect(201)).body
      .id as number;
  });
  afterAll(() => t.close());

  const adminAuth = () => admin.auth;

  const allow = async (path: string, user?: TestUser) => {
    const request = t.request.get(t.api(path));
    const res = await (user ? request.set('Authorization', user.auth) : request);
    return res.headers.allow as string | undefined;
  };

  it('tells anonymous callers GET on every route of the namespace', async () => {
    for (const path of [
      '',
      '/doc',
      '/events',
      `/events/${event.id}`,
      `/events/by-slug/${event.slug}`,
      '/events/ics',
      '/venues',
      '/categories',
      `/categories/${category}`,
    ]) {
      expect({ path, allow: await allow(path) }).toEqual({ path, allow: 'GET' });
    }
  });

  it("lists every method of the route to an administrator, in the index's order", async () => {
    expect(await allow('/events', admin)).toBe('GET, POST');
    expect(await allow(`/events/${event.id}`, admin)).toBe('GET, DELETE, POST, PUT, PATCH');
    expect(await allow(`/events/by-slug/${event.slug}`, admin)).toBe('GET, DELETE, POST, PUT, PATCH');
    expect(await allow(`/categories/${category}`, admin)).toBe('GET, POST, PUT, PATCH, DELETE');
  });

  it('leaves out what the role may not do: a contributor writes events but not terms, a subscriber only reads', async () => {
    expect(await allow('/events', contributor)).toBe('GET, POST');
    expect(await allow('/categories', contributor)).toBe('GET');
    expect(await allow(`/categories/${category}`, contributor)).toBe('GET');
    expect(await allow('/events', subscriber)).toBe('GET');
    expect(await allow(`/events/${event.id}`, subscriber)).toBe('GET');
  });

  it('tells what the caller may do to the object itself when the route loads it first (venue reads, writes)', async () => {
    const venue = await t.request.post(t.api('/venues')).set('Authorization', admin.auth).send({ venue: "The admin's hall" }).expect(201);
    // A contributor may read the administrator's venue, not change it.
    expect(await allow(`/venues/${venue.body.id}`, contributor)).toBe('GET');
    expect(await allow(`/venues/${venue.body.id}`, admin)).toBe('GET, DELETE, POST, PUT, PATCH');
    const draft = await t.request
      .post(t.api('/events'))
      .set('Authorization', contributor.auth)
      .send({ title: 'My draft', start_date: '2030-02-01 10:00:00', end_date: '2030-02-01 11:00:00' })
      .expect(201);
    const edited = await t.request
      .patch(t.api(`/events/${draft.body.id}`))
      .set('Authorization', contributor.auth)
      .send({ excerpt: 'x' })
      .expect(200);
    expect(edited.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
  });

  it('comes with Vary: Origin as WordPress sends it (CORS off): to a request with an Origin and to an anonymous GET', async () => {
    const varies = (res: { headers: Record<string, string | undefined> }) => String(res.headers.vary).split(/,\s*/);
    expect(varies(await t.request.get(t.api('')).expect(200))).toEqual(expect.arrayContaining(['Origin', 'Accept-Language']));
    expect(varies(await t.request.get(t.api('/events/999999')).expect(404))).toContain('Origin');
    expect(varies(await t.request.get(t.api('/venues')).set('Authorization', admin.auth).expect(200))).not.toContain('Origin');
    expect(varies(await t.request.post(t.api('/events')).send({}).expect(401))).not.toContain('Origin');
    const browser = await t.request
      .get(t.api('/venues'))
      .set('Authorization', admin.auth)
      .set('Origin', 'https://else.example')
      .expect(200);
    expect(varies(browser)).toContain('Origin');
  });

  it('comes with the same Vary to a HEAD as to the GET (RFC 9110 §9.3.2), a 304 included', async () => {
    for (const path of [
      t.api(''),
      t.api('/events'),
      t.api(`/events/${event.id}`),
      t.api(`/events/${event.id}/ics`),
      t.api('/events/999999'),
    ]) {
      const get = await t.request.get(path);
      const head = await t.request.head(path).expect(get.status);
      expect([path, head.headers.vary]).toEqual([path, get.headers.vary]);
      if (get.status === 200 && get.headers.etag) {
        const fresh = await t.request.head(path).set('If-None-Match', get.headers.etag).expect(304);
        expect([path, fresh.headers.vary]).toEqual([path, get.headers.vary]);
      }
    }
  });

  it('comes with Vary: Accept-Language on errors, whose message is in the language asked for', async () => {
    const varies = (res: { headers: Record<string, string | undefined> }) => String(res.headers.vary).split(/,\s*/);
    const german = await t.request.get(t.api('/events/999999')).set('Accept-Language', 'de-DE').expect(404);
    const english = await t.request.get(t.api('/events/999999')).expect(404);
    expect(german.body.message).not.toBe(english.body.message);
    for (const res of [german, english]) expect(varies(res)).toEqual(expect.arrayContaining(['Origin', 'Accept-Language']));
    expect(varies(await t.request.get(t.api('/events')).query({ page: 'x' }).expect(400))).toContain('Accept-Language');
    expect(varies(await t.request.post(t.api('/events')).send({}).expect(401))).toContain('Accept-Language');
    expect(varies(await t.request.get(t.api('/nothing-here')).expect(404))).toContain('Accept-Language');
  });

  it("comes with the route's errors too, as WordPress sends it for a matched route", async () => {
    const missing = await t.request.get(t.api('/events/999999')).expect(404);
    expect(missing.headers.allow).toBe('GET');
    const bad = await t.request.get(t.api('/events')).query({ page: 'x' }).expect(400);
    expect(bad.headers.allow).toBe('GET');
  });

  it('is on write answers: a create tells its writer GET, POST', async () => {
    const res = await t.request.post(t.api('/venues')).set('Authorization', admin.auth).send({ venue: 'Allowed hall' }).expect(201);
    expect(res.headers.allow).toBe('GET, POST');
  });

  it('is not sent outside the API (health) or where no route matched', async () => {
    const health = await t.request.get('/health').expect(200);
    expect(health.headers.allow).toBeUndefined();
    const unknown = await t.request.get(t.api('/nothing-here')).expect(404);
    expect(unknown.headers.allow).toBeUndefined();
  });

  describe('OPTIONS, as WordPress answers it', () => {
    it('describes the route as the index does, with Allow for the caller', async () => {
      const index = (await t.request.get(t.api()).expect(200)).body as { routes: Record<string, unknown> };
      const cases: [string, string][] = [
        ['', '/calendar/events/v1'],
        ['/events', '/calendar/events/v1/events'],
        [`/events/${event.id}`, '/calendar/events/v1/events/(?P<id>\\d+)'],
        [`/events/by-slug/${event.slug}`, '/calendar/events/v1/events/by-slug/(?P<slug>[^/]+)'],
        ['/events/ics', '/calendar/events/v1/events/ics'],
        [`/categories/${category}`, '/calendar/events/v1/categories/(?P<id>\\d+)'],
      ];
      for (const [path, key] of cases) {
        const res = await t.request.options(t.api(path)).expect(200);
        expect({ path, body: res.body, allow: res.headers.allow }).toEqual({ path, body: index.routes[key], allow: 'GET' });
      }
      const admin = await t.request
        .options(t.api(`/events/${event.id}`))
        .set('Authorization', adminAuth())
        .expect(200);
      expect(admin.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
    });

    it('answers a path that names no route with 404 rest_no_route', async () => {
      for (const path of ['/events/abc', '/nothing', '/events/1/2']) {
        const res = await t.request.options(t.api(path)).expect(404);
        expect({ path, code: res.body.code, allow: res.headers.allow }).toEqual({ path, code: 'rest_no_route', allow: undefined });
      }
    });

    it('changes nothing: an OPTIONS on an event leaves it as it was', async () => {
      await t.request
        .options(t.api(`/events/${event.id}`))
        .set('Authorization', adminAuth())
        .expect(200);
      expect((await t.request.get(t.api(`/events/${event.id}`)).expect(200)).body.status).toBe('publish');
    });
  });
});
