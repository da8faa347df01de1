/**
 * `node -r ts-node/register/transpile-only bench/category-move-timing.ts <DATABASE_URL> [user:password]` (MySQL/MariaDB):
 * how long moving a category to another parent takes through the API (PATCH /categories/:id), on a
 * seeded database, with the configuration's defaults (its statement limit among them). For three
 * categories (the smallest tree above 5,000 events, a middle one and the largest root) it moves
 * each under another root and back, one request at a time, and prints each request's status and
 * time. Before and after the moves, for every tree they touch, it compares the maintained counts
 * (event_day_counts' `tree` rows: per status, level and bucket pair) with the same counts made from
 * the tree rows (event_category_trees); the tree rows themselves against the links are the e2e
 * tests' business (test/category-trees.e2e-spec.ts). Exits 1 when a move fails (a move back that
 * fails leaves the category moved: the message says where it belongs) or the counts differ. The
 * user (default the bench's administrator) must be allowed to edit categories.
 */
import { AddressInfo } from 'node:net';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/load-config';
import { DataSource } from 'typeorm';
import { COUNT_KIND, COUNT_LEVELS } from '../src/events/event-day-counts';

const NS = '/calendar/events/v1';

async function main(): Promise<void> {
  const [url, credentials = 'bench-admin:bench-admin-password-0001'] = process.argv.slice(2);
  if (!url) throw new Error('usage: category-move-timing.ts <DATABASE_URL> [user:password]');
  const app = await createApp(loadConfig({ ...process.env, DATABASE_URL: url, READ_CACHE_SECONDS: '0', LOG_LEVEL: 'error' }));
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}${NS}`;
  const auth = `Basic ${Buffer.from(credentials).toString('base64')}`;
  const dataSource = app.get(DataSource);
  try {
    const trees = await dataSource.query<{ id: number | string; parent: number | string; n: number | string }[]>(
      "SELECT t.id, t.parent, COUNT(r.event_id) AS n FROM terms t LEFT JOIN event_category_trees r ON r.category_id = t.id WHERE t.taxonomy = 'tribe_events_cat' GROUP BY t.id, t.parent ORDER BY n",
    );
    const categories = trees.map((row) => ({ id: Number(row.id), parent: Number(row.parent), events: Number(row.n) }));
    const above = categories.filter((category) => category.events > 5000 && category.parent !== 0);
    const roots = categories.filter((category) => category.parent === 0);
    if (!above.length || roots.length < 2) throw new Error('the database needs a seeded category tree (npm run cli -- seed)');
    const largestRoot = roots[roots.length - 1];
    const chosen = [...new Set([above[0], above[Math.floor(above.length / 2)], largestRoot])];
    const touched = new Set<number>();
    for (const category of chosen) {
      for (const id of [category.id, category.parent, ...ancestors(categories, category.id)]) touched.add(id);
      for (const root of roots) touched.add(root.id);
    }
    touched.delete(0);
    const wrongBefore = await differingCounts(dataSource, touched);
    if (wrongBefore.length) console.log(`tree counts differing BEFORE the moves: ${wrongBefore.join('; ')}`);
    let failed = false;
    const move = async (id: number, parent: number) => {
      const started = process.hrtime.bigint();
      const response = await fetch(`${base}/categories/${id}`, {
        method: 'PATCH',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ parent }),
      });
      const body = await response.text();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      return { status: response.status, ms, body: response.status === 200 ? '' : ` ${body.slice(0, 200)}` };
    };
    for (const category of chosen) {
      const target = roots.find(
        (root) => root.id !== category.id && root.id !== category.parent && !isBelow(categories, root.id, category.id),
      )!;
      const there = await move(category.id, target.id);
      const back = there.status === 200 ? await move(category.id, category.parent) : { status: 0, ms: 0, body: ' (not moved)' };
      if (there.status !== 200 || back.status !== 200) failed = true;
      if (there.status === 200 && back.status !== 200)
        console.log(`category ${category.id} stays under ${target.id}: it belongs under ${category.parent}`);
      console.log(
        `category ${category.id} (${category.events} events in its tree): under ${target.id} ${there.status} in ${there.ms.toFixed(0)} ms${there.body}; ` +
          `back under ${category.parent} ${back.status} in ${back.ms.toFixed(0)} ms${back.body}`,
      );
    }
    const wrong = await differingCounts(dataSource, touched);
    console.log(
      wrong.length ? `tree counts WRONG: ${wrong.join('; ')}` : `tree counts of the ${touched.size} trees touched equal their rows`,
    );
    if (wrong.length || failed) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

/**
 * The categories among `ids` whose maintained `tree` counts differ from those made from their rows
 * in event_category_trees, per status, level and bucket pair (as treeDayCountInserts buckets days).
 */
async function differingCounts(dataSource: DataSource, ids: ReadonlySet<number>): Promise<string[]> {
  const wrong: string[] = [];
  for (const id of ids) {
    const maintained = await dataSource.query<CountRow[]>(
      'SELECT status, level, start_bucket, end_bucket, SUM(n) AS n FROM event_day_counts WHERE kind = ? AND post_id = ? ' +
        'GROUP BY status, level, start_bucket, end_bucket HAVING SUM(n) <> 0 ORDER BY status, level, start_bucket, end_bucket',
      [COUNT_KIND.tree, id],
    );
    const days =
      'SELECT status, TO_DAYS(start_utc) - 719528 AS s, TO_DAYS(end_utc) - 719528 AS e FROM event_category_trees WHERE category_id = ? AND hide_from_listings = 0';
    const fromRows = await dataSource.query<CountRow[]>(
      COUNT_LEVELS.map(
        (size, level) =>
          `SELECT status, ${level} AS level, FLOOR(s / ${size}) AS start_bucket, FLOOR(e / ${size}) AS end_bucket, COUNT(*) AS n FROM (${days}) d GROUP BY status, 3, 4`,
      ).join(' UNION ALL ') + ' ORDER BY status, level, start_bucket, end_bucket',
      COUNT_LEVELS.map(() => id),
    );
    const key = (rows: CountRow[]) =>
      rows.map((row) => [row.status, row.level, row.start_bucket, row.end_bucket, row.n].map(String).join(' ')).join('\n');
    if (key(maintained) !== key(fromRows)) wrong.push(`${id}: ${maintained.length} summary rows, ${fromRows.length} from the tree rows`);
  }
  return wrong;
}

type CountRow = { status: string; level: number | string; start_bucket: number | string; end_bucket: number | string; n: number | string };

/** The ancestors of category `id`, nearest first. */
function ancestors(categories: readonly { id: number; parent: number }[], id: number): number[] {
  const parents = new Map(categories.map((category) => [category.id, category.parent]));
  const found: number[] = [];
  for (let up = parents.get(id) ?? 0; up && !found.includes(up); up = parents.get(up) ?? 0) found.push(up);
  return found;
}

/** Category `id` is `ancestor` or below it. */
function isBelow(categories: readonly { id: number; parent: number }[], id: number, ancestor: number): boolean {
  return id === ancestor || ancestors(categories, id).includes(ancestor);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
