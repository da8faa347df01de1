import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import * as passwordHash from '../src/auth/password-hash';
import { UsersService } from '../src/auth/users.service';
import { TEST_DATABASES } from './support/databases';
import { TestApp, TestUser, basic } from './support/test-app';

// Issue #12: the cost of a login, the failed-login limit and credentials over plain HTTP.

// Counts the scrypt verifications: the real ones, as the spy calls through.
const verifications = jest.spyOn(passwordHash, 'verifyPassword');
afterAll(() => verifications.mockRestore());

const slow = {
  async during(work: () => Promise<unknown>): Promise<number> {
    verifications.mockClear();
    await work();
    return verifications.mock.calls.length;
  },
};

/** A user with `count` application passwords (0: all revoked); `passwords` in issue order. */
async function userWith(t: TestApp, count: number): Promise<TestUser & { passwords: string[] }> {
  const users = t.app.get(UsersService);
  const user = await t.createUser('editor');
  const passwords = [user.password];
  for (let i = 1; i < count; i++) passwords.push((await users.createApplicationPassword(user.username, `extra ${i}`)).password);
  if (count === 0) {
    await users.revokeApplicationPassword(user.username, { all: true });
    passwords.length = 0;
  }
  return { ...user, passwords };
}

describe.each(TEST_DATABASES)('one slow hash per login on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start(database);
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, status: number) =>
    t.request.get('/health').set('Authorization', basic(username, password)).expect(status);

  it('verifies exactly one scrypt hash for an unknown user', async () => {
    expect(await slow.during(() => login('nobody-here', 'abcd efgh ijkl mnop qrst uvwx', 401))).toBe(1);
  });

  it.each([0, 1, 3, 5])('verifies exactly one scrypt hash for a wrong password of a user with %i application passwords', async (count) => {
    const user = await userWith(t, count);
    expect(await slow.during(() => login(user.username, 'abcd efgh ijkl mnop qrst uvwx', 401))).toBe(1);
  });

  it.each([1, 3, 5])('verifies exactly one scrypt hash for the last of %i application passwords', async (count) => {
    const user = await userWith(t, count);
    expect(await slow.during(() => login(user.username, user.passwords[count - 1], 200))).toBe(1);
  });

  it('stores a lookup hash with every new application password, not the password', async () => {
    const user = await userWith(t, 2);
    const rows: { lookup_hash: string | null }[] = await t.dataSource.query(
      'SELECT lookup_hash FROM application_passwords WHERE user_id = ? ORDER BY id',
      [user.id],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.lookup_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].lookup_hash).not.toBe(rows[1].lookup_hash);
  });

  describe('rows made before lookup hashes existed', () => {
    it('accepts them, one slow check per such row, and gives the one used its lookup hash', async () => {
      const user = await userWith(t, 3);
      await t.sql('UPDATE application_passwords SET lookup_hash = NULL WHERE user_id = ?', [user.id]);
      expect(await slow.during(() => login(user.username, 'abcd efgh ijkl mnop qrst uvwx', 401))).toBe(3);
      expect(await slow.during(() => login(user.username, user.passwords[1], 200))).toBe(2);
      const rows: { lookup_hash: string | null }[] = await t.dataSource.query(
        'SELECT lookup_hash FROM application_passwords WHERE user_id = ? ORDER BY id',
        [user.id],
      );
      expect(rows.map((row) => row.lookup_hash !== null)).toEqual([false, true, false]);
      // The used row left the slow path; the two others stay on it until their first use.
      expect(await slow.during(() => login(user.username, 'abcd efgh ijkl mnop qrst uvwx', 401))).toBe(2);
    });

    it('cost one slow hash again once every row has been used', async () => {
      const user = await userWith(t, 1);
      await t.sql('UPDATE application_passwords SET lookup_hash = NULL WHERE user_id = ?', [user.id]);
      await login(user.username, user.password, 200);
      expect(await slow.during(() => login(user.username, 'abcd efgh ijkl mnop qrst uvwx', 401))).toBe(1);
    });

    it('lets ADMIN_PASSWORD find its row and give it a lookup hash instead of adding another', async () => {
      const users = t.app.get(UsersService);
      const password = 'a long admin password 1';
      await users.ensureAdmin('chief', password);
      await t.sql("UPDATE application_passwords SET lookup_hash = NULL WHERE user_id = (SELECT id FROM users WHERE username = 'chief')");
      await users.ensureAdmin('chief', password);
      const rows: { lookup_hash: string | null }[] = await t.dataSource.query(
        "SELECT lookup_hash FROM application_passwords WHERE user_id = (SELECT id FROM users WHERE username = 'chief')",
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].lookup_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(await slow.during(() => login('chief', password, 200))).toBe(1);
    });
  });

  describe('the lookup key', () => {
    let other: NestExpressApplication | undefined;
    afterEach(async () => {
      await other?.close();
      other = undefined;
    });

    /** A second instance on the same database, as after a restart. */
    async function restart(): Promise<NestExpressApplication> {
      other = await createApp(t.config);
      await other.init();
      return other;
    }

    it('is generated once, stored in the database and used by a restarted instance', async () => {
      const user = await userWith(t, 3);
      const keys: unknown[] = await t.dataSource.query("SELECT value FROM settings WHERE name = 'password_lookup_key'");
      expect(keys).toHaveLength(1);
      const app = await restart();
      expect(
        await slow.during(() =>
          request(app.getHttpServer()).get('/health').set('Authorization', basic(user.username, user.passwords[2])).expect(200),
        ),
      ).toBe(1);
      expect(await t.dataSource.query("SELECT value FROM settings WHERE name = 'password_lookup_key'")).toEqual(keys);
    });

    it('when deleted, is made again and existing passwords keep working through their first use', async () => {
      const user = await userWith(t, 2);
      await t.sql("DELETE FROM settings WHERE name = 'password_lookup_key'");
      const app = await restart();
      await request(app.getHttpServer()).get('/health').set('Authorization', basic(user.username, user.passwords[1])).expect(200);
      const rows: { lookup_hash: string | null }[] = await t.dataSource.query(
        'SELECT lookup_hash FROM application_passwords WHERE user_id = ? ORDER BY id',
        [user.id],
      );
      expect(rows.map((row) => row.lookup_hash !== null)).toEqual([false, true]);
      expect(await t.dataSource.query("SELECT name FROM settings WHERE name = 'password_lookup_key'")).toHaveLength(1);
    });
  });
});

