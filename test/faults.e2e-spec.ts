import { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createConnection } from 'mysql2/promise';
import { RequestRecord, startLoad } from './support/load-client';
import { LostAnswerProxy } from './support/lost-answer-proxy';
import { ThrowAwayMariaDb } from './support/mariadb-server';
import { freePort, startServer, waitForOutput } from './support/processes';

jest.setTimeout(120_000);

const ADMIN = { username: 'faults', password: 'fault tolerant admin password' };
const AUTHORIZATION = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
// A list page that always reads the database (a password makes the page fresh), and a cheap one.
const READ_PATH = '/calendar/events/v1/events?per_page=5&password=x';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function probe(port: number, path: string): Promise<{ status: number; ms: number; retryAfter?: string }> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: Date.now() - start, retryAfter: response.headers['retry-after'] }),
      );
    });
    request.on('error', reject);
  });
}

/** Every HTTP answer is a success or the contract's 503 with Retry-After; no request went unanswered. */
function expectOnlySuccessOr503(records: readonly RequestRecord[]): void {
  expect(records.filter((r) => r.error !== undefined)).toEqual([]);
  expect(records.filter((r) => r.status !== 200 && r.status !== 201 && r.status !== 503)).toEqual([]);
  for (const refused of records.filter((r) => r.status === 503)) {
    expect(refused).toMatchObject({ code: 'rest_unavailable', retryAfter: expect.stringMatching(/^[1-9]\d*$/) as unknown });
  }
}

