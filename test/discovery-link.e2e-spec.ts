import { TEST_DATABASES } from './support/databases';
import { TestApp, TestUser, DISCOVERY_LINK } from './support/test-app';

describe.each(TEST_DATABASES)('the api.w.org Link header on $kind', (database) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await TestApp.start(database);
    admin = await t.createUser('administrator');
    for (const n of [1, 2, 3]) {
      await t.request
        .post(t.api('/events'))
        .set('Authorization', admin.auth)
        .send({ title: `Linked ${n}`, start_date: `2030-01-0${n} 10:00:00`, end_date: `2030-01-0${n} 11:00:00` })
        .expect(201);
    }
  });
  afterAll(() => t?.close());

  it('names the REST root on answers, writes and errors alike', async () => {
    const answers = [
      await t.request.get(t.api('')).expect(200),
      await t.request.get(t.api('/doc')).expect(200),
      await t.request.get(t.api('/events')).expect(200),
      await t.request.get(t.api('/venues')).expect(200),
      await t.request.get(t.api('/categories')).expect(200),
      await t.request.get(t.api('/events/999999')).expect(404),
      await t.request.get(t.api('/events?per_page=abc')).expect(400),
      await t.request.post(t.api('/events')).expect(401),
      await t.request.post(t.api('/tags')).set('Authorization', admin.auth).send({ name: 'Discovered' }).expect(201),
      await t.request.get(t.api('/no-such-route')).expect(404),
    ];
    for (const res of answers) expect(res.headers.link).toBe(DISCOVERY_LINK);
  });

  it('answers the REST root it names (the site root without REST_PREFIX) with the namespace and its routes', async () => {
    const href = /<([^>]+)>/.exec(DISCOVERY_LINK)![1];
    expect(href).toBe('http://calendar.test/');
    const root = await t.request.get('/').expect(200);
    const index = await t.request.get(t.api('')).expect(200);
    expect(root.body.namespaces).toEqual(['calendar/events/v1']);
    expect(root.body.routes).toEqual({ '/': root.body.routes['/'], ...index.body.routes });
    expect(root.body.routes['/']._links.self[0].href).toBe(href);
    expect(root.headers.link).toBe(DISCOVERY_LINK);
  });

  it("follows a list page's next and prev links in the same header (clients of the original look for it on every answer)", async () => {
    const first = await t.request.get(t.api('/events?per_page=2&start_date=2030-01-01&end_date=2030-01-31')).expect(200);
    expect(first.headers.link).toBe(`<${first.body.next_rest_url}>; rel="next", ${DISCOVERY_LINK}`);
    const second = await t.request.get(t.api('/events?per_page=2&page=2&start_date=2030-01-01&end_date=2030-01-31')).expect(200);
    expect(second.headers.link).toBe(`<${second.body.previous_rest_url}>; rel="prev", ${DISCOVERY_LINK}`);
  });

  it("names WordPress's REST root under REST_PREFIX, whatever namespace the request came in on", async () => {
    const wp = await TestApp.start(database, { REST_PREFIX: '/wp-json', NAMESPACE_ALIASES: 'tribe/events/v1' });
    try {
      for (const path of ['/wp-json/tribe/events/v1/venues', '/wp-json/calendar/events/v1', '/wp-json/tribe/events/v1/events/999999']) {
        const res = await wp.request.get(path);
        expect(res.headers.link).toBe('<http://calendar.test/wp-json/>; rel="https://api.w.org/"');
      }
    } finally {
      await wp.close();
    }
  });
});
