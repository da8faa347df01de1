import { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { ThrowAwayMariaDb } from './support/mariadb-server';
import { freePort, startServer, waitForOutput } from './support/processes';
import { ThrowAwayRedis } from './support/redis-server';

jest.setTimeout(120_000);

const ADMIN = { username: 'scaler', password: 'scale out admin password' };
const AUTHORIZATION = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
const NS = '/calendar/events/v1';
/** Far above every wait below: what a test sees within it was ended by a write notice, not by the TTL. */
const READ_CACHE_SECONDS = '600';

/** A week from now: inside the default window of the event list (upcoming events). */
const SOON = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns true; fails after `ms` (states that must come, not how fast). */
async function eventually(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await sleep(100);
  }
}

interface Instance {
  readonly process: ChildProcess;
  readonly base: string;
  /** Server processes behind `base`: 1, or the workers of start:cluster. */
  readonly workers: number;
  output: string;
}

/** A GET on a new connection each time, so that start:cluster's workers take turns answering. */
function get(instance: Instance, path: string, authorization?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${instance.base}${path}`, { agent: false, headers: authorization ? { authorization } : {} }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    request.on('error', reject);
  });
}

/** Creates an item of `route` as the administrator through `instance`; its id. */
async function create(instance: Instance, route: string, body: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${instance.base}${NS}/${route}`, {
    method: 'POST',
    headers: { authorization: AUTHORIZATION, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

function createEvent(instance: Instance, title: string): Promise<number> {
  return create(instance, 'events', { title, start_date: `${SOON} 10:00:00`, end_date: `${SOON} 11:00:00` });
}

/** The titles of the first page of the anonymous event list (remembered for READ_CACHE_SECONDS). */
async function anonymousTitles(instance: Instance): Promise<string[]> {
  const { status, body } = await get(instance, `${NS}/events?per_page=50`);
  expect(status).toBe(200);
  return (body as { events: { title: string }[] }).events.map((event) => event.title);
}

describe('instances over a MariaDB primary, a replica and Redis (issue #15; the spec starts its own servers; B is start:cluster)', () => {
  let primary: ThrowAwayMariaDb;
  let replica: ThrowAwayMariaDb;
  let redis: ThrowAwayRedis;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;

  /** One server process, or (`workers`) npm run start:cluster with that many workers on one port. */
  async function start(env: Record<string, string>, workers = 1): Promise<Instance> {
    const port = await freePort();
    const child =
      workers > 1
        ? startServer({ ...env, PORT: String(port), CLUSTER_WORKERS: String(workers) }, 'src/cluster.ts')
        : startServer({ ...env, PORT: String(port) });
    const instance: Instance = { process: child, base: `http://127.0.0.1:${port}`, output: '', workers };
    child.stdout?.on('data', (chunk: Buffer) => (instance.output += chunk.toString()));
    instances.push(instance);
    await waitForOutput(child, workers > 1 ? new RegExp(Array(workers).fill('listening on').join('[^]*')) : /listening on/, 200_000);
    return instance;
  }

  const onReplica = <T>(sql: string, values: unknown[] = []) => replica.sql<T>(sql, values, 'calendar');
  const anonymousTitle = async (instance: Instance, id: number) =>
    ((await get(instance, `${NS}/events/${id}`)).body as { title: string }).title;
  // Only the replica's copy changes (not written to its binary log, nothing replicates it back).
  const setTitleOnReplica = (id: number, title: string) => onReplica('UPDATE events SET title = ? WHERE id = ?', [title, id]);
  /** Every process of `instance` reports so on /ready (each of them is asked twice, in turn). */
  const readyEverywhere = async (instance: Instance, check: (body: Awaited<ReturnType<typeof ready>>) => boolean) => {
    for (let n = 0; n < instance.workers * 2; n++) if (!check(await ready(instance))) return false;
    return true;
  };
  const ready = async (instance: Instance) =>
    (await get(instance, '/ready')).body as { status: string; redis?: string; replicas: { serving: boolean }[] };

  beforeAll(async () => {
    [primary, replica, redis] = await Promise.all([
      ThrowAwayMariaDb.start(['--server-id=1', '--log-bin=primary-bin', '--binlog-format=ROW']),
      ThrowAwayMariaDb.start(['--server-id=2']),
      ThrowAwayRedis.start(),
    ]);
    await replica.replicate(primary);
    const url = await primary.createDatabase('calendar');
    const env = {
      DATABASE_URL: url,
      DATABASE_READ_URLS: replica.url('calendar'),
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: 'scale-out-spec:',
      READ_CACHE_SECONDS,
      LOGIN_RATE_LIMIT: '4',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    };
    // One after the other: the first runs the migrations. B is npm run start:cluster with two workers.
    a = await start(env);
    b = await start(env, 2);
    for (const instance of [a, b]) {
      await eventually('the replica serves reads', () => readyEverywhere(instance, (body) => body.replicas?.[0]?.serving === true));
    }
    // Starting three ts-node processes takes a while on a busy machine.
  }, 420_000);

  afterAll(async () => {
    await Promise.all(
      instances.map(async ({ process: child }) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    await Promise.all([primary?.remove(), replica?.remove(), redis?.kill()]);
  });

  it('reports Redis and the replica on /ready', async () => {
    expect(await ready(a)).toEqual({ status: 'ok', redis: 'ok', replicas: [{ name: 'replica1', serving: true, lag_seconds: 0 }] });
  });

  it('ends on every instance the remembered reads a write commits on any of them can change (and only those), long before READ_CACHE_SECONDS', async () => {
    const id = await createEvent(a, 'Remembered');
    const other = await createEvent(a, 'Unrelated');
    await eventually(
      'the replica has the events',
      async () => (await onReplica('SELECT id FROM events WHERE id IN (?, ?)', [id, other])).length === 2,
    );
    // A remembers its anonymous reads once the replica has the write: a change made on the replica
    // alone (not through the app, so nobody announces it) then no longer shows through A.
    const remember = async (event: number) => {
      let remembered = '';
      await eventually(`A remembers event ${event}`, async () => {
        remembered = await anonymousTitle(a, event);
        await setTitleOnReplica(event, remembered === 'Replica A' ? 'Replica B' : 'Replica A');
        return (await anonymousTitle(a, event)) === remembered;
      });
      return remembered;
    };
    const remembered = await remember(id);
    const rememberedOther = await remember(other);

    await createEvent(b, 'Written through B');
    // The writer, signed in, reads its own write at once on either instance (from the primary).
    for (const instance of [a, b]) {
      const own = await get(instance, `${NS}/events?per_page=50`, AUTHORIZATION);
      expect((own.body as { events: { title: string }[] }).events.map((e) => e.title)).toContain('Written through B');
    }
    // B's write ended A's remembered list, whose window holds it, and not its single reads of other events.
    await eventually('A shows the write to anonymous callers', async () => (await anonymousTitles(a)).includes('Written through B'));
    await eventually('A answers its remembered reads again', async () => (await anonymousTitle(a, id)) === remembered);
    expect(await anonymousTitle(a, other)).toBe(rememberedOther);

    // A write of the event through B ends A's read of it, and only that one.
    const updated = await fetch(`${b.base}${NS}/events/${id}`, {
      method: 'POST',
      headers: { authorization: AUTHORIZATION, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Updated through B' }),
    });
    expect(updated.status).toBe(200);
    await eventually('A forgets what it remembered of the event', async () => (await anonymousTitle(a, id)) === 'Updated through B');
    await eventually('A answers its other remembered read again', async () => (await anonymousTitle(a, other)) === rememberedOther);

    await createEvent(a, 'Written through A');
    await eventually('B shows the write to anonymous callers', async () => (await anonymousTitles(b)).includes('Written through A'));
    await setTitleOnReplica(other, 'Unrelated');
    // Later tests find it by its first title.
    await fetch(`${a.base}${NS}/events/${id}`, {
      method: 'POST',
      headers: { authorization: AUTHORIZATION, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Remembered' }),
    });
  });

  it('answers anonymous reads from the replica and signed-in callers from the primary', async () => {
    const id = await createEvent(a, 'Routing probe');
    await eventually('the replica has the event', async () => (await onReplica('SELECT id FROM events WHERE id = ?', [id])).length === 1);
    // Only the replica's copy says so (not written to its binary log, nothing replicates it back).
    await onReplica("UPDATE events SET title = 'Replica copy' WHERE id = ?", [id]);
    try {
      for (const instance of [a, b]) {
        expect((await get(instance, `${NS}/events/${id}`)).body).toMatchObject({ id, title: 'Replica copy' });
        expect((await get(instance, `${NS}/events/${id}`, AUTHORIZATION)).body).toMatchObject({ id, title: 'Routing probe' });
      }
    } finally {
      await onReplica("UPDATE events SET title = 'Routing probe' WHERE id = ?", [id]);
    }
  });

  it("reads an anonymous list's filters from the replica too (a venue public there only, terms named so there only)", async () => {
    const venue = await create(a, 'venues', { venue: 'Draft on the primary', status: 'draft' });
    await eventually(
      'the replica has the venue',
      async () => (await onReplica('SELECT id FROM venues WHERE id = ?', [venue])).length === 1,
    );
    await onReplica("UPDATE venues SET status = 'publish' WHERE id = ?", [venue]);
    // On the primary an anonymous caller may not read a draft: the filter would be refused with 400.
    for (const instance of [a, b]) expect((await get(instance, `${NS}/events?venue=${venue}`)).status).toBe(200);

    // The terms too: a category and a tag whose slugs exist on the replica only.
    for (const param of ['categories', 'tags']) {
      const termId = await create(a, param, { name: `Routed ${param}` });
      await eventually(
        'the replica has the term',
        async () => (await onReplica('SELECT id FROM terms WHERE id = ?', [termId])).length === 1,
      );
      await onReplica('UPDATE terms SET slug = ? WHERE id = ?', [`replica-only-${param}`, termId]);
      for (const instance of [a, b]) {
        expect((await get(instance, `${NS}/events?${param}=replica-only-${param}`)).status).toBe(200);
        // A signed-in caller reads the primary, which has no such slug.
        expect((await get(instance, `${NS}/events?${param}=replica-only-${param}`, AUTHORIZATION)).status).toBe(400);
      }
    }
  });

  it('leaves a replica whose SQL thread stopped out of reads within seconds, and takes it back once it has caught up', async () => {
    await replica.sql('STOP SLAVE SQL_THREAD');
    for (const instance of [a, b]) {
      await eventually('the replica is left out', () => readyEverywhere(instance, (body) => body.replicas[0].serving === false));
    }
    const id = await createEvent(a, 'While the replica stood still');
    expect(await onReplica('SELECT id FROM events WHERE id = ?', [id])).toEqual([]);
    // Anonymous callers are served by the primary meanwhile: nobody reads the stale replica.
    for (const instance of [a, b]) {
      expect((await get(instance, `${NS}/events/${id}`)).status).toBe(200);
      expect(await anonymousTitles(instance)).toContain('While the replica stood still');
    }

    await replica.sql('START SLAVE SQL_THREAD');
    for (const instance of [a, b]) {
      await eventually('the replica serves again', () => readyEverywhere(instance, (body) => body.replicas[0].serving === true));
    }
    expect(await onReplica('SELECT id FROM events WHERE id = ?', [id])).toEqual([{ id }]);
    for (const instance of [a, b]) expect((await get(instance, `${NS}/events/${id}`)).status).toBe(200);
  });

  /** Anonymous list reads no one has asked before (never remembered: each reaches a database), until stop(). */
  function readLoad(readers: number) {
    const statuses: number[] = [];
    let running = true;
    let n = 0;
    const loops = Array.from({ length: readers }, async (_, reader) => {
      const instance = reader % 2 ? b : a;
      while (running) statuses.push((await get(instance, `${NS}/events?per_page=5&search=probe${reader}x${n++}`)).status);
    });
    return {
      statuses,
      stop: async () => {
        running = false;
        await Promise.all(loops);
        return statuses;
      },
    };
  }

  it('answers every anonymous read while the replica is frozen (its reads in flight and waiting go to the primary), and takes it back once thawed', async () => {
    const load = readLoad(6);
    await eventually('reads flow', () => Promise.resolve(load.statuses.length >= 30));
    const logged = [a, b].map((instance) => instance.output.length);
    replica.freeze();
    try {
      for (const instance of [a, b]) {
        await eventually('the frozen replica is left out', () => readyEverywhere(instance, (body) => body.replicas[0].serving === false));
      }
      const during = load.statuses.length;
      await eventually('reads flow from the primary', () => Promise.resolve(load.statuses.length >= during + 30));
    } finally {
      replica.thaw();
    }
    for (const instance of [a, b]) {
      await eventually('the replica serves again', () => readyEverywhere(instance, (body) => body.replicas[0].serving === true));
    }
    const statuses = await load.stop();
    // Before: the reads on the frozen replica ended in 503 after the statement's time limit.
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    for (const [i, instance] of [a, b].entries()) {
      // Why: no answer to its check or to a statement, or a connection that timed out, whichever came first.
      // A process writes its log lines up to 100 ms after it logs them (README "Logs").
      await eventually('the instance logs it', () =>
        Promise.resolve(instance.output.slice(logged[i]).includes('replica1 left out of reads: ')),
      );
    }
  });

  it('reads from the primary what the replica has no column for yet (a migration it has not applied), and takes it back after', async () => {
    const id = await createEvent(a, 'Schema probe');
    await eventually('the replica has the event', async () => (await onReplica('SELECT id FROM events WHERE id = ?', [id])).length === 1);
    // Only the replica's table changes (it writes no binary log): the list's statements now name a column it lacks.
    await onReplica('ALTER TABLE events RENAME COLUMN excerpt TO excerpt_pending');
    try {
      for (const instance of [a, b]) {
        // Before: 500 (Unknown column).
        const { status, body } = await get(instance, `${NS}/events?search=Schema+probe&per_page=5`);
        expect(status).toBe(200);
        expect((body as { events: { id: number }[] }).events.map((event) => event.id)).toEqual([id]);
      }
      await eventually('A logs why', () =>
        Promise.resolve(/replica1 left out of reads: schema behind the primary's \(Unknown column/.test(a.output)),
      );
    } finally {
      await onReplica('ALTER TABLE events RENAME COLUMN excerpt_pending TO excerpt');
    }
    for (const instance of [a, b]) {
      await eventually('the replica serves again', () => readyEverywhere(instance, (body) => body.replicas[0].serving === true));
    }
  });

  it('shares the login limit: failures through A and B together reach LOGIN_RATE_LIMIT', async () => {
    const wrong = `Basic ${Buffer.from('nobody:not the password at all').toString('base64')}`;
    const statuses: number[] = [];
    for (const instance of [a, b, a, b, a, b]) statuses.push((await get(instance, `${NS}/events?per_page=1`, wrong)).status);
    // Per process, each instance would have allowed 4 failures: 401 six times.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('keeps answering from the database while Redis is down (nothing remembered), logs it once, and recovers by itself', async () => {
    await redis.kill();
    for (const instance of [a, b]) {
      await eventually('/ready reports Redis unavailable', () => readyEverywhere(instance, (body) => body.redis === 'unavailable'));
    }
    // Nothing is remembered meanwhile: a change made on the replica alone shows at once.
    const [probe] = await onReplica<{ id: number }>("SELECT id FROM events WHERE title = 'Remembered'");
    await anonymousTitle(a, probe.id);
    await setTitleOnReplica(probe.id, 'Changed while Redis was down');
    expect(await anonymousTitle(a, probe.id)).toBe('Changed while Redis was down');
    await createEvent(a, 'While Redis was down');
    await eventually('B shows the write made while Redis was down', async () =>
      (await anonymousTitles(b)).includes('While Redis was down'),
    );
    await sleep(1500);
    await redis.restart();
    for (const instance of [a, b]) {
      await eventually('/ready reports Redis back', () => readyEverywhere(instance, (body) => body.redis === 'ok'));
    }
    await anonymousTitles(b);
    await createEvent(a, 'After Redis came back');
    await eventually('B shows the write made after Redis came back', async () =>
      (await anonymousTitles(b)).includes('After Redis came back'),
    );
    for (const instance of [a, b]) {
      // Once per process. A process writes its log lines up to 100 ms after it logs them (README
      // "Logs"), and /ready may answer before that.
      await eventually('every process logs that Redis is back', () =>
        Promise.resolve((instance.output.match(/Redis is back/g) ?? []).length >= instance.workers),
      );
      expect(instance.output.match(/Redis is unavailable/g)).toHaveLength(instance.workers);
      expect(instance.output.match(/Redis is back/g)).toHaveLength(instance.workers);
    }
  });
});
