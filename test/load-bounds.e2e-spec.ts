import http from 'node:http';
import { AddressInfo } from 'node:net';
import { QueryRunner } from 'typeorm';
import { AuthService } from '../src/auth/auth.service';
import { UsersService } from '../src/auth/users.service';
import { requestsInFlight } from '../src/common/http/in-flight';
import { requestsShed } from '../src/common/http/load-shedding';
import { TEST_DATABASES } from './support/databases';
import { TestApp, basic } from './support/test-app';

jest.setTimeout(60_000);

/** A user whose right password is checked after `others` wrong ones: each check is a slow hash, so requests stay in the guard a while. */
async function slowUser(t: TestApp, others: number): Promise<{ username: string; password: string }> {
  const user = await t.createUser('author');
  const users = t.app.get(UsersService);
  for (let i = 1; i < others; i++) await users.createApplicationPassword(user.username);
  const last = await users.createApplicationPassword(user.username);
  return { username: user.username, password: last.password };
}

async function untilSettled(): Promise<void> {
  while (requestsInFlight() > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.each(TEST_DATABASES)('bounded work per request on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start(database, { MAX_PENDING_REQUESTS: '2', DATABASE_STATEMENT_TIMEOUT_MS: '500' });
  });
  afterAll(() => t.close());

  it('sheds requests beyond MAX_PENDING_REQUESTS with 503 rest_unavailable and Retry-After, but never /health, /ready or /metrics', async () => {
    const user = await slowUser(t, 4);
    const shedBefore = requestsShed();
    const wrong = basic(user.username, 'not the password at all');
    const slow = Promise.all(
      Array.from({ length: 6 }, () => t.request.get(t.api('/events')).set('Authorization', wrong)).map((r) => r.then()),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A scrape in the overload is when the shed count matters most (it reads no table).
    const [health, ready, metrics] = await Promise.all([t.request.get('/health'), t.request.get('/ready'), t.request.get('/metrics')]);
    const answers = await slow;

    expect(health.status).toBe(200);
    expect(ready.status).toBe(200);
    expect(metrics.status).toBe(200);
    const shed = answers.filter((res) => res.status === 503);
    expect(answers.filter((res) => res.status === 401).length).toBeGreaterThan(0);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed.length + answers.filter((res) => res.status === 401).length).toBe(6);
    for (const res of shed) {
      expect(res.body).toMatchObject({ code: 'rest_unavailable', data: { status: 503 } });
      expect(res.headers['retry-after']).toBe('1');
    }
    // The hook /metrics counts with.
    expect(requestsShed() - shedBefore).toBe(shed.length);
  });

  it('runs no further statement for a read whose client went away', async () => {
    const user = await slowUser(t, 8);
    await untilSettled();
    const server = t.http as http.Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const runner = t.dataSource.createQueryRunner();
    const prototype = Object.getPrototypeOf(runner) as QueryRunner;
    await runner.release();
    const spy = jest.spyOn(prototype, 'query');
    // A password check takes one scrypt whatever the user has (issue #12), too quick to leave in
    // reliably: the caller is held 400 ms after it, so the client is surely gone before the list.
    const auth = t.app.get(AuthService);
    const authenticate = auth.authenticate.bind(auth);
    const held = jest.spyOn(auth, 'authenticate').mockImplementation(async (...args) => {
      const user = await authenticate(...args);
      await new Promise((resolve) => setTimeout(resolve, 400));
      return user;
    });
    try {
      const request = http.get({
        host: '127.0.0.1',
        port,
        path: t.api('/events'),
        agent: false,
        headers: { Authorization: basic(user.username, user.password) },
      });
      request.on('error', () => undefined);
      // The client gives up while the server checks its password; the list would come next.
      await new Promise((resolve) => setTimeout(resolve, 100));
      request.destroy();
      await untilSettled();
      const statements = spy.mock.calls.map(([sql]) => String(sql));
      // The password check itself ran (its statements read users and application passwords) ...
      expect(statements.some((sql) => /application_passwords/.test(sql))).toBe(true);
      // ... but the list's did not.
      expect(statements.filter((sql) => /\bevents\b/.test(sql))).toEqual([]);
    } finally {
      spy.mockRestore();
      held.mockRestore();
    }
  });

  it('limits statements: MySQL/MariaDB stop one running past DATABASE_STATEMENT_TIMEOUT_MS, SQLite waits for a lock no longer', async () => {
    if (database.kind === 'sqlite') {
      // better-sqlite3 cannot be interrupted; what it waits for is another process's lock.
      await expect(t.dataSource.query('PRAGMA busy_timeout')).resolves.toEqual([{ timeout: 500 }]);
      return;
    }
    const start = Date.now();
    // The server's own limit answers (ER_STATEMENT_TIMEOUT), before the client's, 250 ms later.
    await expect(t.dataSource.query('SELECT SLEEP(3)')).rejects.toMatchObject({ driverError: { errno: 1969 } });
    expect(Date.now() - start).toBeLessThan(1_500);
    await expect(t.dataSource.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
  });
});
