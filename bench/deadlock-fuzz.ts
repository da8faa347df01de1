/**
 * `npm run bench:deadlocks -- [writes=900] [inFlight=32] [seed=1]`: how often concurrent API
 * writes deadlock on MariaDB. Starts a throw-away MariaDB 10.11 (test/support/mariadb-server.ts,
 * every deadlock printed to its error log), seeds a small
 * calendar, then sends `writes` random writes, `inFlight` at a time: event creates, updates,
 * trashes and deletes, forced tag deletes, category deletes and moves, venue and organizer trashes
 * (new tags, venues and organizers are created along the way, so the deletes have something to
 * take). Prints the statuses per kind of write, transaction()'s retries (deadlock victims, stale
 * snapshots, transactions that ran out of attempts: a 503), the pairs of statements of each
 * deadlock from the server's log, and whether the day counts and term counts still equal a
 * rebuild. Not a test: the numbers vary from run to run.
 */
import { readFileSync } from 'node:fs';
import { ThrowAwayMariaDb } from '../test/support/mariadb-server';
import { TestDatabase } from '../test/support/databases';
import { ANCHOR, DAY, prng, seededApp, wall } from '../test/support/random-writes';
import { dayCountsAndRebuild } from '../test/support/day-counts';
import { transactionRetries } from '../src/database/transaction';

/**
 * The deadlocks of the error log (innodb_print_all_deadlocks), each as its transactions' statements
 * (a name for the app's known ones) and the lock each waited for, most frequent first.
 */
function deadlocksOf(log: string): string[] {
  const names: [string, string][] = [
    ['UPDATE terms SET count', 'term counts UPDATE'],
    ['WITH RECURSIVE up (id, parent)', 'loadCategoryTrees'],
    ['SELECT id, parent FROM terms', 'loadCategoryTrees (locking)'],
    ["(SELECT 'terms' AS kind", 'assertLinksCurrent'],
    ["(SELECT 'venues' AS kind", 'assertLinksCurrent'],
    ["(SELECT 'organizers' AS kind", 'assertLinksCurrent'],
    ['DELETE FROM event_terms WHERE term_id', 'term delete: unlink'],
    ['DELETE FROM event_venues WHERE venue_id', 'venue trash: unlink'],
    ['DELETE FROM event_organizers WHERE organizer_id', 'organizer trash: unlink'],
    ['SELECT event_id AS id FROM event_category_trees', 'treeMembers'],
    ["(SELECT 't' AS k", 'linksOf (locked)'],
    ['SELECT id, status, hide_from_listings', 'loadCountedEvents'],
  ];
  const nameOf = (sql: string) => {
    const flat = sql.replace(/\s+/g, ' ').trim();
    return names.find(([start]) => flat.startsWith(start))?.[1] ?? flat.slice(0, 90);
  };
  const clean = log.replace(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \d+ \[Note\] InnoDB: /gm, '');
  const found: string[] = [];
  for (const block of clean.split('Transactions deadlock detected').slice(1)) {
    const parts = block.split(/\*\*\* \(\d\) TRANSACTION:/).slice(1);
    found.push(
      parts
        .map((part) => {
          const sql = /MariaDB thread id[^\n]*\n([\s\S]*?)\n\*\*\*/.exec(part)?.[1] ?? '?';
          const lock =
            /WAITING FOR THIS LOCK TO BE GRANTED:\s*\nRECORD LOCKS.*?index (\S+) of table `\w+`\.`(\w+)` trx id \d+ (lock[_ ]mode [^\n]*?)( waiting)?\n/.exec(
              part,
            );
          return `  ${nameOf(sql)} [waits ${lock ? `${lock[2]}.${lock[1]} ${lock[3]}` : '?'}]`;
        })
        .join('\n'),
    );
  }
  return found;
}

