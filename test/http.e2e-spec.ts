import { TEST_DATABASES } from './support/databases';
import { TestApp, TestUser } from './support/test-app';

describe.each(TEST_DATABASES)('HTTP conventions on $kind', (database) => {
  let t: TestApp;
  let editor: TestUser;

  beforeAll(async () => {
    t = await TestApp.start(database, { REST_PREFIX: '/wp-json', CORS_ORIGINS: 'https://app.example.com' });
    editor = await t.createUser('editor');
  });
  afterAll(() => t.close());

  it('mounts the namespace under REST_PREFIX', async () => {
    expect(t.api('/categories')).toBe('/wp-json/calendar/events/v1/categories');
    await t.request.get('/wp-json/calendar/events/v1/categories').expect(200);
    const res = await t.request.get('/calendar/events/v1/categories').expect(404);
    expect(res.body.code).toBe('rest_no_route');
  });

  it('accepts a form-urlencoded body as the reference documents', async () => {
    const res = await t.request
      .post(t.api('/categories'))
      .set('Authorization', editor.auth)
      .type('form')
      .send('name=From%20a%20form&description=Hi')
      .expect(201);
    expect(res.body).toMatchObject({ name: 'From a form', description: 'Hi' });
  });

  it('accepts a JSON body', async () => {
    const res = await t.request.post(t.api('/categories')).set('Authorization', editor.auth).send({ name: 'From JSON' }).expect(201);
    expect(res.body.name).toBe('From JSON');
  });

  it('reads writes from the query string too, with the body winning', async () => {
    const res = await t.request
      .post(`${t.api('/categories')}?name=From%20the%20query&description=From%20the%20query`)
      .set('Authorization', editor.auth)
      .send({ name: 'From the body' })
      .expect(201);
    expect(res.body).toMatchObject({ name: 'From the body', description: 'From the query' });
  });

  it('reads array parameters of up to 100 items (a[]=1&a[]=2...), beyond qs defaults', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `include[]=${i + 1}`).join('&');
    const res = await t.request.get(`${t.api('/events')}?${ids}`).expect(200);
    expect(res.body.events).toEqual([]);
    expect(decodeURIComponent(res.body.rest_url)).toContain(`include=${Array.from({ length: 100 }, (_, i) => i + 1).join(',')}`);
  });

  it('refuses a list of more than 100 items with 400 naming the parameter', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `include[]=${i + 1}`).join('&');
    const res = await t.request.get(`${t.api('/events')}?${ids}`).expect(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params)).toEqual(['include']);
  });

  it('answers an unsupported method on a collection with 404 rest_no_route', async () => {
    const res = await t.request.put(t.api('/categories')).set('Authorization', editor.auth).send({}).expect(404);
    expect(res.body.code).toBe('rest_no_route');
  });

  it('types every JSON answer application/json; charset=UTF-8, as WordPress writes it', async () => {
    const answers = [
      await t.request.get(t.api('/categories')).expect(200),
      await t.request.get(t.api('')).expect(200),
      await t.request.get(t.api('/events/999999')).expect(404),
      await t.request.get(t.api('/nothing')).expect(404),
      await t.request.post(t.api('/events')).send({}).expect(401),
      await t.request.get(t.api('/events')).query({ page: 'x' }).expect(400),
      await t.request.options(t.api('/events')).expect(200),
    ];
    answers.forEach((res, i) => expect({ i, type: res.headers['content-type'] }).toEqual({ i, type: 'application/json; charset=UTF-8' }));
  });

  it('answers a non-numeric id with 404 rest_no_route', async () => {
    const res = await t.request.get(t.api('/categories/abc')).expect(404);
    expect(res.body.code).toBe('rest_no_route');
  });

  it('answers a write to a non-numeric id with 404 rest_no_route whoever asks, before any permission check', async () => {
    const subscriber = await t.createUser('subscriber');
    const paths = ['/events/abc', '/events/ics', '/events/by-slug', '/venues/abc', '/organizers/1.5', '/categories/abc', '/tags/x1'];
    for (const path of paths) {
      for (const auth of [undefined, subscriber.auth, editor.auth]) {
        for (const method of ['post', 'put', 'patch', 'delete'] as const) {
          const request = t.request[method](t.api(path));
          const res = await (auth ? request.set('Authorization', auth) : request).send({ title: 'x' });
          expect({ path, method, auth: Boolean(auth), status: res.status, code: res.body.code }).toEqual({
            path,
            method,
            auth: Boolean(auth),
            status: 404,
            code: 'rest_no_route',
          });
        }
      }
    }
  });

  it("answers a page number up to PHP's 2^63 - 1 as a page past the end, and 400 beyond it, on every list", async () => {
    const huge = '9223372036854775807';
    for (const resource of ['events', 'venues', 'organizers']) {
      const res = await t.request
        .get(t.api(`/${resource}`))
        .query({ page: huge })
        .expect(404);
      expect(res.body.code).toBe(`${resource.slice(0, -1)}-archive-page-not-found`);
    }
    for (const resource of ['categories', 'tags']) {
      const res = await t.request
        .get(t.api(`/${resource}`))
        .query({ page: huge })
        .expect(200);
      expect(res.body[resource]).toEqual([]);
    }
    for (const resource of ['events', 'venues', 'categories']) {
      const res = await t.request
        .get(t.api(`/${resource}`))
        .query({ page: '9223372036854775808' })
        .expect(400);
      expect(res.body.data.params).toHaveProperty('page');
    }
  });

  describe("a tunnelled method (WordPress's `_method` and X-HTTP-Method-Override)", () => {
    const venue = async (name: string) =>
      (await t.request.post(t.api('/venues')).set('Authorization', editor.auth).send({ venue: name }).expect(201)).body as { id: number };
    const status = async (id: number) =>
      (await t.request.get(t.api(`/venues/${id}`)).set('Authorization', editor.auth)).body.status as string;

    it('runs a POST with X-HTTP-Method-Override: DELETE as the DELETE', async () => {
      const { id } = await venue('Tunnel header');
      const res = await t.request
        .post(t.api(`/venues/${id}`))
        .set('Authorization', editor.auth)
        .set('X-HTTP-Method-Override', 'DELETE')
        .expect(200);
      expect(res.body).toMatchObject({ id, status: 'trash' });
      expect(await status(id)).toBe('trash');
    });

    it('runs a POST with ?_method=delete as the DELETE, and _method wins over the header', async () => {
      const { id } = await venue('Tunnel query');
      await t.request
        .post(t.api(`/venues/${id}?_method=delete`))
        .set('Authorization', editor.auth)
        .expect(200);
      expect(await status(id)).toBe('trash');
      const other = await venue('Tunnel both');
      const res = await t.request
        .post(t.api(`/venues/${other.id}?_method=PATCH`))
        .set('Authorization', editor.auth)
        .set('X-HTTP-Method-Override', 'DELETE')
        .send({ city: 'Tunnelton' })
        .expect(200);
      expect(res.body).toMatchObject({ status: 'publish', city: 'Tunnelton' });
    });

    it('checks the tunnelled method: an anonymous tunnelled DELETE is 401, and it never reaches the route unchecked', async () => {
      const { id } = await venue('Tunnel anonymous');
      await t.request
        .post(t.api(`/venues/${id}`))
        .set('X-HTTP-Method-Override', 'DELETE')
        .expect(401);
      expect(await status(id)).toBe('publish');
    });

    it('tunnels only POST: a GET or a DELETE with _method stays what it is', async () => {
      const { id } = await venue('Tunnel get');
      const read = await t.request
        .get(t.api(`/venues/${id}?_method=DELETE`))
        .set('Authorization', editor.auth)
        .expect(200);
      expect(read.body.status).toBe('publish');
      await t.request
        .get(t.api(`/venues/${id}`))
        .set('Authorization', editor.auth)
        .set('X-HTTP-Method-Override', 'DELETE')
        .expect(200);
      expect(await status(id)).toBe('publish');
      await t.request
        .delete(t.api(`/venues/${id}?_method=PATCH`))
        .set('Authorization', editor.auth)
        .expect(200);
      expect(await status(id)).toBe('trash');
    });

    it('tunnels only PUT, PATCH and DELETE: any other method asked for leaves a POST a POST, with its whole answer', async () => {
      const { id } = await venue('Tunnel other');
      for (const method of ['HEAD', 'GET', 'OPTIONS', 'TRACE', 'CONNECT', 'nonsense']) {
        const res = await t.request
          .post(t.api(`/venues/${id}?_method=${method}`))
          .set('Authorization', editor.auth)
          .send({ city: `City ${method}` });
        expect({ method, status: res.status, city: res.body.city }).toEqual({ method, status: 200, city: `City ${method}` });
        expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
      }
      // An update, not a read: anonymous callers are refused as for any POST.
      await t.request
        .post(t.api(`/venues/${id}`))
        .set('X-HTTP-Method-Override', 'GET')
        .expect(401);
      expect(await status(id)).toBe('publish');
    });
  });

  describe('writes from the pages of other sites (CSRF)', () => {
    it("refuses a browser's cross-site POST, form or tunnelled DELETE, with 403 and changes nothing", async () => {
      const event = await t.request
        .post(t.api('/events'))
        .set('Authorization', editor.auth)
        .send({ title: 'Target', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' })
        .expect(201);
      const forged = await t.request
        .post(t.api(`/events/${event.body.id}?_method=DELETE`))
        .set('Authorization', editor.auth)
        .set('Origin', 'https://evil.example.com')
        .set('Sec-Fetch-Site', 'cross-site')
        .type('form')
        .send('title=Hacked')
        .expect(403);
      expect(forged.body).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
      // An older browser sends Origin only.
      await t.request
        .post(t.api(`/events/${event.body.id}`))
        .set('Authorization', editor.auth)
        .set('Origin', 'https://evil.example.com')
        .send({ title: 'Hacked' })
        .expect(403);
      const after = await t.request
        .get(t.api(`/events/${event.body.id}`))
        .set('Authorization', editor.auth)
        .expect(200);
      expect(after.body).toMatchObject({ status: 'publish', title: 'Target' });
    });

    it('lets through CORS_ORIGINS, same-origin pages, reads, and clients that are not browsers', async () => {
      const allowed = await t.request
        .post(t.api('/categories'))
        .set('Authorization', editor.auth)
        .set('Origin', 'https://app.example.com')
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ name: 'From the app' })
        .expect(201);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      await t.request
        .post(t.api('/categories'))
        .set('Authorization', editor.auth)
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ name: 'Same origin' })
        .expect(201);
      await t.request.get(t.api('/categories')).set('Origin', 'https://evil.example.com').set('Sec-Fetch-Site', 'cross-site').expect(200);
      await t.request.post(t.api('/categories')).set('Authorization', editor.auth).send({ name: 'A script' }).expect(201);
    });
  });

  it('exposes the list headers to allowed CORS origins', async () => {
    const res = await t.request.get(t.api('/categories')).set('Origin', 'https://app.example.com').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(res.headers['access-control-expose-headers']).toEqual(expect.stringContaining('X-TEC-Total'));
    expect(res.headers['access-control-expose-headers']).toEqual(expect.stringContaining('X-TEC-TotalPages'));
    expect(res.headers['access-control-expose-headers']).toEqual(expect.stringContaining('Link'));
  });

  it('does not grant CORS to other origins', async () => {
    const res = await t.request.get(t.api('/categories')).set('Origin', 'https://evil.example.com').expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a CORS preflight for writes with Authorization allowed', async () => {
    const res = await t.request
      .options(t.api('/categories'))
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'Authorization, Content-Type');
    expect(res.status).toBeLessThan(300);
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/);
  });

  it("allows the request headers WordPress allows, so its browser clients' X-WP-Nonce passes the preflight", async () => {
    const res = await t.request
      .options(t.api('/events'))
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'X-WP-Nonce, Content-Type');
    expect(res.status).toBe(204);
    const allowed = String(res.headers['access-control-allow-headers']).split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['Authorization', 'X-WP-Nonce', 'Content-Disposition', 'Content-MD5', 'Content-Type']));
  });

  it('lets a page on another origin send its own X-Request-Id, which the answer echoes and exposes', async () => {
    const preflight = await t.request
      .options(t.api('/events'))
      .set('Origin', 'https://app.example.com')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'x-request-id');
    expect(String(preflight.headers['access-control-allow-headers']).split(/,\s*/)).toContain('X-Request-Id');
    const res = await t.request.get(t.api('/events')).set('Origin', 'https://app.example.com').set('X-Request-Id', 'page-7.42').expect(200);
    expect(res.headers['x-request-id']).toBe('page-7.42');
    expect(String(res.headers['access-control-expose-headers']).split(/,\s*/)).toContain('X-Request-Id');
  });

  it('answers every preflight with 204 and the CORS headers, whatever the path (a rest_url with its slash, /health)', async () => {
    for (const path of [t.api('/categories/'), t.api('/Events'), t.api('/events/by-slug/a%2Fb'), '/health', t.api('/nothing')]) {
      const res = await t.request
        .options(path)
        .set('Origin', 'https://app.example.com')
        .set('Access-Control-Request-Method', 'DELETE')
        .set('Access-Control-Request-Headers', 'Authorization');
      expect({ path, status: res.status, origin: res.headers['access-control-allow-origin'] }).toEqual({
        path,
        status: 204,
        origin: 'https://app.example.com',
      });
    }
  });

  it('describes a route to a plain OPTIONS as Express routes it: case-insensitively, a trailing slash ignored, an encoded slash in a slug', async () => {
    for (const path of ['/categories/', '/Categories', '/events/by-slug/a%2Fb', '/events/12/']) {
      const res = await t.request.options(t.api(path));
      expect({ path, status: res.status, allow: res.headers.allow }).toEqual({ path, status: 200, allow: 'GET' });
    }
  });
});
