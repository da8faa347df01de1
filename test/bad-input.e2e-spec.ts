import { AddressInfo, connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { TEST_DATABASES } from './support/databases';
import { EventsClient } from './support/events';
import { TestApp } from './support/test-app';

/** Issue #12: the inputs that gave 500s answer 4xx with the contract's body, and change nothing. */
describe.each(TEST_DATABASES)('bad input on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;
  let port: number;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const admin = () => c.auth('administrator');
  const errorBody = (status: number, code: string) => ({ code, message: expect.any(String), data: expect.objectContaining({ status }) });

  describe('form bodies', () => {
    it('answers a form nested more than 32 levels with 400 rest_invalid_json, and writes nothing', async () => {
      const before = await c.count('terms');
      const res = await t.request
        .post(t.api('/categories'))
        .set('Authorization', admin())
        .type('form')
        .send(`name=Deep&a${'[b]'.repeat(40)}=1`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody(400, 'rest_invalid_json'));
      expect(res.body.message).toContain('32');
      expect(await c.count('terms')).toBe(before);
      // 32 levels are still read.
      await t.request
        .post(t.api('/categories'))
        .set('Authorization', admin())
        .type('form')
        .send(`name=Deep&a${'[b]'.repeat(30)}=1`)
        .expect(201);
    });

    it('answers a form of more than 10,000 fields with 413 rest_payload_too_large', async () => {
      const fields = Array.from({ length: 10_001 }, (_, i) => `f${i}=1`).join('&');
      const res = await t.request.post(t.api('/tags')).set('Authorization', admin()).type('form').send(`name=Wide&${fields}`);
      expect(res.status).toBe(413);
      expect(res.body).toEqual(errorBody(413, 'rest_payload_too_large'));
    });

    it('answers a JSON body nested deeper than the call stack with 400, from every route that reads bodies', async () => {
      const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
      for (const [path, headers] of [
        ['/events', {}],
        ['/events', { 'Idempotency-Key': 'deep-1' }],
      ] as const) {
        const res = await t.request
          .post(t.api(path))
          .set({ Authorization: admin(), 'Content-Type': 'application/json', ...headers })
          .send(deep);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(errorBody(400, 'rest_invalid_json'));
      }
      const venue = `{"title":"Deep","start_date":"2030-01-01 10:00","end_date":"2030-01-01 11:00","venue":${'['.repeat(5000)}${']'.repeat(5000)}}`;
      expect(
        (await t.request.post(t.api('/events')).set({ Authorization: admin(), 'Content-Type': 'application/json' }).send(venue)).status,
      ).toBe(400);
    });

    it('still answers who is asking first: 401 for an anonymous deep form', async () => {
      const res = await t.request
        .post(t.api('/categories'))
        .type('form')
        .send(`name=Deep&a${'[b]'.repeat(40)}=1`);
      expect(res.status).toBe(401);
    });
  });

  describe('query strings of more than 1,000 parameters', () => {
    // Unknown parameters are ignored (CONTRACT §2.2), but the known ones after them were dropped too.
    const filler = Array.from({ length: 1000 }, (_, i) => `f${i}=1`).join('&');

    it('still reads the parameters after the first 1,000: an invalid one is 400 naming it', async () => {
      const res = await c.list(`${filler}&page=abc`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { page: expect.any(String) } } });
    });

    it('deletes for good with force=true after them, instead of trashing', async () => {
      const event = await c.create({ title: 'Forced late' });
      const res = await c.write('delete', `/events/${event.id}?${filler}&force=true`, undefined, 'administrator').expect(200);
      expect(res.body).toMatchObject({ deleted: true, previous: { id: event.id } });
      await c.get(`/events/${event.id}`, 'administrator').expect(404);
    });
  });

  describe('HTML too long to sanitise', () => {
    // Sanitising costs microseconds a character and holds the event loop: input past twice the
    // stored limit is refused before it is read as HTML.
    const event = (fields: Record<string, string>) => ({
      title: 'Long',
      start_date: '2031-02-01 10:00',
      end_date: '2031-02-01 11:00',
      ...fields,
    });

    it('refuses a description, an excerpt or a title of more than 131,070 characters with 400 naming it, and creates nothing', async () => {
      const before = await c.count('events');
      // Each would be short once sanitised or stripped: only the bound refuses them.
      for (const [name, value] of [
        ['description', `<p>Kept</p>${'<script>x</script>'.repeat(7_300)}`],
        ['excerpt', `<p>Kept</p>${'<script>x</script>'.repeat(7_300)}`],
        ['title', `T${'<i></i>'.repeat(18_725)}`],
      ]) {
        expect(value.length).toBeGreaterThan(131_070);
        const res = await t.request
          .post(t.api('/events'))
          .set('Authorization', admin())
          .send(event({ [name]: value }));
        expect({ name, status: res.status, params: Object.keys(res.body.data?.params ?? {}) }).toEqual({
          name,
          status: 400,
          params: [name],
        });
      }
      expect(await c.count('events')).toBe(before);
    });

    it('refuses a term description or name over the same bound, and creates no term', async () => {
      const before = await c.count('terms');
      const long = `<p>Kept</p>${'<script>x</script>'.repeat(7_300)}`;
      for (const [resource, body, param] of [
        ['/categories', { name: 'Long description', description: long }, 'description'],
        ['/tags', { name: `T${'<i></i>'.repeat(18_725)}` }, 'name'],
      ] as const) {
        const res = await t.request.post(t.api(resource)).set('Authorization', admin()).send(body);
        expect({ resource, status: res.status, params: Object.keys(res.body.data?.params ?? {}) }).toEqual({
          resource,
          status: 400,
          params: [param],
        });
      }
      expect(await c.count('terms')).toBe(before);
    });

    it('still takes markup-heavy input under that bound when what is kept fits the stored limit', async () => {
      const res = await t.request
        .post(t.api('/events'))
        .set('Authorization', admin())
        .send(event({ description: `<p>Kept</p>${'<script>x</script>'.repeat(7_000)}` }))
        .expect(201);
      expect(res.body.description).toBe('<p>Kept</p>');
    });
  });

  describe('numbers where the specification types a string', () => {
    it.each([
      ['/events', 'events', { title: 123, start_date: '2031-01-01 10:00', end_date: '2031-01-01 11:00' }, 'title'],
      [
        '/events',
        'events',
        { title: 'Numbered', description: 5, start_date: '2031-01-01 10:00', end_date: '2031-01-01 11:00' },
        'description',
      ],
      ['/venues', 'venues', { venue: 123 }, 'venue'],
      ['/organizers', 'organizers', { organizer: 'Numbered', phone: 5551234 }, 'phone'],
      ['/categories', 'terms', { name: 456 }, 'name'],
    ])('answers POST %s with a JSON number for a string with 400 naming it, and writes nothing', async (path, table, body, param) => {
      const before = await c.count(table);
      const res = await t.request.post(t.api(path)).set('Authorization', admin()).send(body).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.params).toEqual({ [param]: 'Must be a string.' });
      expect(await c.count(table)).toBe(before);
    });

    it('still takes the same values as text, as forms send them', async () => {
      await t.request.post(t.api('/categories')).set('Authorization', admin()).type('form').send('name=456').expect(201);
      const res = await t.request.post(t.api('/venues')).set('Authorization', admin()).send({ venue: '123', zip: '02108' }).expect(201);
      expect(res.body).toMatchObject({ venue: '123', zip: '02108' });
    });
  });

  describe('Content-Encoding', () => {
    it('answers a gzip body that is not gzip with 400 rest_invalid_json', async () => {
      const res = await t.request
        .post(t.api('/tags'))
        .set({ Authorization: admin(), 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })
        .send(Buffer.from('{"name":"Not gzip"}'));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody(400, 'rest_invalid_json'));
    });

    it('reads a body that is gzip', async () => {
      // Node's fetch sends the bytes as they are (superagent would not leave a Buffer alone here).
      const res = await fetch(`http://127.0.0.1:${port}${t.api('/tags')}`, {
        method: 'POST',
        headers: { Authorization: admin(), 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        body: gzipSync(Buffer.from('{"name":"Really gzip"}')),
      });
      expect([res.status, await res.json()]).toEqual([201, expect.objectContaining({ name: 'Really gzip' })]);
    });
  });

  describe('numbers beyond the safe integers', () => {
    const huge = '9'.repeat(309);

    it('answers a category or tag id of 309 digits in a list filter with 400 naming it', async () => {
      for (const param of ['categories', 'tags']) {
        const res = await c.list(`${param}=${huge}`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { [param]: expect.any(String) } } });
      }
    });

    it('answers such an id in an event write with 400 naming it, and creates nothing', async () => {
      const before = await c.count('events');
      for (const param of ['categories', 'tags']) {
        const res = await c.write(
          'post',
          '/events',
          { title: 'Huge', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', [param]: [huge] },
          'administrator',
        );
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { [param]: expect.any(String) } } });
      }
      expect(await c.count('events')).toBe(before);
    });

    it('answers a JSON number beyond the safe integers as a term with 400, and creates no term', async () => {
      const before = await c.count('terms');
      const res = await c.write(
        'post',
        '/events',
        { title: 'Huge', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', tags: [1e308] },
        'administrator',
      );
      expect(res.status).toBe(400);
      expect(res.body.data.params).toHaveProperty('tags');
      expect(await c.count('terms')).toBe(before);
    });

    it('answers such an id in a path with 404, and as a parameter with 400', async () => {
      await c.get(`/events/${huge}`).expect(404);
      const res = await c.list(`page=${huge}`);
      expect(res.status).toBe(400);
      expect(res.body.data.params.page).toBeDefined();
    });
  });

  describe('lone surrogates', () => {
    it('refuses a term name with half a UTF-16 pair with 400 naming it, every time', async () => {
      const before = await c.count('terms');
      for (let i = 0; i < 2; i++) {
        const res = await t.request.post(t.api('/categories')).set('Authorization', admin()).send({ name: 'Half \uD800 pair' });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'rest_invalid_param',
          data: { status: 400, params: { name: expect.stringContaining('surrogate') } },
        });
      }
      expect(await c.count('terms')).toBe(before);
    });

    it('refuses an e-mail, a query parameter and a nested venue field with one', async () => {
      const email = await t.request
        .post(t.api('/organizers'))
        .set('Authorization', admin())
        .send({ organizer: 'Half', email: 'a\uDC00@example.com' });
      expect(email.status).toBe(400);
      expect(email.body.data.params).toHaveProperty('email');
      const search = await c.list(`search=${'%ED%A0%80'}`);
      expect(search.status).toBeLessThan(500);
      const nested = await c.write(
        'post',
        '/events',
        { title: 'Nested', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', venue: { venue: 'Hall \uD83D' } },
        'administrator',
      );
      expect(nested.status).toBe(400);
      expect(nested.body.code).toBe('rest_invalid_param');
    });

    it('keeps whole pairs: an emoji is text', async () => {
      const res = await t.request.post(t.api('/tags')).set('Authorization', admin()).send({ name: 'Party \uD83C\uDF89' });
      expect(res.status).toBe(201);
    });
  });

  describe('NUL characters', () => {
    it('refuses a NUL in a search, a title or a nested field with 400 naming it, and writes nothing', async () => {
      const before = await c.count('events');
      // SQLite ends a string at NUL: an FTS5 MATCH of a word holding one failed as SQL (a 500).
      for (const path of ['/events?search=a%00bc', '/events/ics?search=nul%00word', '/venues?search=x%00y']) {
        const res = await t.request.get(t.api(path));
        expect(res.status).toBe(400);
        expect(res.body.data.params.search).toBe('Must be text without NUL characters (U+0000).');
      }
      const title = await c.write(
        'post',
        '/events',
        { title: 'Nul\u0000 party', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' },
        'administrator',
      );
      expect(title.status).toBe(400);
      expect(title.body.data.params).toHaveProperty('title');
      const nested = await c.write(
        'post',
        '/events',
        { title: 'Nested', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', organizer: [{ organizer: 'Org\u0000' }] },
        'administrator',
      );
      expect(nested.status).toBe(400);
      expect(nested.body.data.params).toHaveProperty('organizer');
      expect(await c.count('events')).toBe(before);
    });
  });

  describe('requests refused before the app', () => {
    /** Sends raw bytes and returns the whole answer (the server closes the connection). */
    function raw(request: string): Promise<string> {
      return new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
        socket.write(request);
      });
    }

    it('answers a 16 KB URL with 431 and the contract JSON body', async () => {
      const answer = await raw(`GET ${t.api('/events')}?pad=${'x'.repeat(17_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toMatch(/Content-Type: application\/json; charset=utf-8/i);
      expect(head).toMatch(/Connection: close/i);
      expect(JSON.parse(body)).toEqual({ code: 'rest_headers_too_large', message: expect.any(String), data: { status: 431 } });
    });

    it('answers an HTTP/1.1 request without Host with 400 and the contract JSON body, and writes nothing', async () => {
      // Node answered it itself, with an empty body.
      const before = await c.count('terms');
      for (const request of [
        `GET ${t.api('/events')} HTTP/1.1\r\n\r\n`,
        `POST ${t.api('/categories')} HTTP/1.1\r\nAuthorization: ${admin()}\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{"name":"Host"}`,
      ]) {
        const [head, body] = (await raw(request)).split('\r\n\r\n');
        expect(head).toMatch(/^HTTP\/1\.1 400 /);
        expect(head).toMatch(/Connection: close/i);
        expect(JSON.parse(body)).toEqual({ code: 'rest_bad_request', message: expect.any(String), data: { status: 400 } });
      }
      expect(await c.count('terms')).toBe(before);
      // HTTP/1.0 has no Host requirement.
      expect(await raw(`GET ${t.api('/events')} HTTP/1.0\r\n\r\n`)).toMatch(/^HTTP\/1\.1 200 /);
    });

    it('answers a malformed request line with 400 and the contract JSON body', async () => {
      const answer = await raw('NOT A REQUEST\r\n\r\n');
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(body)).toEqual({ code: 'rest_bad_request', message: expect.any(String), data: { status: 400 } });
    });
  });
});
