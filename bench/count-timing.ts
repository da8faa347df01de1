/**
 * `node -r ts-node/register/transpile-only bench/count-timing.ts <DATABASE_URL>`: how long the
 * events list's exact total takes on a seeded database, walking the index (COUNT(*)) and from
 * event_day_counts (issue #14), for the default window, a 90-day window + category and a busy
 * venue; the median of RUNS (default 15) runs each, sequential, so a busy machine blurs it less than a load test.
 */
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { countFromSummaries } from '../src/events/event-list-total';
import { EventEntity } from '../src/events/event.entity';
import { resolveDateWindow } from '../src/listing/date-window';

const RUNS = Number(process.env.RUNS ?? 15);

async function main(): Promise<void> {
  const url = process.argv[2];
  const dataSource = await new DataSource(buildDataSourceOptions({ type: 'mysql', url, readUrls: [], poolSize: 2 } as never)).initialize();
  const now = DateTime.now();
  const [venue] = await dataSource.query<{ id: number }[]>(
    'SELECT venue_id AS id FROM event_venues GROUP BY venue_id ORDER BY COUNT(*) DESC LIMIT 1',
  );
  const [category] = await dataSource.query<{ id: number }[]>(
    "SELECT id FROM terms WHERE taxonomy = 'tribe_events_cat' AND parent <> 0 ORDER BY count DESC LIMIT 1",
  );
  const cases = [
    { name: 'default list', window: {}, link: undefined },
    {
      name: '90-day window + category',
      window: { end_date: now.plus({ days: 90 }) },
      link: { kind: 'term' as const, id: Number(category.id), table: 'event_terms', column: 'term_id' },
    },
    { name: 'busy venue', window: {}, link: { kind: 'venue' as const, id: Number(venue.id), table: 'event_venues', column: 'venue_id' } },
  ];
  for (const c of cases) {
    const window = resolveDateWindow({ given: c.window, strict: false, now, siteZone: 'UTC' });
    const builder = dataSource.getRepository(EventEntity).createQueryBuilder('e');
    builder.where('e.hideFromListings = :hidden', { hidden: false }).andWhere("e.status IN ('publish')");
    builder.andWhere('e.startUtc >= :s', { s: window.start_date!.instant }).andWhere('e.endUtc <= :en', { en: window.end_date!.instant });
    if (c.link)
      builder.andWhere(`e.id IN (SELECT l.event_id FROM ${c.link.table} l WHERE l.${c.link.column} = :link)`, { link: c.link.id });
    const time = async (run: () => Promise<number>) => {
      const ms: number[] = [];
      let value = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = process.hrtime.bigint();
        value = await run();
        ms.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      ms.sort((a, b) => a - b);
      return { value, medianMs: Math.round(ms[Math.floor(RUNS / 2)] * 10) / 10 };
    };
    const walk = await time(async () => Number((await builder.clone().select('COUNT(*)', 'n').getRawOne<{ n: string }>())?.n));
    const summed = await time(() =>
      countFromSummaries(builder, window, { kind: c.link?.kind ?? 'all', postId: c.link?.id ?? 0, statuses: ['publish'] }),
    );
    process.stdout.write(
      `${c.name}: COUNT(*) ${walk.value} in ${walk.medianMs} ms; event_day_counts ${summed.value} in ${summed.medianMs} ms\n`,
    );
  }
  await dataSource.destroy();
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