describe.each(TEST_DATABASES)('failed-login limits per address and per address and user on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    // Addresses come from X-Forwarded-For through the trusted loopback proxy, over HTTPS.
    t = await TestApp.start(database, { LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '5', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  const from = (address: string, username: string, password: string) =>
    t.request
      .get('/health')
      .set('X-Forwarded-For', address)
      .set('X-Forwarded-Proto', 'https')
      .set('Authorization', basic(username, password));

  it('locks out only the address and user that failed: the right password works from another address, and for another user', async () => {
    const [x, y] = [await t.createUser('editor'), await t.createUser('editor')];
    for (let i = 0; i < 3; i++) await from('203.0.113.1', x.username, `wrong ${i}`).expect(401);
    const refused = await from('203.0.113.1', x.username, x.password).expect(429);
    expect(refused.body).toMatchObject({ code: 'rest_too_many_requests', data: { status: 429 } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await from('203.0.113.2', x.username, x.password).expect(200);
    await from('203.0.113.1', y.username, y.password).expect(200);
  });

  it('signs in no other spelling of a locked-out user name (a trailing space, an accent), which would have limits of its own', async () => {
    const x = await t.createUser('editor');
    for (let i = 0; i < 3; i++) await from('203.0.113.3', x.username, `wrong ${i}`).expect(401);
    await from('203.0.113.3', x.username, x.password).expect(429);
    // MySQL's collation matched these with the user's row: each was a fresh (address, user) pair.
    for (const spelling of [`${x.username} `, x.username.replace('e', 'é')]) {
      const res = await from('203.0.113.3', spelling, x.password).expect(401);
      expect(res.body).toMatchObject({ code: 'invalid_credentials' });
    }
    // Upper case is still the same name, and still limited with it.
    await from('203.0.113.3', x.username.toUpperCase(), x.password).expect(429);
  });

  it('still accepts the right password of a user who has not failed once the address has used up its failures', async () => {
    const victims = await Promise.all([1, 2, 3, 4, 5].map(() => t.createUser('editor')));
    for (const victim of victims) await from('203.0.113.10', victim.username, 'sprayed password').expect(401);
    const neighbour = await t.createUser('author');
    expect(await slow.during(() => from('203.0.113.10', neighbour.username, neighbour.password).expect(200))).toBe(1);
  });

  it('answers a further wrong password from that address with 429 without a slow hash, and then refuses that user there', async () => {
    const victims = await Promise.all([1, 2, 3, 4, 5].map(() => t.createUser('editor')));
    for (const victim of victims) await from('203.0.113.11', victim.username, 'sprayed password').expect(401);
    const next = await t.createUser('editor');
    expect(await slow.during(() => from('203.0.113.11', next.username, 'sprayed password').expect(429))).toBe(0);
    expect(await slow.during(() => from('203.0.113.11', 'no-such-user', 'sprayed password').expect(429))).toBe(0);
    await from('203.0.113.11', next.username, next.password).expect(429);
    await from('203.0.113.11', victims[0].username, victims[0].password).expect(429);
    await from('203.0.113.12', victims[0].username, victims[0].password).expect(200);
  });
});

describe.each(TEST_DATABASES)('Basic credentials over plain HTTP on $kind', (database) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await TestApp.start(database, { TRUST_PROXY: 'loopback' });
    user = await t.createUser('editor');
  });
  afterAll(() => t.close());

  it('refuses them from another machine with 401 rest_insecure_transport, before any password check', async () => {
    const res = await slow.during(async () => {
      const refused = await t.request.get('/health').set('X-Forwarded-For', '203.0.113.5').set('Authorization', user.auth).expect(401);
      expect(refused.body).toEqual({
        code: 'rest_insecure_transport',
        message: 'Credentials are only accepted over HTTPS: this request came over plain HTTP from another machine.',
        data: { status: 401 },
      });
    });
    expect(res).toBe(0);
  });

  it('says why in the language of the request', async () => {
    const res = await t.request
      .get('/health')
      .set('X-Forwarded-For', '203.0.113.5')
      .set('Accept-Language', 'de')
      .set('Authorization', user.auth)
      .expect(401);
    expect(res.body.message).toMatch(/^Zugangsdaten werden nur über HTTPS angenommen/);
  });

  it('accepts them when the trusted proxy received them over HTTPS', async () => {
    await t.request
      .get('/health')
      .set('X-Forwarded-For', '203.0.113.5')
      .set('X-Forwarded-Proto', 'https')
      .set('Authorization', user.auth)
      .expect(200);
  });

  it('accepts them from this machine', async () => {
    await t.request.get('/health').set('Authorization', user.auth).expect(200);
  });

  it('still serves anonymous requests from another machine over plain HTTP', async () => {
    await t.request.get('/health').set('X-Forwarded-For', '203.0.113.5').expect(200);
  });
});

describe.each(TEST_DATABASES)('Basic credentials over plain HTTP with ALLOW_INSECURE_AUTH on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start(database, { TRUST_PROXY: 'loopback', ALLOW_INSECURE_AUTH: 'true' });
  });
  afterAll(() => t.close());

  it('accepts them from another machine', async () => {
    const user = await t.createUser('editor');
    await t.request.get('/health').set('X-Forwarded-For', '203.0.113.5').set('Authorization', user.auth).expect(200);
  });
});

describe.each(TEST_DATABASES)('forwarded headers without TRUST_PROXY on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start(database);
  });
  afterAll(() => t.close());

  it('judges the socket peer (here loopback), not an X-Forwarded-For it does not trust', async () => {
    const user = await t.createUser('editor');
    await t.request.get('/health').set('X-Forwarded-For', '203.0.113.5').set('Authorization', user.auth).expect(200);
  });
});