describe('database faults under load (MariaDB only: the spec starts, kills and freezes its own MariaDB server)', () => {
  let db: ThrowAwayMariaDb;
  let server: ChildProcess;
  let port: number;

  /** Events the service answered 201 for that the database does not hold. */
  async function missingWrites(records: readonly RequestRecord[]): Promise<number[]> {
    const ids = records.filter((r) => r.status === 201).map((r) => r.id!);
    expect(ids.length).toBeGreaterThan(0);
    const connection = await createConnection({ host: '127.0.0.1', port: db.port, user: 'root', database: 'calendar' });
    try {
      const [rows] = await connection.query('SELECT id FROM events WHERE id IN (?)', [ids]);
      const present = new Set((rows as { id: number }[]).map((row) => row.id));
      return ids.filter((id) => !present.has(id));
    } finally {
      await connection.end();
    }
  }

  beforeAll(async () => {
    db = await ThrowAwayMariaDb.start();
    const url = await db.createDatabase('calendar');
    port = await freePort();
    server = startServer({ DATABASE_URL: url, PORT: String(port), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    await waitForOutput(server, /listening on/, 90_000);
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await db?.remove();
  });

  it('answers 503 with Retry-After while the database is killed, recovers by itself once it is back, and keeps every write it acknowledged', async () => {
    const load = startLoad({ base: `http://127.0.0.1:${port}`, readers: 3, writers: 3, readPath: READ_PATH, authorization: AUTHORIZATION });
    await load.until((records) => records.filter((r) => r.status === 201).length >= 20);

    const killedAt = Date.now();
    await db.kill();
    await load.until((records) => records.filter((r) => r.start > killedAt && r.status === 503).length >= 20);
    await db.restart();
    const restartedAt = Date.now();
    await load.until((records) =>
      (['read', 'write'] as const).every((kind) => records.some((r) => r.kind === kind && r.start > restartedAt && r.status! < 300)),
    );
    const records = await load.stop();

    expectOnlySuccessOr503(records);
    const down = records.filter((r) => r.start > killedAt && r.start < restartedAt);
    expect(down.filter((r) => r.status === 503).length).toBeGreaterThanOrEqual(20);
    // A refused connection is noticed at once: nobody waits for a dead server.
    expect(Math.max(...down.map((r) => r.ms))).toBeLessThan(2_000);
    expect(await missingWrites(records)).toEqual([]);
  });

  it('answers 503 within about 2 s while the database is frozen (SIGSTOP), /ready within 1 s, and recovers when it thaws', async () => {
    const load = startLoad({ base: `http://127.0.0.1:${port}`, readers: 3, writers: 3, readPath: READ_PATH, authorization: AUTHORIZATION });
    await load.until((records) => records.filter((r) => r.status === 201).length >= 20);

    const frozenAt = Date.now();
    db.freeze();
    const probes: { path: string; status: number; ms: number; retryAfter?: string }[] = [];
    while (Date.now() - frozenAt < 6_000) {
      for (const path of ['/ready', '/health']) probes.push({ path, ...(await probe(port, path)) });
      await sleep(200);
    }
    db.thaw();
    const thawedAt = Date.now();
    await load.until((records) =>
      (['read', 'write'] as const).every((kind) => records.some((r) => r.kind === kind && r.start > thawedAt && r.status! < 300)),
    );
    const recoveredIn = Math.max(
      ...(['read', 'write'] as const).map(
        (kind) => load.records.find((r) => r.kind === kind && r.start > thawedAt && r.status! < 300)!.start,
      ),
    );
    const records = await load.stop();

    expectOnlySuccessOr503(records);
    const frozen = records.filter((r) => r.start > frozenAt && r.start < thawedAt);
    expect(frozen.filter((r) => r.status === 503).length).toBeGreaterThan(0);
    // The client gives up on a statement 2.25 s after it was sent, and on a connection after 1 s.
    expect(Math.max(...frozen.map((r) => r.ms))).toBeLessThan(3_500);
    const ready = probes.filter((p) => p.path === '/ready');
    expect(ready.every((p) => p.status === 503 && p.retryAfter === '5')).toBe(true);
    expect(Math.max(...ready.map((p) => p.ms))).toBeLessThan(1_000);
    expect(probes.filter((p) => p.path === '/health').every((p) => p.status === 200)).toBe(true);
    expect(recoveredIn - thawedAt).toBeLessThan(5_000);
    await expect(probe(port, '/ready')).resolves.toMatchObject({ status: 200 });
    expect(await missingWrites(records)).toEqual([]);
  });

  describe('Idempotency-Key when an answer of the database is lost (a second server, through a proxy that loses one answer)', () => {
    const KEY_DB = 'calendar_lost_answers';
    let proxy: LostAnswerProxy;
    let keyServer: ChildProcess;
    let keyPort: number;

    beforeAll(async () => {
      const url = new URL(await db.createDatabase(KEY_DB));
      proxy = await LostAnswerProxy.start(db.port);
      url.port = String(proxy.port);
      keyPort = await freePort();
      keyServer = startServer({
        DATABASE_URL: url.toString(),
        PORT: String(keyPort),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      });
      await waitForOutput(keyServer, /listening on/, 90_000);
    });

    afterAll(async () => {
      if (keyServer && keyServer.exitCode === null) {
        const exited = new Promise((resolve) => keyServer.once('exit', resolve));
        keyServer.kill('SIGTERM');
        await exited;
      }
      await proxy?.close();
    });

    const create = (key: string, body: Record<string, unknown>) =>
      fetch(`http://127.0.0.1:${keyPort}/calendar/events/v1/events`, {
        method: 'POST',
        headers: { Authorization: AUTHORIZATION, 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body),
      });

    it('replays, and never makes twice, a create whose COMMIT reached the database but whose answer was lost', async () => {
      const body = { title: 'Made once', start_date: '2031-05-01 10:00:00', end_date: '2031-05-01 11:00:00' };
      proxy.arm(/INSERT\s+INTO\W+events\W/i, 'commit');
      const first = await create('lost-commit', body);
      expect([first.status, proxy.lost]).toEqual([503, 1]);
      const retry = await create('lost-commit', body);
      const made = (await retry.json()) as { id: number; title: string };
      expect([retry.status, retry.headers.get('idempotent-replayed'), made.title]).toEqual([201, 'true', 'Made once']);
      const rows = await db.sql<{ id: number }>("SELECT id FROM events WHERE title = 'Made once'", [], KEY_DB);
      expect(rows.map((row) => row.id)).toEqual([made.id]);
    });

    it('gives a key back once the database answers again when its release was lost, so a retry does not wait for it to be abandoned', async () => {
      const refused = { title: 'Bad dates', start_date: 'soon', end_date: 'later' };
      const lostBefore = proxy.lost;
      proxy.arm(/DELETE\W+FROM\W+idempotency_keys/i, 'statement');
      // Refused (400) after the key was claimed: the release is lost, and the client waits 2.25 s for it.
      expect((await create('lost-release', refused)).status).toBe(400);
      expect(proxy.lost - lostBefore).toBe(1);
      const started = Date.now();
      expect((await create('lost-release', refused)).status).toBe(400);
      // A claim without a response counts as in flight for 60 s: the retry did not wait for that.
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  });
});
