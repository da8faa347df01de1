import { UsersService } from '../src/auth/users.service';
import { TEST_DATABASES } from './support/databases';
import { TestApp, TestUser, basic } from './support/test-app';

const ADMIN_PASSWORD = 'abcd efgh ijkl mnop qrst uvwx';

describe.each(TEST_DATABASES)('authentication and roles on $kind', (database) => {
  let t: TestApp;
  let subscriber: TestUser;

  beforeAll(async () => {
    t = await TestApp.start(database, { ADMIN_USERNAME: 'Boss', ADMIN_PASSWORD });
    subscriber = await t.createUser('subscriber');
  });
  afterAll(() => t.close());

  it('answers an anonymous write with 401 rest_forbidden and a Basic challenge', async () => {
    const res = await t.request.post(t.api('/categories')).send({ name: 'Anonymous' }).expect(401);
    expect(res.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
    expect(res.headers['www-authenticate']).toMatch(/^Basic realm="[^"]+"$/);
  });

  it('checks credentials before the body: an anonymous write with a bad body is still 401', async () => {
    const res = await t.request.post(t.api('/categories')).send({}).expect(401);
    expect(res.body.code).toBe('rest_forbidden');
  });

  it('answers a wrong application password with 401 invalid_credentials', async () => {
    const res = await t.request
      .post(t.api('/categories'))
      .set('Authorization', basic('boss', 'not the password'))
      .send({ name: 'X' })
      .expect(401);
    expect(res.body).toMatchObject({ code: 'invalid_credentials', data: { status: 401 } });
  });

  it('answers a malformed Basic header with 401 invalid_credentials', async () => {
    const res = await t.request.get('/health').set('Authorization', 'Basic !!!not-base64').expect(401);
    expect(res.body.code).toBe('invalid_credentials');
  });

  it('answers a subscriber write with 403 rest_forbidden', async () => {
    const res = await t.request.post(t.api('/categories')).set('Authorization', subscriber.auth).send({ name: 'Nope' }).expect(403);
    expect(res.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } });
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('lets the bootstrap administrator write', async () => {
    const res = await t.request
      .post(t.api('/categories'))
      .set('Authorization', basic('boss', ADMIN_PASSWORD))
      .send({ name: 'By the boss' })
      .expect(201);
    expect(res.body.name).toBe('By the boss');
  });

  it('bootstraps the administrator idempotently', async () => {
    const users = t.app.get(UsersService);
    await users.ensureAdmin('Boss', ADMIN_PASSWORD);
    await users.ensureAdmin('boss', ADMIN_PASSWORD);
    const bosses = (await users.listUsers()).filter((user) => user.username === 'boss');
    expect(bosses).toHaveLength(1);
    expect(bosses[0].role).toBe('administrator');
    expect(bosses[0].applicationPasswords).toHaveLength(1);
  });

  it('accepts every one of several application passwords of a user', async () => {
    const users = t.app.get(UsersService);
    const editor = await t.createUser('editor');
    const second = await users.createApplicationPassword(editor.username, 'second');
    await t.request.get('/health').set('Authorization', editor.auth).expect(200);
    await t.request.get('/health').set('Authorization', basic(editor.username, second.password)).expect(200);
  });

  it('refuses a revoked application password, even right after it was used', async () => {
    const users = t.app.get(UsersService);
    const editor = await t.createUser('editor');
    const issued = await users.createApplicationPassword(editor.username, 'to revoke');
    await t.request.get('/health').set('Authorization', basic(editor.username, issued.password)).expect(200);
    await users.revokeApplicationPassword(editor.username, { uuid: issued.uuid });
    const res = await t.request.get('/health').set('Authorization', basic(editor.username, issued.password)).expect(401);
    expect(res.body.code).toBe('invalid_credentials');
    await t.request.get('/health').set('Authorization', editor.auth).expect(200);
  });

  it('stores application passwords only as salted hashes', async () => {
    const editor = await t.createUser('editor');
    const rows: { password_hash: string }[] = await t.dataSource.query('SELECT password_hash FROM application_passwords');
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain(editor.password.replace(/ /g, ''));
    }
  });
});

describe.each(TEST_DATABASES)('failed-login rate limit on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start(database, { LOGIN_RATE_LIMIT: '3', LOGIN_RATE_WINDOW: '60' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an address has used up its failed logins for a user, even with the right password', async () => {
    const editor = await t.createUser('editor');
    for (let i = 0; i < 3; i++) await t.request.get('/health').set('Authorization', basic(editor.username, 'wrong')).expect(401);
    const res = await t.request.get('/health').set('Authorization', editor.auth).expect(429);
    expect(res.body).toMatchObject({ code: 'rest_too_many_requests', data: { status: 429 } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('still serves anonymous reads to a blocked address', async () => {
    await t.request.get('/health').expect(200);
  });
});

describe.each(TEST_DATABASES)('failed-login rate limit under a burst on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start(database, { LOGIN_RATE_LIMIT: '3', LOGIN_RATE_WINDOW: '60' });
  });
  afterAll(() => t.close());

  it('lets no more guesses through than the limit, even all at once', async () => {
    const editor = await t.createUser('editor');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request
          .get('/health')
          .set('Authorization', basic(editor.username, `guess-${i}`))
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
  });
});

describe.each(TEST_DATABASES)('a busy signed-in client on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start(database, { LOGIN_RATE_LIMIT: '3', LOGIN_RATE_WINDOW: '60' });
  });
  afterAll(() => t.close());

  it('is not rate limited when it opens many connections at once with a password not yet verified', async () => {
    const editor = await t.createUser('editor');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request
          .get('/health')
          .set('Authorization', editor.auth)
          .then((r) => r.status),
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('is not rate limited once its password is known good', async () => {
    const editor = await t.createUser('editor');
    await t.request.get('/health').set('Authorization', editor.auth).expect(200);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request
          .get('/health')
          .set('Authorization', editor.auth)
          .then((r) => r.status),
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

describe.each(TEST_DATABASES)('failures of the database on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start(database);
  });
  afterAll(() => t.close());

  it('answers an unexpected failure with 500 rest_internal_error carrying the request id and nothing internal', async () => {
    const editor = await t.createUser('editor');
    await t.dataSource.query('DROP TABLE application_passwords');
    const res = await t.request.get('/health').set('Authorization', editor.auth).set('X-Request-Id', 'req-500').expect(500);
    expect(res.body).toEqual({
      code: 'rest_internal_error',
      message: 'An unexpected error occurred. Request id: req-500',
      data: { status: 500 },
    });
  });

  it('answers 503 rest_unavailable with Retry-After while the database is unreachable, and recovers', async () => {
    await t.dataSource.destroy();
    const ready = await t.request.get('/ready').expect(503);
    expect(ready.body).toMatchObject({ code: 'rest_unavailable', data: { status: 503 } });
    expect(ready.headers['retry-after']).toBe('5');
    const authenticated = await t.request.get('/health').set('Authorization', basic('someone', 'x')).expect(503);
    expect(authenticated.body.code).toBe('rest_unavailable');
    await t.dataSource.initialize();
    await t.request.get('/ready').expect(200);
  });
});
