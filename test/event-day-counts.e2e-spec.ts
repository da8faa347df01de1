import { rebuildEventDayCounts } from '../src/events/event-day-counts';
import { TEST_DATABASES } from './support/databases';
import { ANCHOR, ContentIds, DAY, SeededApp, prng, seededApp, wall } from './support/random-writes';
import { TestApp, TestUser } from './support/test-app';
import { dayCountsSnapshot } from './support/day-counts';
import { countQueries, withStatus } from './support/events';

jest.setTimeout(300_000);

const DATE_PARAMS = [
  ['start_date', 'start_utc >= ?'],
  ['end_date', 'end_utc <= ?'],
  ['starts_before', 'start_utc < ?'],
  ['starts_after', 'start_utc > ?'],
  ['ends_before', 'end_utc < ?'],
  ['ends_after', 'end_utc > ?'],
] as const;

// Totals from event_day_counts (issue #14) must equal COUNT(*): random events written through the
// seed and the API (creates, updates of every counted field, trash, deletes, unlinked venues and
// terms), then random windows and filters, each compared with a count written here independently.
describe.each(TEST_DATABASES)('event_day_counts on $kind', (database) => {
  let t: TestApp;
  let admin: TestUser;
  const random = prng(14);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  let ids: ContentIds;
  let send: SeededApp['send'];

  beforeAll(async () => {
    ({ t, admin, ids, send } = await seededApp(database, {
      events: 400,
      venues: 6,
      organizers: 4,
      categories: 6,
      tags: 6,
      media: 2,
      seed: 3,
    }));
  });
  afterAll(() => t.close());

  /** Random dates: mostly a few hours, some several days, a few months (across 8- and 64-day buckets). */
  const randomDates = () => {
    const start = ANCHOR + int(-200, 400) * DAY + int(0, 23) * 3_600_000 + pick([0, 1_800_000]);
    const length = pick([int(1, 6) * 3_600_000, int(1, 5) * DAY, int(20, 150) * DAY, 0]);
    return { start_date: wall(start), end_date: wall(start + length), timezone: 'UTC' };
  };
  const someOf = (list: readonly number[], max: number) => [...new Set(Array.from({ length: int(0, max) }, () => pick(list)))];
  const randomFields = () => ({
    ...withStatus(pick(['publish', 'publish', 'draft', 'pending', 'private', 'future'])),
    featured: random() < 0.3,
    ticketed: random() < 0.3,
    hide_from_listings: random() < 0.1,
    categories: someOf(ids.categories, 2),
    tags: someOf(ids.tags, 2),
    venue: someOf(ids.venues, 1),
    organizer: someOf(ids.organizers, 2),
  });

  const snapshot = () => dayCountsSnapshot(t.dataSource);

  it('keeps the counts equal to a rebuild through seeded events and random API writes', async () => {
    const created: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await send('post', '/events', { title: `Counted ${i}`, ...randomDates(), ...randomFields() });
      expect(res.status).toBe(201);
      created.push(res.body.id as number);
    }
    const seeded = (await t.dataSource.query<{ id: number }[]>('SELECT id FROM events ORDER BY id')).map((row) => Number(row.id));
    for (let i = 0; i < 40; i++) {
      const id = pick(seeded);
      const fields = randomFields();
      // A partial update: some counted fields, the dates (both, so the end stays after the start) or not.
      const body = { ...Object.fromEntries(Object.entries(fields).filter(() => random() < 0.5)), ...(random() < 0.5 ? randomDates() : {}) };
      const res = await send('patch', `/events/${id}`, body);
      expect({ status: res.status, body }).toEqual({ status: 200, body });
    }
    for (const id of [created[0], created[1], seeded[3], seeded[4]]) expect((await send('delete', `/events/${id}`)).status).toBe(200);
    for (const id of [created[2], seeded[5], created[0]]) expect((await send('delete', `/events/${id}?force=true`)).status).toBe(200);
    expect((await send('delete', `/venues/${ids.venues[0]}`)).status).toBe(200);
    expect((await send('delete', `/organizers/${ids.organizers[0]}`)).status).toBe(200);
    expect((await send('delete', `/tags/${ids.tags[0]}`)).status).toBe(200);

    const maintained = await snapshot();
    expect(maintained.length).toBeGreaterThan(100);
    await rebuildEventDayCounts(t.dataSource);
    expect(await snapshot()).toEqual(maintained);
  });

  /** COUNT(*) of the events a list shows, written without event_day_counts. */
  const expectedTotal = async (params: Record<string, string>, statuses: readonly string[]) => {
    const where = ['e.hide_from_listings = 0', `e.status IN (${statuses.map(() => '?').join(', ')})`];
    const values: unknown[] = [...statuses];
    for (const [name, condition] of DATE_PARAMS) {
      if (params[name] === undefined) continue;
      where.push(`e.${condition}`);
      // As each database stores a UTC datetime (SQLite: text with milliseconds).
      values.push(database.kind === 'sqlite' ? `${params[name]}.000` : params[name]);
    }
    for (const [name, table, column] of [
      ['categories', 'event_terms', 'term_id'],
      ['tags', 'event_terms', 'term_id'],
      ['venue', 'event_venues', 'venue_id'],
      ['organizer', 'event_organizers', 'organizer_id'],
    ] as const) {
      if (params[name] === undefined) continue;
      where.push(`e.id IN (SELECT event_id FROM ${table} WHERE ${column} = ?)`);
      values.push(Number(params[name]));
    }
    if (params.featured) where.push('e.featured = 1');
    if (params.ticketed) where.push('e.ticketed = 1');
    const [row] = await t.dataSource.query<{ n: number | string }[]>(
      `SELECT COUNT(*) AS n FROM events e WHERE ${where.join(' AND ')}`,
      values,
    );
    return Number(row.n);
  };

  it('answers X-TEC-Total equal to COUNT(*) for random windows and filters', async () => {
    // Categories without children, so the filter names exactly one term.
    const leaves = (
      await t.dataSource.query<{ id: number }[]>(
        "SELECT id FROM terms t WHERE taxonomy = 'tribe_events_cat' AND NOT EXISTS (SELECT 1 FROM terms c WHERE c.parent = t.id)",
      )
    ).map((row) => Number(row.id));
    const tags = (await t.dataSource.query<{ id: number }[]>("SELECT id FROM terms WHERE taxonomy = 'post_tag'")).map((row) =>
      Number(row.id),
    );
    let nonZero = 0;
    for (let i = 0; i < 60; i++) {
      const params: Record<string, string> = { strict_dates: 'true', per_page: '1' };
      // One to three bounds, at random instants (some exactly at midnight or at 23:59:59, where a
      // bound takes whole days and reads no events of its day).
      for (let n = int(1, 3); n > 0; n--) {
        const [name] = pick(DATE_PARAMS);
        params[name] = wall(ANCHOR + int(-260, 460) * DAY + pick([0, DAY - 1000, int(0, 86_399) * 1000]));
      }
      // Without starts_* or ends_*, the list fills in the default start_date or end_date: give both.
      if (!Object.keys(params).some((name) => name.startsWith('starts_') || name.startsWith('ends_'))) {
        params.start_date ??= wall(ANCHOR - 260 * DAY);
        params.end_date ??= wall(ANCHOR + 460 * DAY);
      }
      const filter = pick(['none', 'none', 'categories', 'tags', 'venue', 'organizer', 'featured', 'ticketed']);
      if (filter === 'categories') params.categories = String(pick(leaves));
      if (filter === 'tags') params.tags = String(pick(tags));
      if (filter === 'venue') params.venue = String(pick(ids.venues.slice(1)));
      if (filter === 'organizer') params.organizer = String(pick(ids.organizers.slice(1)));
      if (filter === 'featured' || filter === 'ticketed') params[filter] = 'true';
      const signedIn = random() < 0.5;
      const statuses = signedIn ? ['publish', 'draft', 'private', 'trash'] : ['publish'];
      if (signedIn) params.status = statuses.join(',');
      const req = t.request.get(t.api('/events')).query(params);
      const res = await (signedIn ? req.set('Authorization', admin.auth) : req);
      expect(res.status).toBe(200);
      const expected = await expectedTotal(params, statuses);
      if (expected > 1) nonZero++;
      expect({ params, total: Number(res.headers['x-tec-total']) }).toEqual({ params, total: expected });
    }
    // The windows were not all empty: the sums were exercised.
    expect(nonZero).toBeGreaterThan(20);
  });

  it('answers exact totals for bounds at midnight or 23:59:59 of days that have events (whole-day bounds)', async () => {
    // Such a bound counts its whole day from the summaries and reads no events of it: take days
    // where events start or end, so a day counted on the wrong side would change the total.
    const events = await t.dataSource.query<{ start_utc: Date | string; end_utc: Date | string }[]>(
      'SELECT start_utc, end_utc FROM events WHERE hide_from_listings = 0 AND status = ? ORDER BY id LIMIT 12',
      ['publish'],
    );
    const dayOf = (value: Date | string) =>
      Math.floor(new Date(value instanceof Date ? value : `${value.replace(' ', 'T')}Z`).getTime() / DAY) * DAY;
    let checked = 0;
    for (const event of events) {
      for (const [name] of DATE_PARAMS) {
        const day = dayOf(name.startsWith('start') ? event.start_utc : event.end_utc);
        for (const at of [day, day + DAY - 1000]) {
          const params: Record<string, string> = { strict_dates: 'true', per_page: '1', [name]: wall(at) };
          if (!name.startsWith('starts_') && !name.startsWith('ends_')) {
            params.start_date ??= wall(ANCHOR - 400 * DAY);
            params.end_date ??= wall(ANCHOR + 800 * DAY);
          }
          const res = await t.request.get(t.api('/events')).query(params);
          expect(res.status).toBe(200);
          expect({ params, total: Number(res.headers['x-tec-total']) }).toEqual({
            params,
            total: await expectedTotal(params, ['publish']),
          });
          checked++;
        }
      }
    }
    expect(checked).toBe(144);
  });

  it('takes the total of a list with summarised filters from event_day_counts, and of others from the events', async () => {
    const window = { strict_dates: 'true', per_page: '1', start_date: wall(ANCHOR - 260 * DAY), end_date: wall(ANCHOR + 460 * DAY) };
    const total = async (extra: Record<string, string> = {}) =>
      Number((await t.request.get(t.api('/events')).query({ ...window, ...extra })).headers['x-tec-total']);
    const before = { all: await total(), search: await total({ search: 'e' }) };
    // A bucket of 64 days well inside the window, as a write made with SQL would leave it wrong.
    const bucket = Math.floor((ANCHOR + 100 * DAY) / DAY / 64);
    await t.sql(
      "INSERT INTO event_day_counts (kind, post_id, status, level, start_bucket, end_bucket, n) VALUES (0, 0, 'publish', 2, ?, ?, 1000)",
      [bucket, bucket + 1],
    );
    expect({ all: await total(), search: await total({ search: 'e' }) }).toEqual({ all: before.all + 1000, search: before.search });
    await rebuildEventDayCounts(t.dataSource);
    expect(await total()).toBe(before.all);
  });

  it("reads a full page's total with its relations when nothing is remembered: no statement of its own", async () => {
    // Strict, so the bounds are these instants (not widened to whole days) and the count below is exact.
    const window = `strict_dates=true&start_date=${wall(ANCHOR - 30 * DAY)}&end_date=${wall(ANCHOR + 90 * DAY)}`;
    const [{ n }] = await t.sql<{ n: number | string }[]>(
      // The window's meaning (CONTRACT §3): starting on or after start_date, ending on or before end_date.
      "SELECT COUNT(*) AS n FROM events WHERE status = 'publish' AND hide_from_listings = 0 AND start_utc >= ? AND end_utc <= ?",
      [wall(ANCHOR - 30 * DAY), wall(ANCHOR + 90 * DAY)],
    );
    const total = Number(n);
    expect(total).toBeGreaterThan(4);
    const list = async (perPage: number) => {
      let res!: Awaited<ReturnType<typeof send>>;
      const statements = await countQueries(t, async () => (res = await t.request.get(t.api(`/events?per_page=${perPage}&${window}`))));
      expect(res.status).toBe(200);
      expect(res.headers['x-tec-total']).toBe(String(total));
      return statements;
    };
    // A page that is not full tells its total without counting; a full one counts in its relations' statement.
    expect(await list(2)).toBe(await list(total + 1));
  });
});
