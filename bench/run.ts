/**
 * `npm run bench`: builds the app, seeds a bench database with the CLI's own generator, starts
 * `node dist/main.js` in production mode with BENCH_MODE, and drives each scenario with
 * autocannon in a separate process; baseline first, writes last. Results go to
 * bench/results/<timestamp>.json and bench/results/latest.md. See the README, "Benchmark".
 */
import { Command, InvalidArgumentError } from 'commander';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchDatabase, DatabaseKind, mysqlBenchDatabase, sqliteBenchDatabase } from './database';
import {
  ROOT,
  Server,
  cpuMs,
  databaseServerPid,
  machineState,
  productionNodeArgs,
  round,
  runAttached,
  runLoadProcess,
  sampleRss,
  startServer,
} from './processes';
import {
  BenchReport,
  DatabaseRun,
  ExplainedStatement,
  ScalePoint,
  ScenarioResult,
  checkTargets,
  consoleSummary,
  instancesTable,
  markdown,
} from './report';
import { BASELINE, Fixture, SCENARIOS, Scenario, ScenarioRequest } from './scenarios';

interface Options {
  db: 'mysql' | 'sqlite' | 'both';
  events: number;
  sqliteEvents: number;
  duration: number;
  warmup: number;
  connections: number;
  pool: number;
  readCache: number;
  instances: number;
  redis: string;
  /** Issue #14: nothing remembered, read scenarios as the signed-in administrator. */
  cold: boolean;
  mysql: string;
  port: number;
  seed: number;
  scale: boolean;
  scaleFrom: number;
  only?: string[];
  build: boolean;
  reuse: boolean;
  profile: boolean;
  nodeArgs: string[];
  out: string;
}

const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-0001' };
const NS = '/calendar/events/v1';

