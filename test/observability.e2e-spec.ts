import { AddressInfo, connect } from 'node:net';
import { Response } from 'supertest';
import { transaction } from '../src/database/transaction';
import { TEST_DATABASES, TestDatabase } from './support/databases';
import { TestApp, TestUser, basic } from './support/test-app';

const API_POLICY = "default-src 'none';frame-ancestors 'none'";
/** WordPress's no-cache headers to signed-in callers (observed), which include `private, no-store`. */
const PRIVATE = 'no-cache, must-revalidate, max-age=0, no-store, private';

interface LogLine {
  readonly level: string;
  readonly msg: string;
  readonly requestId?: string;
  readonly [field: string]: unknown;
}

interface Sample {
  readonly labels: Record<string, string>;
  readonly value: number;
}

/** The samples of one metric in Prometheus text (`name{a="b"} 1`). */
function samples(text: string, name: string): Sample[] {
  return text
    .split('\n')
    .map((line) => /^([^{\s]+)(?:\{(.*)\})?\s+(\S+)$/.exec(line))
    .filter((match): match is RegExpExecArray => match?.[1] === name)
    .map((match) => ({
      labels: Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]])),
      value: Number(match[3]),
    }));
}

function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text, name).filter((sample) => Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted));
  return found.reduce((sum, sample) => sum + sample.value, 0);
}

