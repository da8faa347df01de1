import { spawn } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';

/**
 * A load generator in its own process, for the fault tests: readers and writers in loops over
 * keep-alive connections (one agent, a socket per loop), as real clients behave. It reports every
 * request as a JSON line on stdout, and stops when its stdin closes.
 */
export interface LoadOptions {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  readonly readers: number;
  /** Loops creating events; they need `authorization`. */
  readonly writers?: number;
  /** The path readers GET. */
  readonly readPath: string;
  readonly authorization?: string;
  /** A request without an answer after this long is reported as `timeout` (and abandoned). */
  readonly timeoutMs?: number;
}

export interface RequestRecord {
  readonly kind: 'read' | 'write';
  /** When the request was sent (ms since the epoch) and how long its answer took. */
  readonly start: number;
  readonly ms: number;
  readonly status?: number;
  readonly code?: string;
  readonly retryAfter?: string;
  /** The response said `Connection: close`. */
  readonly connectionClose?: boolean;
  /** The id of the event a 201 created. */
  readonly id?: number;
  /** A failure without an HTTP answer: ECONNRESET, ECONNREFUSED, `socket hang up`, timeout... */
  readonly error?: string;
}

export interface RunningLoad {
  /** The records reported so far. */
  readonly records: readonly RequestRecord[];
  /** Resolves once `predicate` holds for the records reported so far (checked as they come). */
  until(predicate: (records: readonly RequestRecord[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Stops the loops, waits for their last requests and returns every record. */
  stop(): Promise<RequestRecord[]>;
}

const ROOT = join(__dirname, '..', '..');

/** Starts the load generator as a child process. */
export function startLoad(options: LoadOptions): RunningLoad {
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', join(__dirname, 'load-client.ts'), JSON.stringify(options)],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const records: RequestRecord[] = [];
  let partial = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line) records.push(JSON.parse(line) as RequestRecord);
    for (const waiter of waiters) waiter();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    records,
    until(predicate, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`load: condition not met after ${timeoutMs} ms (${records.length} records)`));
        }, timeoutMs);
        const check = () => {
          if (!predicate(records)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    async stop() {
      child.stdin.end();
      await exited;
      return records;
    },
  };
}

async function main(options: LoadOptions): Promise<void> {
  let stopped = false;
  process.stdin.on('end', () => (stopped = true));
  process.stdin.resume();
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.readers + (options.writers ?? 0) });
  const report = (record: RequestRecord) => process.stdout.write(`${JSON.stringify(record)}\n`);
  let serial = 0;

  const once = (kind: 'read' | 'write'): Promise<RequestRecord> =>
    new Promise((resolve) => {
      const start = Date.now();
      const body =
        kind === 'write'
          ? JSON.stringify({ title: `Load ${process.pid} ${++serial}`, start_date: '2031-05-01 10:00:00', end_date: '2031-05-01 11:00:00' })
          : undefined;
      const request = http.request(`${options.base}${kind === 'write' ? '/calendar/events/v1/events' : options.readPath}`, {
        method: kind === 'write' ? 'POST' : 'GET',
        agent,
        headers: body
          ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Authorization: options.authorization ?? '' }
          : {},
      });
      const timer = setTimeout(() => {
        request.destroy();
        resolve({ kind, start, ms: Date.now() - start, error: 'timeout' });
      }, options.timeoutMs ?? 15_000);
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          clearTimeout(timer);
          let parsed: { code?: string; id?: number } = {};
          try {
            parsed = JSON.parse(text) as typeof parsed;
          } catch {
            // Not JSON: only the status matters then.
          }
          resolve({
            kind,
            start,
            ms: Date.now() - start,
            status: response.statusCode,
            code: parsed.code,
            retryAfter: response.headers['retry-after'],
            connectionClose: response.headers.connection === 'close',
            id: response.statusCode === 201 ? parsed.id : undefined,
          });
        });
        response.on('error', (error: NodeJS.ErrnoException) => {
          clearTimeout(timer);
          resolve({ kind, start, ms: Date.now() - start, error: error.code ?? error.message });
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        resolve({ kind, start, ms: Date.now() - start, error: error.code ?? error.message });
      });
      request.end(body);
    });

  const loop = async (kind: 'read' | 'write') => {
    while (!stopped) {
      const record = await once(kind);
      report(record);
      // A refused connection (the server is gone) is answered at once: do not spin.
      if (record.error) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await Promise.all([
    ...Array.from({ length: options.readers }, () => loop('read')),
    ...Array.from({ length: options.writers ?? 0 }, () => loop('write')),
  ]);
  agent.destroy();
}

if (require.main === module) void main(JSON.parse(process.argv[2]) as LoadOptions);