async function main(): Promise<void> {
  const [writes = 900, inFlight = 32, seed = 1] = process.argv.slice(2).map(Number);
  const server = await ThrowAwayMariaDb.start(['--innodb-print-all-deadlocks=ON']);
  const url = await server.createDatabase('calendar');
  const database: TestDatabase = { kind: 'mysql', create: () => Promise.resolve({ url, drop: () => Promise.resolve() }) };
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const { t, send } = await seededApp(database, { events: 400, venues: 10, organizers: 8, categories: 16, tags: 16, media: 2, seed });
  try {
    const column = async (sql: string) => (await t.dataSource.query<{ id: number }[]>(sql)).map((row) => Number(row.id));
    const live = {
      events: await column("SELECT id FROM events WHERE status <> 'trash'"),
      tags: await column("SELECT id FROM terms WHERE taxonomy = 'post_tag'"),
      categories: await column("SELECT id FROM terms WHERE taxonomy = 'tribe_events_cat'"),
      venues: await column("SELECT id FROM venues WHERE status <> 'trash'"),
      organizers: await column("SELECT id FROM organizers WHERE status <> 'trash'"),
    };
    const some = <T>(items: readonly T[], max: number) =>
      [...new Set(Array.from({ length: int(0, max) }, () => pick(items)))].filter(Boolean);
    const dates = () => {
      const start = ANCHOR + int(-60, 120) * DAY + int(0, 23) * 3_600_000;
      return { start_date: wall(start), end_date: wall(start + int(1, 4 * 24) * 3_600_000) };
    };
    const fields = () => ({
      ...dates(),
      status: pick(['publish', 'publish', 'draft']),
      categories: some(live.categories, 3),
      tags: some(live.tags, 3),
      ...(random() < 0.5 && live.venues.length ? { venue: pick(live.venues) } : {}),
      ...(random() < 0.5 && live.organizers.length ? { organizer: pick(live.organizers) } : {}),
    });
    const remove = (list: number[], id: number) => list.splice(list.indexOf(id), 1);
    /** Trashes one of them; the last three stay pickable for links. */
    const trash = (route: 'venues' | 'organizers') => {
      const id = pick(live[route]);
      if (live[route].length > 3) remove(live[route], id);
      return send('delete', `/${route}/${id}`);
    };
    type Kind = string;
    const ops: [number, Kind, () => Promise<{ status: number; body: unknown }>][] = [
      [30, 'event create', () => send('post', '/events', { title: `Fuzz ${int(0, 1e6)}`, ...fields() })],
      [30, 'event update', () => send('patch', `/events/${pick(live.events)}`, fields())],
      [
        6,
        'event terms only',
        () => send('patch', `/events/${pick(live.events)}`, { categories: some(live.categories, 3), tags: some(live.tags, 3) }),
      ],
      [4, 'event trash', () => send('delete', `/events/${pick(live.events)}`)],
      [4, 'event delete', () => send('delete', `/events/${pick(live.events)}?force=true`)],
      [
        5,
        'tag delete',
        () => {
          const id = pick(live.tags);
          if (live.tags.length > 4) remove(live.tags, id);
          return send('delete', `/tags/${id}?force=true`);
        },
      ],
      [3, 'tag create', () => send('post', '/tags', { name: `fuzz tag ${int(0, 1e9)}` })],
      [
        2,
        'category delete',
        () => {
          const id = pick(live.categories);
          if (live.categories.length > 6) remove(live.categories, id);
          return send('delete', `/categories/${id}?force=true`);
        },
      ],
      [
        3,
        'category create',
        () => send('post', '/categories', { name: `fuzz cat ${int(0, 1e9)}`, parent: random() < 0.3 ? 0 : pick(live.categories) }),
      ],
      [
        6,
        'category move',
        () => send('patch', `/categories/${pick(live.categories)}`, { parent: random() < 0.2 ? 0 : pick(live.categories) }),
      ],
      [2, 'venue trash', () => trash('venues')],
      [2, 'venue create', () => send('post', '/venues', { venue: `Fuzz hall ${int(0, 1e9)}` })],
      [2, 'organizer trash', () => trash('organizers')],
      [2, 'organizer create', () => send('post', '/organizers', { organizer: `Fuzz host ${int(0, 1e9)}` })],
    ];
    const weight = ops.reduce((sum, [w]) => sum + w, 0);
    const choose = () => {
      let r = random() * weight;
      for (const op of ops) if ((r -= op[0]) < 0) return op;
      return ops[0];
    };
    const statuses = new Map<string, Map<number, number>>();
    const failures: string[] = [];
    const before = transactionRetries(t.dataSource);
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < writes) {
          next++;
          const [, kind, run] = choose();
          const res = await run();
          const body = res.body as { id?: number; code?: string };
          if (res.status === 201 && typeof body.id === 'number') {
            if (kind === 'event create') live.events.push(body.id);
            else if (kind === 'tag create') live.tags.push(body.id);
            else if (kind === 'category create') live.categories.push(body.id);
            else if (kind === 'venue create') live.venues.push(body.id);
            else if (kind === 'organizer create') live.organizers.push(body.id);
          }
          const byStatus = statuses.get(kind) ?? new Map<number, number>();
          statuses.set(kind, byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1));
          if (res.status >= 500) failures.push(`${kind}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const after = transactionRetries(t.dataSource);
    console.log(`${writes} writes, ${inFlight} in flight, seed ${seed}: ${seconds.toFixed(1)} s`);
    for (const [kind, byStatus] of [...statuses].sort()) {
      console.log(
        `  ${kind.padEnd(18)} ${[...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}x${n}`)
          .join(' ')}`,
      );
    }
    console.log(
      `retries: deadlocks ${after.deadlocks - before.deadlocks}, stale reads ${after.staleReads - before.staleReads}, ` +
        `exhausted ${after.exhausted - before.exhausted}; 5xx ${failures.length}`,
    );
    for (const failure of failures) console.log(`  ${failure}`);
    const { maintained, rebuilt } = await dayCountsAndRebuild(t.dataSource);
    const countsWrong = await t.dataSource.query<{ n: number }[]>(
      "SELECT COUNT(*) AS n FROM terms t WHERE t.count <> (SELECT COUNT(*) FROM event_terms l INNER JOIN events e ON e.id = l.event_id WHERE l.term_id = t.id AND e.status = 'publish')",
    );
    console.log(
      `day counts equal a rebuild: ${JSON.stringify(maintained) === JSON.stringify(rebuilt)}; terms with a wrong count: ${countsWrong[0].n}`,
    );
    // The rows (kind post_id status level start_bucket end_bucket n) only one side has.
    const rebuiltSet = new Set(rebuilt);
    const maintainedSet = new Set(maintained);
    for (const row of maintained.filter((r) => !rebuiltSet.has(r))) console.log(`  maintained only: ${row}`);
    for (const row of rebuilt.filter((r) => !maintainedSet.has(r))) console.log(`  rebuilt only: ${row}`);
    const deadlocks = deadlocksOf(readFileSync(server.errorLog, 'utf8'));
    const pairs = new Map<string, number>();
    for (const deadlock of deadlocks) pairs.set(deadlock, (pairs.get(deadlock) ?? 0) + 1);
    console.log(`deadlocks in the server's log: ${deadlocks.length}, ${pairs.size} distinct`);
    for (const [pair, n] of [...pairs].sort(([, a], [, b]) => b - a)) console.log(`${n}x\n${pair}`);
  } finally {
    await t.close();
    await server.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
