import { Controller, Get, Query } from '@nestjs/common';
import { Arg } from '../common/params/arg-spec';
import { ok } from '../common/parsing/parse-result';
import { HiddenFromIndex } from '../discovery/route-catalog';
import { requestsInFlight } from '../common/http/in-flight';
import { BENCH_QUERY_LOG, RecordedStatement } from './query-log';
import { Public } from '../auth/capability.decorator';

const DEFAULT_BASELINE_BYTES = 20_000;
const MAX_BASELINE_BYTES = 1_000_000;

/** Untyped on purpose: a wrong `bytes` gives the default size rather than a 400 (the bench sends only digits). */
class BaselineQuery {
  @Arg({ name: 'bytes', description: 'The size of the body in bytes', parse: (raw) => ok(typeof raw === 'string' ? raw : undefined) })
  bytes?: string;
}

class StatsQuery {
  @Arg({ name: 'reset', description: '1 to reset the query count', parse: (raw) => ok(raw === '1') })
  reset?: boolean;
}

/**
 * `npm run bench` measures every scenario against `/_bench/baseline`: the same app (middleware,
 * guards, pipe, interceptor, filter, JSON serialisation) answering a constant body of the size of
 * a list page without touching the database, so results are also ratios that hold across
 * machines. `/_bench/stats` gives the queries sent so far (and resets with `reset=1`) and the requests in flight,
 * `/_bench/queries` the distinct statements, for EXPLAIN.
 */
@HiddenFromIndex()
@Controller('_bench')
@Public()
export class BenchController {
  private readonly bodies = new Map<number, BaselineBody>();

  @Get('baseline')
  baseline(@Query() { bytes }: BaselineQuery): BaselineBody {
    const size = Math.min(/^\d+$/.test(bytes ?? '') ? Number(bytes) : DEFAULT_BASELINE_BYTES, MAX_BASELINE_BYTES);
    let body = this.bodies.get(size);
    if (!body) {
      body = baselineBody(size);
      this.bodies.set(size, body);
    }
    return body;
  }

  @Get('stats')
  stats(@Query() { reset }: StatsQuery): { queries: number; in_flight: number; rss: number; heap_used: number } {
    const memory = process.memoryUsage();
    // This request is in flight too.
    const stats = { queries: BENCH_QUERY_LOG.count, in_flight: requestsInFlight() - 1, rss: memory.rss, heap_used: memory.heapUsed };
    if (reset) BENCH_QUERY_LOG.reset();
    return stats;
  }

  @Get('queries')
  queries(): RecordedStatement[] {
    return BENCH_QUERY_LOG.list();
  }
}

interface BaselineBody {
  events: { id: number; title: string; description: string; url: string; start_date: string; categories: { id: number; name: string }[] }[];
  total: number;
  total_pages: number;
}

/** Ten objects shaped like small events, padded so the JSON is about `bytes` long. */
function baselineBody(bytes: number): BaselineBody {
  const item = (id: number, description: string) => ({
    id,
    title: `Baseline event ${id}`,
    description,
    url: `http://localhost/event/baseline-event-${id}/`,
    start_date: '2030-01-01 19:00:00',
    categories: [{ id: 1, name: 'Baseline' }],
  });
  const empty = JSON.stringify({ events: Array.from({ length: 10 }, (_, i) => item(i + 1, '')), total: 10, total_pages: 1 }).length;
  const padding = Math.max(0, Math.floor((bytes - empty) / 10));
  return { events: Array.from({ length: 10 }, (_, i) => item(i + 1, 'x'.repeat(padding))), total: 10, total_pages: 1 };
}
