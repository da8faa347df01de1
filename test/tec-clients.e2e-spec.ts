import { AddressInfo } from 'node:net';
import { TEST_DATABASES } from './support/databases';
import { EventsClient } from './support/events';
import { TestApp } from './support/test-app';

/**
 * Issue #11: what clients written for The Events Calendar REST API need to work unchanged, with
 * only the base URL changed: the original's namespace (NAMESPACE_ALIASES), conditional GETs as
 * fetch() sends them, the original's `timezone_abbr`, and term names in list filters.
 */
const TEC = '/wp-json/tribe/events/v1';
const OURS = '/wp-json/calendar/events/v1';
const SITE = 'http://calendar.test';

describe.each(TEST_DATABASES)('existing TEC clients on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;
  let base: string;

  beforeAll(async () => {
    t = await TestApp.start(database, { REST_PREFIX: '/wp-json', NAMESPACE_ALIASES: 'tribe/events/v1', DEFAULT_PER_PAGE: '2' });
    c = await EventsClient.start(t);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const admin = () => c.auth('administrator');

  describe('the original namespace as an alias', () => {
    let venue: { id: number };
    let category: { id: number; slug: string };
    let events: { id: number; slug: string }[];

    beforeAll(async () => {
      venue = await c.createLinked('venues', { venue: 'Alias Hall' });
      category = await c.createTerm('categories', { name: 'Alias Cat' });
      events = [];
      for (const day of [11, 12, 13]) {
        events.push(
          await c.create({
            title: `Alias event ${day}`,
            start_date: `2030-02-${day} 10:00:00`,
            end_date: `2030-02-${day} 11:00:00`,
            venue: venue.id,
            categories: [category.id],
          }),
        );
      }
    });

    it('answers a list under the alias with every URL in the alias, and the same list under ours with ours', async () => {
      const query = 'start_date=2030-02-01&end_date=2030-02-28';
      for (const namespace of [TEC, OURS, TEC]) {
        const res = await t.request.get(`${namespace}/events?${query}`).expect(200);
        const root = `${SITE}${namespace}`;
        expect(res.body.events.map((e: { id: number }) => e.id)).toEqual([events[0].id, events[1].id]);
        expect(res.body.rest_url).toBe(
          `${root}/events/?page=1&per_page=2&start_date=2030-02-01%2000%3A00%3A00&end_date=2030-02-28%2023%3A59%3A59&status=publish`,
        );
        expect(res.body.next_rest_url).toBe(`${res.body.rest_url.replace('page=1&', '')}&page=2`);
        expect(res.headers.link).toContain(`<${res.body.next_rest_url}>; rel="next"`);
        const [first] = res.body.events;
        expect(first.rest_url).toBe(`${root}/events/${events[0].id}`);
        expect(first.venue.rest_url ?? `${root}/venues/${venue.id}`).toBe(`${root}/venues/${venue.id}`);
        expect(first.categories[0].urls).toEqual({
          self: `${root}/categories/${category.id}`,
          collection: `${root}/categories`,
        });

        // Following next_rest_url, as clients do, stays under the namespace and keeps the result set.
        const next = await t.request.get(res.body.next_rest_url.slice(SITE.length)).expect(200);
        expect(next.body.events.map((e: { id: number }) => e.id)).toEqual([events[2].id]);
        expect(next.body.previous_rest_url).toMatch(new RegExp(`^${root}/events/\\?`));
      }
    });

    it('serves single reads, by slug, terms, venues and organizers under the alias', async () => {
      const byId = await t.request.get(`${TEC}/events/${events[0].id}`).expect(200);
      expect(byId.body.rest_url).toBe(`${SITE}${TEC}/events/${events[0].id}`);
      const bySlug = await t.request.get(`${TEC}/events/by-slug/${events[0].slug}`).expect(200);
      expect(bySlug.body.id).toBe(events[0].id);
      const venues = await t.request.get(`${TEC}/venues`).expect(200);
      expect(venues.body.rest_url).toMatch(new RegExp(`^${SITE}${TEC}/venues/\\?`));
      const categories = await t.request.get(`${TEC}/categories?hide_empty=0`).expect(200);
      expect(categories.body.rest_url).toMatch(new RegExp(`^${SITE}${TEC}/categories/?\\?`));
      const term = await t.request.get(`${TEC}/categories/${category.id}`).expect(200);
      expect(term.body.urls.self).toBe(`${SITE}${TEC}/categories/${category.id}`);
    });

    it('creates under the alias with Location and rest_url in the alias, from a form body as TEC clients send', async () => {
      const res = await t.request
        .post(`${TEC}/events`)
        .set('Authorization', admin())
        .type('form')
        .send({
          title: 'Made by a TEC client',
          start_date: '2030-03-01 09:00:00',
          end_date: '2030-03-01 10:00:00',
          'categories[]': 'Alias Cat',
        })
        .expect(201);
      expect(res.headers.location).toBe(`${SITE}${TEC}/events/${res.body.id}`);
      expect(res.body.rest_url).toBe(res.headers.location);
      expect(res.body.categories.map((term: { id: number }) => term.id)).toEqual([category.id]);
      const updated = await t.request
        .post(`${TEC}/events/${res.body.id}`)
        .set('Authorization', admin())
        .send({ title: 'Renamed by a TEC client' })
        .expect(200);
      expect(updated.body.rest_url).toBe(`${SITE}${TEC}/events/${res.body.id}`);
      const gone = await t.request.delete(`${TEC}/events/${res.body.id}`).set('Authorization', admin()).expect(200);
      expect(gone.body.status).toBe('trash');
    });

    it('takes an image object sent as form fields (image[id]=N) as its id', async () => {
      const body = { start_date: '2030-03-02 09:00:00', end_date: '2030-03-02 10:00:00' };
      const pictured = await t.request
        .post(`${TEC}/events`)
        .set('Authorization', admin())
        .send({ title: 'Pictured', ...body, image: 'https://cdn.example.com/poster.png' })
        .expect(201);
      const imageId = pictured.body.image.id as number;
      const res = await t.request
        .post(`${TEC}/events`)
        .set('Authorization', admin())
        .type('form')
        .send(
          `title=Same+poster&start_date=${encodeURIComponent(body.start_date)}&end_date=${encodeURIComponent(body.end_date)}&image[id]=${imageId}`,
        )
        .expect(201);
      expect(res.body.image).toEqual(pictured.body.image);
    });

    it('reads a multipart/form-data body (PHP cURL with an array of fields) as a form, file parts skipped', async () => {
      const res = await t.request
        .post(`${TEC}/events`)
        .set('Authorization', admin())
        .field('title', 'Sent as multipart')
        .field('start_date', '2030-03-02 09:00:00')
        .field('end_date', '2030-03-02 10:00:00')
        .field('categories[]', 'Alias Cat')
        .field('venue[venue]', 'Multipart Hall')
        .attach('upload', Buffer.from('not a parameter'), 'notes.txt')
        .expect(201);
      expect(res.body).toMatchObject({ title: 'Sent as multipart', start_date: '2030-03-02 09:00:00', venue: { venue: 'Multipart Hall' } });
      expect(res.body.categories.map((term: { id: number }) => term.id)).toEqual([category.id]);
      const updated = await t.request
        .post(`${TEC}/events/${res.body.id}`)
        .set('Authorization', admin())
        .field('title', 'Renamed')
        .expect(200);
      expect(updated.body.title).toBe('Renamed');
      const missing = await t.request.post(`${TEC}/venues`).set('Authorization', admin()).field('city', 'Nowhere').expect(400);
      expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['venue'] } });
      // A broken multipart body is an unreadable one (after the credentials, like broken JSON).
      const broken = await t.request
        .post(`${TEC}/venues`)
        .set('Authorization', admin())
        .set('Content-Type', 'multipart/form-data; boundary=x')
        .send('--x\r\nContent-Disposition: form-data; name="venue"\r\n\r\nHall')
        .expect(400);
      expect(broken.body.code).toBe('rest_invalid_json');
    });

    it('replays an Idempotency-Key only under the namespace it was first used on: elsewhere it is another route', async () => {
      const post = (namespace: string) =>
        t.request
          .post(`${namespace}/tags`)
          .set('Authorization', admin())
          .set('Idempotency-Key', 'alias-key-1')
          .send({ name: 'Alias key tag' });
      const first = await post(TEC).expect(201);
      expect(first.headers.location).toBe(`${SITE}${TEC}/tags/${first.body.id}`);
      const again = await post(TEC).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers.location).toBe(first.headers.location);
      const elsewhere = await post(OURS).expect(422);
      expect(elsewhere.body.code).toBe('idempotency_key_reused');
    });

    it('shows the index under the namespace it was asked on', async () => {
      const index = await t.request.get(TEC).expect(200);
      expect(index.body.namespace).toBe('tribe/events/v1');
      const routes = Object.keys(index.body.routes);
      expect(routes).toContain('/tribe/events/v1/events');
      expect(routes).toContain('/tribe/events/v1/events/(?P<id>\\d+)');
      expect(routes.every((route) => route.startsWith('/tribe/events/v1'))).toBe(true);
      expect(index.body.routes['/tribe/events/v1/events'].namespace).toBe('tribe/events/v1');
      expect(index.body.routes['/tribe/events/v1/events']._links.self[0].href).toBe(`${SITE}${TEC}/events`);
      expect(index.body._links.up[0].href).toBe(`${SITE}/wp-json/`);
      await t.request.get(`${TEC}?namespace=tribe/events/v1`).expect(200);

      const ours = await t.request.get(OURS).expect(200);
      expect(ours.body.namespace).toBe('calendar/events/v1');
      expect(Object.keys(ours.body.routes).every((route) => route.startsWith('/calendar/events/v1'))).toBe(true);
      // The alias's route names are the same routes.
      expect(routes.map((route) => route.replace('/tribe/events/v1', ''))).toEqual(
        Object.keys(ours.body.routes).map((route) => route.replace('/calendar/events/v1', '')),
      );
    });

    it("answers the REST root its discovery link names with every namespace and route, as WordPress's /wp-json/", async () => {
      const link = (await t.request.get(`${TEC}/events`).expect(200)).headers.link;
      const href = /<([^>]+)>; rel="https:\/\/api\.w\.org\/"/.exec(link)![1];
      expect(href).toBe(`${SITE}/wp-json/`);
      const root = await t.request.get(href.slice(SITE.length)).expect(200);
      expect(Object.keys(root.body)).toEqual([
        'name',
        'description',
        'url',
        'home',
        'gmt_offset',
        'timezone_string',
        'namespaces',
        'authentication',
        'routes',
        '_links',
      ]);
      expect(root.body).toMatchObject({ url: SITE, home: SITE, namespaces: ['calendar/events/v1', 'tribe/events/v1'], authentication: [] });
      expect(root.body.routes['/']).toEqual({
        namespace: '',
        methods: ['GET'],
        endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
        _links: { self: [{ href: `${SITE}/wp-json/` }] },
      });
      // Each namespace's routes as its own index shows them, its links under it.
      const tec = await t.request.get(TEC).expect(200);
      const ours = await t.request.get(OURS).expect(200);
      expect(root.body.routes).toEqual({ '/': root.body.routes['/'], ...ours.body.routes, ...tec.body.routes });
      expect(root.body.routes['/tribe/events/v1/venues']._links.self[0].href).toBe(`${SITE}${TEC}/venues`);
      // Without the slash, and HEAD, as WordPress; other methods find no route.
      expect((await t.request.get('/wp-json').expect(200)).body).toEqual(root.body);
      await t.request.head('/wp-json/').expect(200);
      expect((await t.request.post('/wp-json/').expect(404)).body.code).toBe('rest_no_route');
    });

    it("shows the index of the namespace asked for, any served, and the alias as its index's default, as the original", async () => {
      const tec = await t.request.get(TEC).expect(200);
      expect(tec.body.routes['/tribe/events/v1'].endpoints[0].args.namespace).toEqual({ default: 'tribe/events/v1', required: false });
      const ours = await t.request.get(OURS).expect(200);
      expect(ours.body.routes['/calendar/events/v1'].endpoints[0].args.namespace).toEqual({
        default: 'calendar/events/v1',
        required: false,
      });
      expect((await t.request.get(`${OURS}?namespace=tribe/events/v1`).expect(200)).body).toEqual(tec.body);
      const unknown = await t.request.get(`${TEC}?namespace=wp/v2`).expect(404);
      expect(unknown.body.code).toBe('rest_invalid_namespace');
    });

    it("gives /doc's server and the docs page's assets in the namespace asked", async () => {
      const doc = await t.request.get(`${TEC}/doc`).set('Host', 'calendar.test').expect(200);
      expect(doc.body.servers[0].url).toBe(`${SITE}${TEC}/`);
      const ours = await t.request.get(`${OURS}/doc`).set('Host', 'calendar.test').expect(200);
      expect(ours.body.servers[0].url).toBe(`${SITE}${OURS}/`);
      expect({ ...doc.body, servers: [] }).toEqual({ ...ours.body, servers: [] });
      const page = await t.request.get(`${TEC}/docs`).expect(200);
      expect(page.text).toContain(`src="${TEC}/docs/swagger-ui-bundle.js"`);
      const init = await t.request.get(`${TEC}/docs/init.js`).expect(200);
      expect(init.text).toContain(`"url":"${TEC}/doc"`);
    });

    it('keeps other namespaces unanswered', async () => {
      for (const path of [
        '/wp-json/tribe/events/v2/events',
        '/wp-json/tribe/events',
        '/wp-json/other/v1/events',
        '/tribe/events/v1/events',
      ]) {
        const res = await t.request.get(path).expect(404);
        expect(res.body).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
      }
    });
  });

  describe('authentication before the body', () => {
    let event: { id: number; slug: string };
    let venue: { id: number; slug: string };
    let organizer: { id: number; slug: string };
    let category: { id: number };
    let tag: { id: number };
    const broken = '{"title": "half';

    beforeAll(async () => {
      event = await c.create({ title: 'Body order' });
      venue = (await c.createLinked('venues', { venue: 'Body Hall' })) as typeof venue;
      organizer = (await c.createLinked('organizers', { organizer: 'Body Org' })) as typeof organizer;
      category = await c.createTerm('categories', { name: 'Body Cat' });
      tag = await c.createTerm('tags', { name: 'Body Tag' });
    });

    const writes = (): [string, string][] => [
      ['post', '/events'],
      ['post', `/events/${event.id}`],
      ['put', `/events/${event.id}`],
      ['patch', `/events/by-slug/${event.slug}`],
      ['delete', `/events/${event.id}`],
      ['post', '/venues'],
      ['patch', `/venues/${venue.id}`],
      ['put', `/venues/by-slug/${venue.slug}`],
      ['post', '/organizers'],
      ['post', `/organizers/${organizer.id}`],
      ['post', '/categories'],
      ['patch', `/categories/${category.id}`],
      ['post', '/tags'],
      ['put', `/tags/${tag.id}`],
    ];
    const send = (method: string, path: string, auth?: string) => {
      const req = t.request[method as 'post'](`${OURS}${path}`).set('Content-Type', 'application/json');
      return (auth ? req.set('Authorization', auth) : req).send(broken);
    };

    it('answers an anonymous write with a malformed JSON body 401 rest_forbidden, on every resource', async () => {
      for (const [method, path] of writes()) {
        const res = await send(method, path);
        expect([method, path, res.status, res.body.code]).toEqual([method, path, 401, 'rest_forbidden']);
        expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
      }
    });

    it('answers a signed-in caller without the right 403, and one with it 400 rest_invalid_json', async () => {
      for (const [method, path] of writes()) {
        const refused = await send(method, path, c.auth('subscriber'));
        expect([method, path, refused.status, refused.body.code]).toEqual([method, path, 403, 'rest_forbidden']);
        const unreadable = await send(method, path, admin());
        expect([method, path, unreadable.status, unreadable.body.code]).toEqual([method, path, 400, 'rest_invalid_json']);
        expect(unreadable.body.data).toEqual({ status: 400, json_error_code: 4, json_error_message: 'Syntax error' });
      }
      // Nothing was written, trashed or deleted.
      await c.get(`/events/${event.id}`).expect(200);
      await t.request.get(`${OURS}/categories/${category.id}`).expect(200);
    });

    it('checks the item and If-Match before the body: 404 for an unknown id, 412 for a stale tag', async () => {
      expect((await send('post', '/events/999999', admin())).status).toBe(404);
      const stale = await t.request
        .put(`${OURS}/events/${event.id}`)
        .set({ Authorization: admin(), 'Content-Type': 'application/json', 'If-Match': '"stale"' })
        .send(broken);
      expect(stale.status).toBe(412);
    });

    it('does not claim an Idempotency-Key for an unreadable body', async () => {
      const key = { Authorization: admin(), 'Idempotency-Key': 'body-order-1' };
      await t.request.post(`${OURS}/categories`).set(key).set('Content-Type', 'application/json').send(broken).expect(400);
      const created = await t.request.post(`${OURS}/categories`).set(key).send({ name: 'Body Cat 2' }).expect(201);
      expect(created.headers['idempotent-replayed']).toBeUndefined();
    });
  });

  describe('conditional GETs from fetch()', () => {
    let event: { id: number; slug: string };
    let category: { id: number };

    beforeAll(async () => {
      category = await c.createTerm('categories', { name: 'Fetch Cat' });
      event = await c.create({ title: 'Fetched', categories: [category.id] });
    });

    // Node's own fetch adds `Cache-Control: no-cache` and `Pragma: no-cache` to any request with If-None-Match.
    async function revalidate(path: string): Promise<{ first: Response; second: Response }> {
      const first = await fetch(`${base}${path}`);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      const second = await fetch(`${base}${path}`, { headers: { 'If-None-Match': etag! } });
      return { first, second };
    }

    it.each([
      ['an event by id', () => `${OURS}/events/${event.id}`],
      ['an event by slug', () => `${OURS}/events/by-slug/${event.slug}`],
      ['an event under the alias', () => `${TEC}/events/${event.id}`],
      ['a category', () => `${OURS}/categories/${category.id}`],
      ['the event list', () => `${OURS}/events?categories=${category.id}`],
      ['the categories list', () => `${OURS}/categories?hide_empty=0`],
      ['the namespace index', () => OURS],
      ['/doc', () => `${OURS}/doc`],
    ])('answers 304 for %s when the tag matches', async (_name, path) => {
      const { second } = await revalidate(path());
      expect(second.status).toBe(304);
      expect(await second.text()).toBe('');
    });

    it('answers 200 with the body when the tag does not match, and 304 for *', async () => {
      const path = `${OURS}/events/${event.id}`;
      const stale = await fetch(`${base}${path}`, { headers: { 'If-None-Match': '"not-the-tag"' } });
      expect(stale.status).toBe(200);
      expect(((await stale.json()) as { id: number }).id).toBe(event.id);
      const any = await fetch(`${base}${path}`, { headers: { 'If-None-Match': '*' } });
      expect(any.status).toBe(304);
    });

    it('evaluates If-None-Match whatever Cache-Control and Pragma say', async () => {
      const path = `${OURS}/events/${event.id}`;
      const etag = (await t.request.get(path).expect(200)).headers.etag;
      await t.request.get(path).set({ 'If-None-Match': etag, 'Cache-Control': 'no-cache', Pragma: 'no-cache' }).expect(304);
      await t.request.get(path).set({ 'If-None-Match': etag, 'Cache-Control': 'max-age=0' }).expect(304);
    });

    it('sends the body again once the event changed', async () => {
      const path = `${OURS}/events/${event.id}`;
      const etag = (await fetch(`${base}${path}`)).headers.get('etag')!;
      await c.write('patch', `/events/${event.id}`, { title: 'Fetched again' }, 'administrator').expect(200);
      const res = await fetch(`${base}${path}`, { headers: { 'If-None-Match': etag } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: string }).title).toBe('Fetched again');
    });
  });

  describe('timezone_abbr', () => {
    it.each([
      ['Asia/Tokyo', '2030-01-15', 'JST'],
      ['Asia/Kolkata', '2030-01-15', 'IST'],
      ['Asia/Dubai', '2030-07-15', '+04'],
      ['Asia/Seoul', '2030-07-15', 'KST'],
      ['Australia/Sydney', '2030-01-15', 'AEDT'],
      ['Australia/Sydney', '2030-07-15', 'AEST'],
      ['Europe/London', '2030-07-15', 'BST'],
      ['Europe/London', '2030-01-15', 'GMT'],
      ['Africa/Johannesburg', '2030-07-15', 'SAST'],
      ['Pacific/Auckland', '2030-07-15', 'NZST'],
      ['America/New_York', '2030-07-15', 'EDT'],
    ])('is the tz database abbreviation for %s on %s: %s', async (timezone, day, abbr) => {
      const created = await c.create({ title: `Zone ${timezone}`, timezone, start_date: `${day} 10:00:00`, end_date: `${day} 11:00:00` });
      expect(created.timezone_abbr).toBe(abbr);
      const read = await c.get(`/events/${created.id}`).expect(200);
      expect(read.body).toMatchObject({ timezone, timezone_abbr: abbr });
    });

    it('follows the start date when an update moves the event across a clock change', async () => {
      const created = await c.create({
        title: 'Moving',
        timezone: 'Australia/Sydney',
        start_date: '2030-01-15 10:00:00',
        end_date: '2030-01-15 11:00:00',
      });
      const moved = await c
        .write('patch', `/events/${created.id}`, { start_date: '2030-07-15 10:00:00', end_date: '2030-07-15 11:00:00' }, 'administrator')
        .expect(200);
      expect(moved.body.timezone_abbr).toBe('AEST');
    });
  });

  describe('a cost sent back as read', () => {
    it.each([[['0', '25']], [['0', '$25']], [0], [['10 €', '0']]])('keeps %p when the event is read and sent back whole', async (cost) => {
      const created = await c.create({ title: 'Free to enter', cost });
      const read = await c.get(`/events/${created.id}`).expect(200);
      const sentBack = await c.write('put', `/events/${created.id}`, read.body, 'administrator').expect(200);
      expect(sentBack.body.cost).toBe(read.body.cost);
      expect(sentBack.body.cost_details).toEqual(read.body.cost_details);
    });
  });

  describe('term names in list filters', () => {
    let meeting: { id: number; slug: string };
    let rock: { id: number; slug: string };
    let child: { id: number; slug: string };
    let tag: { id: number; slug: string };
    let ids: Record<string, number>;

    beforeAll(async () => {
      meeting = await c.createTerm('categories', { name: 'Team Meeting' });
      rock = await c.createTerm('categories', { name: 'Rock & Roll' });
      child = await c.createTerm('categories', { name: 'Stand-up', parent: meeting.id });
      tag = await c.createTerm('tags', { name: 'Open Air' });
      const day = { start_date: '2031-05-05 10:00:00', end_date: '2031-05-05 11:00:00' };
      ids = {
        meeting: (await c.create({ title: 'Weekly meeting', ...day, categories: [meeting.id] })).id,
        standup: (await c.create({ title: 'Daily stand-up', ...day, categories: [child.id], tags: [tag.id] })).id,
        rock: (await c.create({ title: 'Concert', ...day, categories: [rock.id], tags: [tag.id] })).id,
      };
    });

    const window = 'start_date=2031-05-01&end_date=2031-05-31';
    const listIds = async (filter: string) => (await c.ids(`${window}&${filter}`)).sort((a, b) => a - b);
    const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

    it('accepts exact names, in any case, with the descendants of a category', async () => {
      expect(await listIds('categories=Team%20Meeting')).toEqual(sorted(ids.meeting, ids.standup));
      expect(await listIds('categories=team%20meeting')).toEqual(sorted(ids.meeting, ids.standup));
      expect(await listIds('categories[]=TEAM%20MEETING')).toEqual(sorted(ids.meeting, ids.standup));
      expect(await listIds('tags=open%20air')).toEqual(sorted(ids.standup, ids.rock));
    });

    it('matches names as stored, HTML-escaped', async () => {
      expect(await listIds(`categories=${encodeURIComponent('Rock & Roll')}`)).toEqual([ids.rock]);
      expect(await listIds(`categories=${encodeURIComponent('Rock &amp; Roll')}`)).toEqual([ids.rock]);
    });

    it('mixes ids, slugs and names in one list, OR within it and AND with tags', async () => {
      expect(await listIds(`categories=${rock.id},stand-up`)).toEqual(sorted(ids.rock, ids.standup));
      expect(await listIds(`categories=Rock%20%26%20Roll,${meeting.slug}&tags=Open%20Air`)).toEqual(sorted(ids.standup, ids.rock));
    });

    it('prefers a slug to a name', async () => {
      // A category named like another one's slug: the slug wins, as the original looks slugs up first.
      await c.createTerm('categories', { name: 'stand-up', slug: 'not-the-child' });
      expect(await listIds('categories=stand-up')).toEqual([ids.standup]);
    });

    it('answers 400 naming the parameter for a name that matches nothing, and keeps names in the links', async () => {
      const res = await c.list(`${window}&categories=Team%20Meeting,No%20Such%20Thing`).expect(400);
      expect(res.body).toMatchObject({
        code: 'rest_invalid_param',
        data: { status: 400, params: { categories: expect.stringMatching(/no such thing/i) } },
      });
      const ok = await c.list(`${window}&categories=Team%20Meeting`).expect(200);
      expect(ok.body.rest_url).toMatch(/categories[^&]*=team%20meeting/i);
      const followed = await t.request.get(ok.body.rest_url.slice(SITE.length)).expect(200);
      expect(followed.body.total).toBe(2);
    });
  });
});
