import { startsWith } from '../src/database/prefix-match';
import { EventEntity } from '../src/events/event.entity';
import { TEST_DATABASES } from './support/databases';
import { EventsClient } from './support/events';
import { TestApp } from './support/test-app';

jest.setTimeout(120_000);

/** The lowest free slug for `base` among `taken`, as CONTRACT §5 says: `base`, else `-2`, `-3`... */
function lowestFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

// uniqueSlug asks the database for the gaps between the numbers taken (issue #14): these pin that
// it finds the lowest free number whatever the taken set looks like, and ignores look-alikes.
describe.each(TEST_DATABASES)('unique slugs on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
  });
  afterAll(() => t.close());

  const slugsOf = async (prefix: string) =>
    new Set((await t.sql<{ slug: string }[]>('SELECT slug FROM events WHERE slug LIKE ?', [`${prefix}%`])).map((row) => row.slug));

  it('fills the lowest gap and ignores slugs that only look numbered', async () => {
    const events = [];
    for (let i = 0; i < 6; i++) events.push(await c.create({ title: 'Gap fest' }));
    expect(events.map((event) => event.slug)).toEqual(['gap-fest', 'gap-fest-2', 'gap-fest-3', 'gap-fest-4', 'gap-fest-5', 'gap-fest-6']);
    // Free -3, and make -5 and -6 look-alikes that are not `gap-fest-<n>`.
    const renames: [number, string][] = [
      [events[2].id, 'elsewhere'],
      [events[4].id, 'gap-fest-03'],
      [events[5].id, 'gap-fest-5b'],
    ];
    for (const [id, slug] of renames) await t.sql('UPDATE events SET slug = ? WHERE id = ?', [slug, id]);
    expect((await c.create({ title: 'Gap fest' })).slug).toBe('gap-fest-3');
    expect((await c.create({ title: 'Gap fest' })).slug).toBe('gap-fest-5');
    expect((await c.create({ title: 'Gap fest' })).slug).toBe('gap-fest-6');
  });

  it('takes the base itself when only numbered slugs exist, and treats _ as a letter', async () => {
    const first = await c.create({ title: 'Solo show' });
    await c.create({ title: 'Solo show' });
    await t.sql("UPDATE events SET slug = 'gone' WHERE id = ?", [first.id]);
    expect((await c.create({ title: 'Solo show' })).slug).toBe('solo-show');
    expect((await c.create({ title: 'Other', slug: 'under_score' })).slug).toBe('under_score');
    const decoy = await c.create({ title: 'Decoy' });
    await t.sql("UPDATE events SET slug = 'underxscore-2' WHERE id = ?", [decoy.id]);
    expect((await c.create({ title: 'Other', slug: 'under_score' })).slug).toBe('under_score-2');
  });

  it('keeps an event its own slug on update, and gives another one the lowest free', async () => {
    const own = await c.create({ title: 'Keep me' });
    const other = await c.create({ title: 'Keep me' });
    const same = await c.t.request
      .post(t.api(`/events/${own.id}`))
      .set('Authorization', c.auth('administrator'))
      .send({ slug: 'keep-me' });
    expect(same.status).toBe(200);
    expect(same.body.slug).toBe('keep-me');
    const moved = await c.t.request
      .post(t.api(`/events/${other.id}`))
      .set('Authorization', c.auth('administrator'))
      .send({ slug: 'keep-me' });
    expect(moved.status).toBe(200);
    expect(moved.body.slug).toBe('keep-me-2');
  });

  it('numbers titles too long for a suffix by shortening them, as before', async () => {
    const title = `Long ${'x'.repeat(230)}`;
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await c.create({ title })).slug);
    expect(slugs.map((slug) => slug.length)).toEqual([200, 200, 200]);
    expect(slugs[1].endsWith('-2')).toBe(true);
    expect(slugs[2].endsWith('-3')).toBe(true);
  });

  it('matches a brute-force lowest free slug over random taken sets', async () => {
    const pool = Array.from({ length: 14 }, (_, i) => i);
    let random = 20261125;
    const next = () => (random = (random * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const rows = [];
    for (let i = 0; i < pool.length; i++) rows.push(await c.create({ title: `Parked ${i}` }));
    for (let round = 0; round < 8; round++) {
      const base = `probe-${round}`;
      // Each parked event takes one random slug: base, base-n (n in 2..12), or a look-alike.
      const candidates = [base, ...Array.from({ length: 11 }, (_, i) => `${base}-${i + 2}`), `${base}-0`, `${base}-1`, `${base}-x`];
      const picked = [...new Set(pool.map(() => candidates[Math.floor(next() * candidates.length)]))];
      for (const [index, row] of rows.entries()) {
        await t.sql('UPDATE events SET slug = ? WHERE id = ?', [picked[index] ?? `parked-${round}-${index}`, row.id]);
      }
      const expected = lowestFree(base, await slugsOf(base));
      expect({ round, slug: (await c.create({ title: `Probe ${round}` })).slug }).toEqual({ round, slug: expected });
    }
  });

  it('gives venues the lowest free slug the same way', async () => {
    // Different names (a venue's name is its identity on create) with the same slug.
    const names = ['Twin Hall', 'Twin Hall!', 'Twin Hall?', 'Twin Hall.'];
    const make = async () => {
      const res = await t.request.post(t.api('/venues')).set('Authorization', c.auth('administrator')).send({ venue: names.shift() });
      expect(res.status).toBe(201);
      return res.body as { id: number; slug: string };
    };
    const [a, b, d] = [await make(), await make(), await make()];
    expect([a.slug, b.slug, d.slug]).toEqual(['twin-hall', 'twin-hall-2', 'twin-hall-3']);
    await t.sql("UPDATE venues SET slug = 'moved' WHERE id = ?", [b.id]);
    expect((await make()).slug).toBe('twin-hall-2');
  });

  // takenSlugs and occurrenceSlugs read `<base>-...` with startsWith: on SQLite a LIKE could not
  // use the slug index (it is case-insensitive), so every create whose base had gaps read every slug.
  it('reads slugs by prefix from the slug index, taking wildcards literally', async () => {
    const manager = t.dataSource.manager;
    // Stored as such by SQL: the API would slugify them.
    const stored = ['pre_x', 'prex', 'pre%x', 'pre*x', 'pre?x', 'pre[x', 'pre', 'prf'];
    for (const slug of stored) await t.sql('UPDATE events SET slug = ? WHERE id = ?', [slug, (await c.create({ title: 'Prefix' })).id]);
    const read = async (prefix: string) => {
      const condition = startsWith(manager, 'e.slug', prefix, 'prefix');
      const query = manager.createQueryBuilder(EventEntity, 'e').select('e.slug', 'slug').where(condition.sql, condition.params);
      const [sql, params] = query.getQueryAndParameters();
      const plan = await t.sql<Record<string, unknown>[]>(`EXPLAIN ${database.kind === 'sqlite' ? 'QUERY PLAN ' : ''}${sql}`, params);
      const rows = await query.getRawMany<{ slug: string }>();
      return { slugs: rows.map((row) => row.slug).sort(), plan: JSON.stringify(plan) };
    };
    for (const prefix of ['pre_', 'pre%', 'pre*', 'pre?', 'pre[', 'pre']) {
      const { slugs, plan } = await read(prefix);
      expect({ prefix, slugs }).toEqual({ prefix, slugs: stored.filter((slug) => slug.startsWith(prefix)).sort() });
      // A range of the index (SQLite's SEARCH, MySQL's range), not a scan of it.
      expect(plan).toMatch(database.kind === 'sqlite' ? /SEARCH [^"]*uq_events_slug/ : /"type":"range"[^}]*"key":"uq_events_slug"/);
    }
  });
});