describe.each(TEST_DATABASES)('observability on $kind', (database) => {
  const lines: string[] = [];
  let t: TestApp;
  let editor: TestUser;
  let eventId: number;

  const logged = (): LogLine[] =>
    lines
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as LogLine);
  const accessLine = (res: Response): LogLine | undefined =>
    logged().find((line) => line.requestId === res.headers['x-request-id'] && /^request (completed|failed)$/.test(line.msg));
  const scrape = async () => (await t.request.get('/metrics').expect(200)).text;

  beforeAll(async () => {
    t = await TestApp.start(
      database,
      { REST_PREFIX: '/wp-json', LOG_LEVEL: 'info', DATABASE_POOL_SIZE: '2' },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
    editor = await t.createUser('editor');
    const created = await t.request
      .post(t.api('/events'))
      .set('Authorization', editor.auth)
      .send({ title: 'Observed', status: 'publish', start_date: '2031-03-01 10:00:00', end_date: '2031-03-01 11:00:00' })
      .expect(201);
    eventId = created.body.id as number;
  });
  afterAll(() => t?.close());

  describe('security headers', () => {
    it("sends helmet's headers for a JSON API and the original's X-Robots-Tag on answers and errors alike, and no HSTS when SITE_URL is http", async () => {
      const answers = [
        await t.request.get(t.api('/events')).expect(200),
        await t.request.get(t.api('/events/999999')).expect(404),
        await t.request.get('/no/such/path').expect(404),
        await t.request.post(t.api('/categories')).set('Authorization', editor.auth).type('json').send('{broken').expect(400),
        await t.request.get('/health').expect(200),
      ];
      for (const res of answers) {
        expect(res.headers).toMatchObject({
          'content-security-policy': API_POLICY,
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
          'x-frame-options': 'DENY',
          'cross-origin-resource-policy': 'same-origin',
          'x-robots-tag': 'noindex',
        });
        expect(res.headers['x-request-id']).toMatch(/^[\w.-]{1,64}$/);
        expect(res.headers['x-powered-by']).toBeUndefined();
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('gives the docs page a policy that lets Swagger UI run its own scripts and styles', async () => {
      const page = await t.request.get(t.api('/docs')).expect(200);
      const policy = String(page.headers['content-security-policy']).split(';');
      expect(policy).toEqual(expect.arrayContaining(["default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'"]));
      expect(policy).toContain("connect-src 'self' http://calendar.test");
      expect(policy).toContain("frame-ancestors 'none'");
    });
  });

  describe('Cache-Control', () => {
    it('is private, no-store on reads, lists, writes and errors of a signed-in caller', async () => {
      const answers = [
        await t.request
          .get(t.api(`/events/${eventId}`))
          .set('Authorization', editor.auth)
          .expect(200),
        await t.request.get(t.api('/events')).set('Authorization', editor.auth).expect(200),
        await t.request.get(t.api('/categories')).set('Authorization', editor.auth).expect(200),
        await t.request.post(t.api('/tags')).set('Authorization', editor.auth).send({ name: 'Cached nowhere' }).expect(201),
        await t.request.post(t.api('/tags')).set('Authorization', editor.auth).send({}).expect(400),
        await t.request.get(t.api('/events/999999')).set('Authorization', editor.auth).expect(404),
      ];
      for (const res of answers)
        expect([res.headers['cache-control'], res.headers.expires]).toEqual([PRIVATE, 'Wed, 11 Jan 1984 05:00:00 GMT']);
    });

    it('is private, no-store for wrong credentials and other schemes too', async () => {
      const wrong = await t.request.get(t.api('/events')).set('Authorization', basic(editor.username, 'wrong')).expect(401);
      expect(wrong.headers['cache-control']).toBe(PRIVATE);
      const bearer = await t.request.get(t.api('/events')).set('Authorization', 'Bearer something').expect(200);
      expect(bearer.headers['cache-control']).toBe(PRIVATE);
    });

    it('is private, no-store when a password parameter is in the query or the body', async () => {
      const read = await t.request.get(t.api(`/events/${eventId}?password=guess`)).expect(200);
      expect(read.headers['cache-control']).toBe(PRIVATE);
      const refused = await t.request.get(t.api('/events?password=')).expect(400);
      expect(refused.headers['cache-control']).toBe(PRIVATE);
      const missing = await t.request.get(t.api('/venues/999999?password=guess')).expect(404);
      expect(missing.headers['cache-control']).toBe(PRIVATE);
      const write = await t.request.post(t.api('/events')).send({ title: 'Anonymous', password: 'secret' }).expect(401);
      expect(write.headers['cache-control']).toBe(PRIVATE);
      const form = await t.request.post(t.api('/venues')).type('form').send('venue=Anonymous&password=secret').expect(401);
      expect(form.headers['cache-control']).toBe(PRIVATE);
    });

    it('leaves anonymous requests without a password as they were', async () => {
      const answers = [
        await t.request.get(t.api(`/events/${eventId}`)).expect(200),
        await t.request.get(t.api('/events')).expect(200),
        await t.request.get(t.api('/events/999999')).expect(404),
        await t.request.post(t.api('/events')).send({ title: 'Anonymous' }).expect(401),
      ];
      for (const res of answers) expect(res.headers['cache-control']).toBeUndefined();
    });
  });

  describe('access log', () => {
    it('writes one JSON line per response: method, route pattern, redacted URL, status, duration, request id, user id', async () => {
      const signedIn = await t.request
        .get(t.api(`/events/${eventId}?per_page=1`))
        .set('Authorization', editor.auth)
        .expect(200);
      const anonymous = await t.request.get(t.api('/events/999999')).set('X-Request-Id', 'trace-me.1').expect(404);
      const unknown = await t.request.get('/wp-json/nothing/here/42').expect(404);

      expect(accessLine(signedIn)).toMatchObject({
        level: 'info',
        msg: 'request completed',
        method: 'GET',
        route: `/wp-json/calendar/events/v1/events/:id`,
        url: `/wp-json/calendar/events/v1/events/${eventId}?per_page=1`,
        status: 200,
        userId: editor.id,
      });
      expect(accessLine(signedIn)?.duration).toEqual(expect.any(Number));
      expect(accessLine(anonymous)).toMatchObject({
        requestId: 'trace-me.1',
        route: `/wp-json/calendar/events/v1/events/:id`,
        status: 404,
      });
      expect(accessLine(anonymous)).not.toHaveProperty('userId');
      expect(accessLine(unknown)).toMatchObject({ route: 'unmatched', status: 404 });
      for (const res of [signedIn, anonymous, unknown])
        expect(logged().filter((line) => line.requestId === res.headers['x-request-id'])).toHaveLength(1);
    });

    it("logs, counts and marks like any answer a request Node's parser refuses (431), without its URL", async () => {
      const before = value(await scrape(), 'http_request_duration_seconds_count', { route: 'unmatched', status: '431' });
      const server = t.app.getHttpServer();
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString('utf8')));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
        socket.write(`GET /wp-json/calendar/events/v1/events?password=parser-secret-${'x'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      });
      const head = answer.split('\r\n\r\n')[0];
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      const requestId = /^X-Request-Id: (\S+)$/im.exec(head)?.[1];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(head).toContain(`Content-Security-Policy: ${API_POLICY}`);
      expect(head).toMatch(/^X-Content-Type-Options: nosniff$/im);
      expect(head).toMatch(/^X-Frame-Options: DENY$/im);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const mine = logged().filter((line) => line.requestId === requestId);
      expect(mine).toEqual([expect.objectContaining({ level: 'info', msg: 'request completed', route: 'unmatched', status: 431 })]);
      expect(lines.join('')).not.toContain('parser-secret');
      expect(value(await scrape(), 'http_request_duration_seconds_count', { route: 'unmatched', status: '431' })).toBe(before + 1);
    });

    it('never writes credentials, Authorization headers or password values', async () => {
      const secrets = ['query-secret-1', 'encoded-secret-2', 'array-secret-3', 'body-secret-4', 'form-secret-5'];
      const responses = [
        await t.request.get(t.api(`/events/${eventId}?password=${secrets[0]}`)).set('Authorization', editor.auth),
        await t.request.get(t.api(`/events?%70assword=${secrets[1]}&password[]=${secrets[2]}`)).set('Cookie', 'session=cookie-secret-6'),
        await t.request
          .post(t.api('/events'))
          .set('Authorization', basic(editor.username, 'wrong-basic-secret-7'))
          .send({ password: secrets[3] }),
        await t.request.post(t.api('/venues')).type('form').send(`venue=X&password=${secrets[4]}`),
      ];
      const text = lines.join('');
      for (const res of responses) expect(accessLine(res)).toBeDefined();
      expect(accessLine(responses[0])?.url).toBe(`/wp-json/calendar/events/v1/events/${eventId}?password=[REDACTED]`);
      for (const secret of [...secrets, 'cookie-secret-6', 'wrong-basic-secret-7', editor.password, editor.auth.slice('Basic '.length)]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(/authorization|cookie/i);
    });
  });

  describe('metrics', () => {
    it('serves Prometheus text at /metrics, outside the namespace and the REST prefix, absent from the index and /doc', async () => {
      const res = await t.request.get('/metrics').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; charset=utf-8; version=0\.0\.4/);
      for (const name of [
        'http_request_duration_seconds',
        'http_requests_shed_total',
        'read_cache_hits_total',
        'read_cache_misses_total',
      ]) {
        expect(res.text).toContain(`# TYPE ${name} `);
      }
      expect(res.text).toContain('# TYPE process_cpu_seconds_total counter');
      // The tz releases in use, e.g. tz_data_info{tzdb="2026f",icu="2025c"} 1.
      const tz = /^tz_data_info\{tzdb="([^"]+)",icu="([^"]+)"\} 1$/m.exec(res.text);
      expect(tz?.slice(1)).toEqual([(await import('moment-timezone')).default.tz.dataVersion, process.versions.tz]);
      expect(tz![1]).toMatch(/^\d{4}[a-z]$/);
      await t.request.get('/wp-json/metrics').expect(404);
      await t.request.get(t.api('/metrics')).expect(404);
      const index = await t.request.get(t.api()).expect(200);
      expect(JSON.stringify(index.body.routes)).not.toContain('metrics');
      const doc = await t.request.get(t.api('/doc')).expect(200);
      expect(Object.keys(doc.body.paths as object).join(' ')).not.toContain('metrics');
    });

    it('times requests per method, route pattern and status, with one label for every unknown path', async () => {
      const before = await scrape();
      const pattern = '/wp-json/calendar/events/v1/events/:id';
      const labels = { method: 'GET', route: pattern, status: '200' };
      await t.request.get(t.api(`/events/${eventId}`)).expect(200);
      await t.request.get(t.api(`/events/${eventId}`)).expect(200);
      await t.request.get(t.api('/events/999999')).expect(404);
      await t.request.get(`/random-${Date.now()}`).expect(404);
      const after = await scrape();

      expect(
        value(after, 'http_request_duration_seconds_count', labels) - value(before, 'http_request_duration_seconds_count', labels),
      ).toBe(2);
      expect(value(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
        value(after, 'http_request_duration_seconds_count', labels),
      );
      const notFound = { method: 'GET', route: pattern, status: '404' };
      expect(
        value(after, 'http_request_duration_seconds_count', notFound) - value(before, 'http_request_duration_seconds_count', notFound),
      ).toBe(1);
      const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
      expect(
        value(after, 'http_request_duration_seconds_count', unmatched) - value(before, 'http_request_duration_seconds_count', unmatched),
      ).toBe(1);
      const routes = new Set(samples(after, 'http_request_duration_seconds_count').map((sample) => sample.labels.route));
      for (const route of routes) expect(route === 'unmatched' || route.startsWith('/')).toBe(true);
      expect([...routes].some((route) => route.includes('random-'))).toBe(false);
    });

    it('counts remembered reads: the first anonymous read of an event is a miss, the next a hit', async () => {
      await t.request
        .post(t.api('/tags'))
        .set('Authorization', editor.auth)
        .send({ name: `Fresh ${Date.now()}` })
        .expect(201);
      const before = await scrape();
      await t.request.get(t.api(`/events/${eventId}`)).expect(200);
      const between = await scrape();
      await t.request.get(t.api(`/events/${eventId}`)).expect(200);
      const after = await scrape();
      expect(value(between, 'read_cache_misses_total') - value(before, 'read_cache_misses_total')).toBeGreaterThanOrEqual(1);
      expect(value(between, 'read_cache_hits_total') - value(before, 'read_cache_hits_total')).toBe(0);
      expect(value(after, 'read_cache_hits_total') - value(between, 'read_cache_hits_total')).toBeGreaterThanOrEqual(1);
      expect(value(after, 'read_cache_misses_total') - value(between, 'read_cache_misses_total')).toBe(0);
    });

    it('reports the database connections in use and the requests waiting for one', async () => {
      const idle = await scrape();
      expect(value(idle, 'db_pool_connections_in_use', { pool: 'primary' })).toBe(0);
      expect(value(idle, 'db_pool_requests_waiting', { pool: 'primary' })).toBe(0);

      const release = await holdEveryConnection(t, database);
      const waiting = t.dataSource.query('SELECT 1');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const busy = await scrape();
      await release();
      await waiting;
      expect(value(busy, 'db_pool_connections_in_use', { pool: 'primary' })).toBe(database.kind === 'sqlite' ? 1 : 2);
      expect(value(busy, 'db_pool_requests_waiting', { pool: 'primary' })).toBe(1);
    });

    it('counts 503s as shed and logs the cause through pino under the request id, while the database is unreachable', async () => {
      const before = await scrape();
      await t.dataSource.destroy();
      try {
        const res = await t.request.get(t.api('/events')).set('Authorization', editor.auth).expect(503);
        const cause = logged().find((line) => line.requestId === res.headers['x-request-id'] && line.context === 'Errors');
        expect(cause).toMatchObject({ level: 'warn', msg: expect.stringContaining('database unavailable') });
        expect(accessLine(res)).toMatchObject({ level: 'error', status: 503, msg: 'request failed' });
      } finally {
        await t.dataSource.initialize();
      }
      const after = await scrape();
      expect(value(after, 'http_requests_shed_total') - value(before, 'http_requests_shed_total')).toBe(1);
    });
  });
});

/** Takes every connection of the pool (SQLite: its one, by a transaction) until the returned function is called. */
async function holdEveryConnection(t: TestApp, database: TestDatabase): Promise<() => Promise<void>> {
  if (database.kind === 'sqlite') {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const startedNow = new Promise<void>((resolve) => (started = resolve));
    const open = transaction(t.dataSource, async () => {
      started();
      await held;
    });
    await startedNow;
    return async () => {
      release();
      await open;
    };
  }
  const runners = [t.dataSource.createQueryRunner(), t.dataSource.createQueryRunner()];
  for (const runner of runners) await runner.connect();
  return async () => {
    for (const runner of runners) await runner.release();
  };
}

describe.each(TEST_DATABASES.slice(0, 1))('observability settings on $kind', (database) => {
  const lines: string[] = [];
  let t: TestApp;
  const token = 'scrape-token-0123456789';

  beforeAll(async () => {
    t = await TestApp.start(
      database,
      { SITE_URL: 'https://calendar.test', METRICS_TOKEN: token, LOG_LEVEL: 'error' },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => t?.close());

  it('asks for the METRICS_TOKEN bearer token when one is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Token ${token}`]) {
      const request = t.request.get('/metrics');
      if (authorization) request.set('Authorization', authorization);
      const res = await request.expect(401);
      expect(res.body).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    const res = await t.request.get('/metrics').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('sends HSTS for a year, without includeSubDomains, when SITE_URL is https', async () => {
    const res = await t.request.get('/health').expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('logs at LOG_LEVEL only, and an unexpected error with its stack under the request id, the URL without its password', async () => {
    await t.request.get('/health').expect(200);
    expect(lines.join('')).toBe('');
    const editor = await t.createUser('editor');
    await t.dataSource.query('DROP TABLE application_passwords'); // the last test of this app
    await t.request.get('/health?password=stack-secret').set('Authorization', editor.auth).set('X-Request-Id', 'req-500').expect(500);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.find((line) => line.context === 'Errors')).toMatchObject({
      level: 'error',
      requestId: 'req-500',
      msg: '[req-500] GET /health?password=[REDACTED]: unexpected exception',
      err: { stack: expect.stringMatching(/application_passwords[\s\S]*\n\s+at /) },
    });
    expect(logged.find((line) => line.msg === 'request failed')).toMatchObject({ requestId: 'req-500', status: 500, route: '/health' });
    expect(lines.join('')).not.toContain('stack-secret');
  });
});
