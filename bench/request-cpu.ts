/**
 * CPU per request, without a load generator competing for the cores (issue #14):
 *   node -r ts-node/register/transpile-only bench/request-cpu.ts <DATABASE_URL> [tree ...]
 *     [--path /calendar/events/v1/events] [--requests 1000] [--concurrency 2] [--rounds 5] [--warmup 3000] [--anonymous]
 * Starts each tree's built server (`<tree>/dist/main.js`, default this checkout) as `start:prod`
 * does, with nothing remembered (READ_CACHE_SECONDS=0), warms it with `--warmup` requests, then sends `--requests` requests
 * `--concurrency` at a time, `--rounds` times, as the bench's administrator (signed in, unless
 * `--anonymous`). Trees take turns round by round, so a change in the machine's speed touches each
 * alike. Prints the median of the rounds: the server's CPU (user + system, its threads included)
 * and the local MariaDB/MySQL server's, in ms per request, read from /proc.
 *
 * Why: under `npm run bench` the load generator, the server and the database share two cores,
 * and throughput moved by ±15 % between runs of the same code here; CPU per request measured one
 * or two requests at a time moved by about ±5 %. It measures cost, not throughput: use it to compare
 * code, and `npm run bench` for the ratios. The database must be seeded (npm run bench
 * -- --reuse ... leaves one) and hold the bench's administrator.
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, Server, cpuMs, databaseServerPid, productionNodeArgs, startServer } from './processes';

const ADMIN = 'bench-admin:bench-admin-password-0001';
const PORT = 3997;

interface Options {
  url: string;
  trees: string[];
  path: string;
  requests: number;
  concurrency: number;
  rounds: number;
  warmup: number;
  anonymous: boolean;
}

function parse(argv: readonly string[]): Options {
  const positional: string[] = [];
  const named = new Map<string, string>();
  let anonymous = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--anonymous') anonymous = true;
    else if (argv[i].startsWith('--')) named.set(argv[i].slice(2), argv[++i]);
    else positional.push(argv[i]);
  }
  const [url, ...trees] = positional;
  if (!url)
    throw new Error(
      'usage: request-cpu.ts <DATABASE_URL> [tree ...] [--path P] [--requests N] [--concurrency C] [--rounds R] [--warmup W] [--anonymous]',
    );
  const count = (name: string, fallback: number) => {
    const value = Number(named.get(name) ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
    return value;
  };
  return {
    url,
    trees: (trees.length ? trees : [ROOT]).map((tree) => resolve(tree)),
    path: named.get('path') ?? '/calendar/events/v1/events',
    requests: count('requests', 1000),
    concurrency: count('concurrency', 2),
    rounds: count('rounds', 5),
    warmup: count('warmup', 3000),
    anonymous,
  };
}

function startTree(tree: string, url: string): Promise<Server> {
  const [username, password] = ADMIN.split(':');
  return startServer({
    root: tree,
    port: PORT,
    logFile: join(tmpdir(), 'calendar-request-cpu-server.log'),
    nodeArgs: productionNodeArgs(tree),
    env: {
      DATABASE_URL: url,
      SITE_URL: `http://127.0.0.1:${PORT}`,
      ADMIN_USERNAME: username,
      ADMIN_PASSWORD: password,
      LOGIN_RATE_LIMIT: '100000',
      READ_CACHE_SECONDS: '0',
      LOG_LEVEL: 'error',
    },
  });
}

/** `requests` requests, `concurrency` at a time; any answer but 200 stops the measurement. */
async function send(options: Options, requests: number): Promise<void> {
  const headers: Record<string, string> = options.anonymous ? {} : { authorization: `Basic ${Buffer.from(ADMIN).toString('base64')}` };
  let sent = 0;
  const worker = async () => {
    while (sent++ < requests) {
      const response = await fetch(`http://127.0.0.1:${PORT}${options.path}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${options.path} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  const database = options.url.startsWith('sqlite') ? null : databaseServerPid();
  const samples = new Map(options.trees.map((tree) => [tree, { server: [] as number[], database: [] as number[] }]));
  for (let round = 0; round < options.rounds; round++) {
    for (const tree of options.trees) {
      const server = await startTree(tree, options.url);
      try {
        // Warm: the JIT (a list's CPU kept falling for some 3,000 requests), the pool's
        // connections and their prepared statements, the buffer pool.
        await send(options, options.warmup);
        const pid = server.process.pid!;
        const before = { server: cpuMs(pid), database: database ? cpuMs(database) : 0 };
        await send(options, options.requests);
        const { exitCode } = server.process;
        if (exitCode !== null) throw new Error(`${tree}: the server exited with ${exitCode} while measured`);
        const taken = samples.get(tree)!;
        taken.server.push((cpuMs(pid) - before.server) / options.requests);
        if (database) taken.database.push((cpuMs(database) - before.database) / options.requests);
      } finally {
        await server.stop();
      }
    }
  }
  for (const [tree, taken] of samples) {
    const spread = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
    process.stdout.write(
      `${tree}: server ${median(taken.server).toFixed(3)} ms/request (${spread(taken.server)})` +
        (database ? `, database ${median(taken.database).toFixed(3)} ms/request (${spread(taken.database)})` : '') +
        `\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