async function main(): Promise<void> {
  const options = parseOptions(process.argv);
  const startedAt = new Date();
  const machine = machineState();
  process.stdout.write(`machine: ${machine.nproc} cores, load ${machine.loadAverage.join(' ')}, node ${machine.node}, ${machine.commit}\n`);

  if (options.build) await runAttached('npm', ['run', 'build']);

  const runs: DatabaseRun[] = [];
  let scale: BenchReport['scale'];
  if (options.scale) {
    scale = { database: 'mysql', points: await scaleMode(options) };
  } else {
    const kinds: DatabaseKind[] = options.db === 'both' ? ['mysql', 'sqlite'] : [options.db];
    for (const kind of kinds) {
      // --instances N (MySQL): the same scenarios with one server process, then with N (issue #15).
      const counts = kind === 'mysql' && options.instances > 1 ? [1, options.instances] : [1];
      for (const instances of counts) {
        const run = await benchDatabase(
          { ...options, reuse: options.reuse || instances > 1 },
          kind,
          kind === 'mysql' ? options.events : options.sqliteEvents,
          undefined,
          instances,
        );
        runs.push(run);
        process.stdout.write(`${consoleSummary(run)}\n`);
      }
    }
    const growth = instancesTable(runs);
    if (growth.length) process.stdout.write(`\n${growth.join('\n')}\n`);
  }

  const after = machineState();
  const report: BenchReport = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    command: `npm run bench --${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}`.replace(/ --$/, ''),
    machine,
    machineAfter: { loadAverage: after.loadAverage, topProcesses: after.topProcesses },
    runs,
    scale,
    targets: checkTargets(runs, scale),
  };
  mkdirSync(options.out, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  writeFileSync(join(options.out, `${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const md = markdown(report);
  writeFileSync(join(options.out, options.scale ? 'latest-scale.md' : 'latest.md'), md);
  if (report.targets.length) {
    process.stdout.write('\nTargets:\n');
    for (const t of report.targets) process.stdout.write(`  ${t.met ? 'met ' : 'MISS'}  ${t.target}: ${t.measured}\n`);
  }
  process.stdout.write(`\nwrote ${join(options.out, `${stamp}.json`)} and ${options.scale ? 'latest-scale.md' : 'latest.md'}\n`);
}

/** Seeds `events` into a fresh database of `kind`, then every scenario against one server. */
async function benchDatabase(
  options: Options,
  kind: DatabaseKind,
  events: number,
  only?: readonly string[],
  instances = 1,
): Promise<DatabaseRun> {
  const database = kind === 'mysql' ? await mysqlBenchDatabase(options.mysql) : sqliteBenchDatabase();
  try {
    const seedSeconds = await seed(database, options, events);
    const server = await startBenchServer(database, options, instances);
    try {
      const fixture = await loadFixture(database, server, events);
      const scenarios: ScenarioResult[] = [];
      const baseline = await runScenario(options, database, server, fixture, BASELINE, null);
      if (!only) scenarios.push(baseline);
      for (const scenario of SCENARIOS) {
        if (only && !only.includes(scenario.key)) continue;
        if (options.only && !options.only.includes(scenario.key)) continue;
        scenarios.push(await runScenario(options, database, server, fixture, scenario, baseline.load.rps));
      }
      await quiesce(server);
      return {
        database: kind,
        version: await database.version(),
        events,
        seedSeconds,
        poolSize: options.pool,
        readCacheSeconds: options.readCache,
        instances,
        connections: options.connections,
        seconds: options.duration,
        scenarios,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
  }
}

/** The event list scenarios at growing sizes, MySQL: how list latency grows with the data. */
async function scaleMode(options: Options): Promise<ScalePoint[]> {
  const sizes: number[] = [];
  for (let size = options.scaleFrom; size <= options.events; size *= 10) sizes.push(size);
  if (sizes[sizes.length - 1] !== options.events) sizes.push(options.events);
  const keys = SCENARIOS.filter((s) => s.eventList).map((s) => s.key);
  const points: ScalePoint[] = [];
  for (const events of sizes) {
    process.stdout.write(`\n== scale: ${events.toLocaleString('en-US')} events\n`);
    const run = await benchDatabase(options, 'mysql', events, keys);
    process.stdout.write(`${consoleSummary(run)}\n`);
    points.push({
      events,
      seedSeconds: run.seedSeconds,
      scenarios: run.scenarios.map((s) => ({
        key: s.key,
        title: s.title,
        rps: s.load.rps,
        p50: s.load.p50,
        p99: s.load.p99,
        queriesPerRequest: s.queriesPerRequest,
        serverCpuMsPerRequest: s.serverCpuMsPerRequest,
        explain: s.explain,
      })),
    });
  }
  return points;
}

async function seed(database: BenchDatabase, options: Options, events: number): Promise<number> {
  const existing = options.reuse ? await database.countEvents() : 0;
  // The creates of earlier runs add a few; another size is seeded afresh.
  if (existing >= events && existing < events * 1.1) {
    process.stdout.write(`\n== ${database.kind}: reusing the seeded database (--reuse)\n`);
    return 0;
  }
  await database.recreate();
  const started = Date.now();
  const args = ['dist/cli.js', 'seed', '--events', String(events), '--seed', String(options.seed)];
  process.stdout.write(`\n== ${database.kind}: seeding ${events.toLocaleString('en-US')} events (node ${args.join(' ')})\n`);
  await runAttached(process.execPath, args, serverEnv(database, options));
  return round((Date.now() - started) / 1000, 1);
}

function serverEnv(database: BenchDatabase, options: Options): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: String(options.pool),
    SITE_URL: `http://127.0.0.1:${options.port}`,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT: '100000',
    READ_CACHE_SECONDS: String(options.readCache),
    // The seed schedules some events days after it was made: published during a later --reuse
    // run, they would change the data and end remembered reads mid-measurement.
    SCHEDULED_PUBLISH_SECONDS: '0',
  };
}

async function startBenchServer(database: BenchDatabase, options: Options, instances = 1): Promise<Server> {
  const logFile = join(tmpdir(), `calendar-bench-server-${database.kind}.log`);
  const nodeArgs = [
    ...productionNodeArgs(),
    ...options.nodeArgs,
    ...(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(options.out, 'profiles')}`] : []),
  ];
  const entry = instances > 1 ? 'dist/cluster.js' : 'dist/main.js';
  // Several instances share remembered reads and login limits through Redis, under a prefix of their own.
  const shared: Record<string, string> =
    instances > 1
      ? { CLUSTER_WORKERS: String(instances), REDIS_URL: options.redis, REDIS_KEY_PREFIX: `calendar-bench-${process.pid}:` }
      : {};
  const server = await startServer({ env: { ...serverEnv(database, options), ...shared }, port: options.port, logFile, nodeArgs, entry });
  // /ready answers once the first worker listens; the others start after it.
  for (let waited = 0; instances > 1 && waited < 60_000; waited += 250) {
    if ((readFileSync(logFile, 'utf8').match(/listening on/g) ?? []).length >= instances) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.stdout.write(
    `server: node ${[...nodeArgs, entry].join(' ')}${instances > 1 ? ` (${instances} workers)` : ''}, pid ${server.process.pid}, ${server.origin} (log ${logFile})\n`,
  );
  return server;
}

/** Scenario inputs, chosen deterministically from the seeded data. */
async function loadFixture(database: BenchDatabase, server: Server, events: number): Promise<Fixture> {
  const step = Math.max(1, Math.floor(events / 1000));
  const picked = await database.query(
    `SELECT id, slug FROM events WHERE status = 'publish' AND password IS NULL AND id % ${step} = 0 ORDER BY id LIMIT 1000`,
  );
  const venues = await database.query(
    `SELECT l.venue_id AS id, COUNT(*) AS n FROM event_venues l INNER JOIN venues v ON v.id = l.venue_id
     WHERE v.status = 'publish' GROUP BY l.venue_id ORDER BY n DESC, l.venue_id LIMIT 20`,
  );
  const roots = await database.query(
    "SELECT id, slug FROM terms WHERE taxonomy = 'tribe_events_cat' AND parent = 0 ORDER BY count DESC, id LIMIT 4",
  );
  const tags = await database.query("SELECT id FROM terms WHERE taxonomy = 'post_tag' ORDER BY count DESC, id LIMIT 4");
  const [organizer] = await database.query("SELECT id FROM organizers WHERE status = 'publish' ORDER BY id LIMIT 1");

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const words = ['night', 'festival', 'workshop', 'social'];
  const filters = roots.map(
    (root, i) => `start_date=${day(0)}&end_date=${day(90)}&categories=${String(root.slug)}&search=${words[i % words.length]}`,
  );
  const windowCategory = roots.map((root) => `start_date=${day(0)}&end_date=${day(90)}&categories=${String(root.slug)}`);

  const list = await fetch(`${server.origin}${NS}/events`);
  if (!list.ok) throw new Error(`GET ${NS}/events answered ${list.status}: the events list must work before it can be measured`);
  const baselineBytes = (await list.arrayBuffer()).byteLength;

  return {
    eventIds: picked.map((row) => Number(row.id)),
    eventSlugs: picked.map((row) => String(row.slug)),
    venueIds: venues.map((row) => Number(row.id)),
    filters,
    windowCategory,
    searchWords: words,
    adminAuth: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`,
    baselineBytes,
    createBodies: roots.map((root, i) => ({
      title: 'Bench event',
      description: '<p>Created by <strong>npm run bench</strong>.</p>',
      start_date: `${day(30 + i)} 19:00:00`,
      end_date: `${day(30 + i)} 22:00:00`,
      timezone: 'Europe/Berlin',
      cost: '12 €',
      venue: Number(venues[i % venues.length]?.id),
      organizer: [Number(organizer?.id)],
      categories: [Number(root.id)],
      tags: [Number(tags[i % tags.length]?.id)],
    })),
  };
}

async function runScenario(
  options: Options,
  database: BenchDatabase,
  server: Server,
  fixture: Fixture,
  scenario: Scenario,
  baselineRps: number | null,
): Promise<ScenarioResult> {
  const given = scenario.request(fixture);
  // --cold: every read as the signed-in administrator, whose answers are never remembered.
  const request: ScenarioRequest =
    options.cold && scenario.reads ? { ...given, headers: { ...given.headers, authorization: fixture.adminAuth } } : given;
  const spec = { origin: server.origin, connections: options.connections, ...request };
  const beside = scenario.beside?.(fixture);
  process.stdout.write(`-- ${scenario.title}: warm-up ${options.warmup} s, then ${options.duration} s\n`);
  if (options.warmup > 0 && !scenario.writes) await runLoadProcess({ ...spec, seconds: options.warmup });
  if (scenario.writes) await runLoadProcess({ ...spec, connections: 1, seconds: 1 });
  await quiesce(server);
  const queriesPerRequest = await probeQueries(server, request);

  await stats(server, true);
  const pid = server.process.pid!;
  const dbPid = database.kind === 'mysql' ? databaseServerPid() : null;
  const cpuBefore = { server: cpuMs(pid), database: dbPid ? cpuMs(dbPid) : 0 };
  const rss = sampleRss(pid);
  const besideLoad = beside ? runLoadProcess({ ...beside, origin: server.origin, seconds: options.duration }) : undefined;
  const load = await runLoadProcess({ ...spec, seconds: options.duration });
  const besideResult = await besideLoad;
  const memory = rss.stop();
  const cpu = { server: cpuMs(pid) - cpuBefore.server, database: dbPid ? cpuMs(dbPid) - cpuBefore.database : 0 };
  const explain = scenario.eventList ? await explainQueries(database, server) : undefined;
  const result: ScenarioResult = {
    key: scenario.key,
    title: scenario.title,
    // No response within the run: its latency is at least the run's length (a lower bound, marked ≥).
    load: load.requests
      ? { ...load, rps: round(load.requests / load.seconds, 1) }
      : {
          ...load,
          rps: 0,
          p50: options.duration * 1000,
          p90: options.duration * 1000,
          p99: options.duration * 1000,
          max: options.duration * 1000,
        },
    rssMaxMb: memory.maxMb,
    rssAvgMb: memory.avgMb,
    queriesPerRequest,
    serverCpuMsPerRequest: load.requests ? round(cpu.server / load.requests, 3) : 0,
    databaseCpuMsPerRequest: dbPid && load.requests ? round(cpu.database / load.requests, 3) : null,
    ratio: baselineRps ? round(load.requests / load.seconds / baselineRps, 3) : 1,
    explain,
    ...(besideResult ? { beside: { ...besideResult, rps: round(besideResult.requests / besideResult.seconds, 1) } } : {}),
  };
  process.stdout.write(
    `   ${result.load.rps} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors + load.non2xx} errors, ` +
      `RSS ≤ ${memory.maxMb} MB, ${result.queriesPerRequest} queries/req, server CPU ${result.serverCpuMsPerRequest} ms/req\n`,
  );
  return result;
}

/**
 * Queries per request, exactly: a few requests of the scenario one after the other, the server
 * otherwise idle (under load, requests still in flight at the end would blur the count).
 */
async function probeQueries(server: Server, request: ScenarioRequest): Promise<number> {
  const before = (await stats(server, false)).queries;
  const until = Date.now() + 20_000;
  let probes = 0;
  // Six requests, or as many as 20 s allow when they are slow.
  for (let i = 0; i < 6 && (i === 0 || Date.now() < until); i++, probes++) {
    const body = request.bodies?.[i % request.bodies.length];
    const response = await fetch(`${server.origin}${request.paths[i % request.paths.length]}`, {
      method: request.method,
      headers: { ...request.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify({ ...body, title: `${String(body.title)} probe ${Date.now()}-${i}` }) : undefined,
    });
    await response.arrayBuffer();
  }
  return round(((await stats(server, false)).queries - before) / probes, 2);
}

/** Waits (at most 120 s) until the requests left over from the warm-up or the last scenario are answered. */
async function quiesce(server: Server): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    if ((await stats(server, false)).in_flight <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function stats(server: Server, reset: boolean): Promise<{ queries: number; in_flight: number }> {
  const response = await fetch(`${server.origin}/_bench/stats${reset ? '?reset=1' : ''}`);
  return (await response.json()) as { queries: number; in_flight: number };
}

/** EXPLAIN of every distinct SELECT the scenario sent, most frequent first. */
async function explainQueries(database: BenchDatabase, server: Server): Promise<ExplainedStatement[]> {
  const response = await fetch(`${server.origin}/_bench/queries`);
  const statements = (await response.json()) as { sql: string; parameters: unknown[]; count: number }[];
  const selects = statements.filter((s) => /^\s*(SELECT|WITH)\b/i.test(s.sql)).sort((a, b) => b.count - a.count);
  const explained: ExplainedStatement[] = [];
  for (const statement of selects.slice(0, 10)) {
    try {
      explained.push({ sql: statement.sql, count: statement.count, plan: await database.explain(statement.sql, statement.parameters) });
    } catch (error) {
      explained.push({ sql: statement.sql, count: statement.count, plan: [{ error: (error as Error).message }] });
    }
  }
  return explained;
}

function parseOptions(argv: string[]): Options {
  const int = (value: string) => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number.');
    return Number(value);
  };
  const program = new Command('npm run bench --')
    .option('--db <db>', 'mysql, sqlite or both', 'both')
    .option('--events <n>', 'events on MySQL (and the largest size in --scale)', int)
    .option('--sqlite-events <n>', 'events on SQLite', int, 10_000)
    .option('--duration <s>', 'seconds per scenario', int, 10)
    .option('--warmup <s>', 'seconds of warm-up before each scenario', int, 3)
    .option('--connections <n>', 'concurrent connections of the load generator', int, 32)
    .option('--pool <n>', 'DATABASE_POOL_SIZE of the server (MySQL)', int, 16)
    .option(
      '--read-cache <s>',
      'READ_CACHE_SECONDS of the server (default 5, as in production; 0 with --scale, which measures the queries)',
      int,
    )
    .option(
      '--mysql <url>',
      'the local MySQL/MariaDB server and the database the bench drops and creates there (its name must contain "bench")',
      'mysql://root@127.0.0.1:3306/calendar_bench',
    )
    .option('--port <n>', 'port of the server under test', int, 3917)
    .option('--instances <n>', 'MySQL: run the scenarios with 1 server process, then with n (start:cluster) sharing Redis', int, 1)
    .option('--redis <url>', 'the Redis of --instances', 'redis://127.0.0.1:6379')
    .option('--seed <n>', 'random seed of the data', int, 1)
    .option('--cold', 'issue #14: READ_CACHE_SECONDS=0 and every read scenario as the signed-in administrator')
    .option('--scale', 'event lists at 10,000, 100,000, ... up to --events (default 1,000,000), MySQL')
    .option('--scale-from <n>', 'smallest size of --scale', int, 10_000)
    .option('--only <keys>', `scenarios to run: ${SCENARIOS.map((s) => s.key).join(', ')}`, (value: string) => value.split(','))
    .option('--no-build', 'use the existing dist/')
    .option('--reuse', 'keep the bench database of the previous run when it has enough events (quicker iterations)')
    .option('--profile', 'write a CPU profile of the server (node --cpu-prof) to bench/results/profiles')
    .option(
      '--node-args <flags>',
      'extra node flags for the server, e.g. "--max-old-space-size=128"',
      (value: string) => value.split(/\s+/).filter(Boolean),
      [],
    )
    .option('--out <dir>', 'where results go', join(ROOT, 'bench', 'results'))
    .parse(argv);
  const parsed = program.opts<Omit<Options, 'events' | 'readCache'> & { events?: number; readCache?: number }>();
  if (!['mysql', 'sqlite', 'both'].includes(parsed.db)) program.error('--db must be mysql, sqlite or both');
  return {
    ...parsed,
    scale: parsed.scale ?? false,
    cold: parsed.cold ?? false,
    reuse: parsed.reuse ?? false,
    profile: parsed.profile ?? false,
    events: parsed.events ?? (parsed.scale ? 1_000_000 : 100_000),
    // The scale mode measures how the database work grows with the data: remembered pages would hide it.
    readCache: parsed.readCache ?? (parsed.scale || parsed.cold ? 0 : 5),
  };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  },
);
