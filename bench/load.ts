/**
 * The load generator of `npm run bench`, run as its own process so its CPU is not the server's:
 * autocannon against one scenario, then one JSON line on stdout. Input: a LoadSpec as JSON in
 * argv[2]. Loopback only, for a fixed duration.
 */
import autocannon from 'autocannon';

export interface LoadSpec {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly connections: number;
  readonly seconds: number;
  readonly method: 'GET' | 'POST';
  /** Paths taken in turn, one per request. */
  readonly paths: readonly string[];
  readonly headers?: Record<string, string>;
  /** POST only: JSON bodies taken in turn, each `title` with a unique suffix per request. */
  readonly bodies?: readonly Record<string, unknown>[];
}

export interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly timeouts: number;
  readonly bytesPerSecond: number;
  readonly seconds: number;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const url = new URL(spec.origin);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error(`loopback only, not ${url.hostname}`);
  let turn = 0;
  const result = await autocannon({
    url: spec.origin,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: 30,
    requests: [
      {
        method: spec.method,
        setupRequest: (request) => {
          const n = turn++;
          const next: autocannon.Request = { ...request, path: spec.paths[n % spec.paths.length], headers: { ...spec.headers } };
          if (spec.bodies?.length) {
            const body = spec.bodies[n % spec.bodies.length];
            next.body = JSON.stringify({ ...body, title: `${String(body.title)} ${process.pid}-${n}` });
            next.headers = { ...next.headers, 'content-type': 'application/json' };
          }
          return next;
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    bytesPerSecond: result.throughput.average,
    seconds: result.duration,
  };
}

if (require.main === module) {
  runLoad(JSON.parse(process.argv[2]) as LoadSpec).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error: unknown) => {
      process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
      process.exit(1);
    },
  );
}
