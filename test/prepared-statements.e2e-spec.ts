import { ThrowAwayMariaDb } from './support/mariadb-server';
import { TestDatabase } from './support/databases';
import { TestApp } from './support/test-app';
import { EventsClient } from './support/events';
import { MAX_PREPARED_PER_CONNECTION } from '../src/database/prepared-statements';

jest.setTimeout(120_000);

/** `YYYY-MM-DD` of the `day`th day from 2030-01-01 (day 1). */
function dayOf(day: number): string {
  return new Date(Date.UTC(2030, 0, day)).toISOString().slice(0, 10);
}

/**
 * Prepared statements (src/database/prepared-statements.ts) on a MariaDB server of the spec's
 * own, so that the server's statement counters count this app's statements alone, and its
 * `max_prepared_stmt_count` can be lowered without touching the shared server. One connection
 * in the pool: each statement is prepared once, on it.
 */
describe('prepared statements (MariaDB only: the spec starts its own server)', () => {
  let db: ThrowAwayMariaDb;
  let t: TestApp;
  let events: EventsClient;
  let ids: number[];

  /** The server's counters of statements run as text (COM_QUERY) and prepared (COM_STMT_*). */
  async function counters(): Promise<{ select: number; execute: number; prepare: number; held: number }> {
    const rows = await db.sql<{ Variable_name: string; Value: string }>(
      "SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_select', 'Com_stmt_execute', 'Com_stmt_prepare', 'Prepared_stmt_count')",
    );
    const value = (name: string) => Number(rows.find((row) => row.Variable_name === name)?.Value);
    return {
      select: value('Com_select'),
      execute: value('Com_stmt_execute'),
      prepare: value('Com_stmt_prepare'),
      held: value('Prepared_stmt_count'),
    };
  }

  /** What `work` changed in the counters. */
  async function delta(work: () => Promise<unknown>): Promise<{ select: number; execute: number; prepare: number }> {
    const before = await counters();
    await work();
    const after = await counters();
    return { select: after.select - before.select, execute: after.execute - before.execute, prepare: after.prepare - before.prepare };
  }

  beforeAll(async () => {
    db = await ThrowAwayMariaDb.start();
    const database: TestDatabase = {
      kind: 'mysql',
      // The server and its data go with it in afterAll.
      create: async () => ({ url: await db.createDatabase('calendar'), drop: () => Promise.resolve() }),
    };
    // Nothing remembered: every request reads the database.
    t = await TestApp.start(database, { DATABASE_POOL_SIZE: '1', READ_CACHE_SECONDS: '0' });
    events = await EventsClient.start(t);
    const venue = await events.createLinked('venues', { venue: 'Hall' });
    // 60 concerts, one a day from 2030-01-01: windows from the first day to day k hold k of them.
    ids = [];
    for (let day = 1; day <= 60; day++) {
      const date = dayOf(day);
      const event = await events.create({
        title: `Concert ${day}`,
        start_date: `${date} 20:00:00`,
        end_date: `${date} 22:00:00`,
        venue: venue.id,
      });
      ids.push(event.id);
    }
  });

  afterAll(async () => {
    await t?.close();
    await db?.remove();
  });

  it("runs a signed-in list page's relations and the credential re-read prepared, and the page itself as text", async () => {
    const query = 'start_date=2030-01-01&end_date=2030-12-31&per_page=5';
    await events.list(query, 'editor').expect(200);
    // The same request again: everything it prepares is prepared already.
    const again = await delta(() => events.list(query, 'editor').expect(200));
    // Credential re-read, page ids and rows, relations with the total: three SELECTs, two of them prepared.
    expect(again).toEqual({ select: 3, execute: 2, prepare: 0 });
  });

  it('runs a page whose total walks an index (a search) as text, relations and all', async () => {
    // Anonymous: no credential re-read. A full page of a search: its total is a COUNT over the matches, read with the relations.
    const query = 'search=concert&start_date=2030-01-01&end_date=2030-12-31&per_page=5';
    const first = await delta(() => events.list(query).expect(200));
    const again = await delta(() => events.list(query).expect(200));
    expect({ first, again }).toEqual({ first: { select: 2, execute: 0, prepare: 0 }, again: { select: 2, execute: 0, prepare: 0 } });
  });

  it('runs a single read in one prepared statement after the credential re-read', async () => {
    await events.get(`/events/${ids[0]}`, 'editor').expect(200);
    const again = await delta(() => events.get(`/events/${ids[1]}`, 'editor').expect(200));
    expect(again).toEqual({ select: 2, execute: 2, prepare: 0 });
  });

  it('keeps at most MAX_PREPARED_PER_CONNECTION statements prepared per connection (mysql2 closes those beyond)', async () => {
    // The relations of full pages of 1 to 50 events (with their total) and of pages holding 1 to 50
    // (without): a hundred texts, more than one connection keeps.
    const made = await delta(async () => {
      for (let k = 1; k <= 50; k++) await events.list(`per_page=${k}&start_date=2030-01-01&end_date=2030-12-31`, 'editor').expect(200);
      for (let k = 1; k <= 50; k++) await events.list(`per_page=50&start_date=2030-01-01&end_date=${dayOf(k)}`, 'editor').expect(200);
    });
    expect(made.prepare).toBeGreaterThan(MAX_PREPARED_PER_CONNECTION);
    const { held } = await counters();
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(MAX_PREPARED_PER_CONNECTION);
  });

  it('runs a statement as text when the server refuses to prepare it, with the same answer as prepared', async () => {
    // Anonymous (no credential re-read), and texts not prepared yet: a page of 7, a single read by slug.
    const paths = ['/events?start_date=2030-01-01&end_date=2030-12-31&per_page=7', '/events/by-slug/concert-13'];
    const answer = async () => {
      const bodies: unknown[] = [];
      const counted = await delta(async () => {
        for (const path of paths) bodies.push((await events.get(path).expect(200)).body);
      });
      return { bodies, counted };
    };
    await db.sql('SET GLOBAL max_prepared_stmt_count = 0');
    let refused: Awaited<ReturnType<typeof answer>>;
    try {
      refused = await answer();
    } finally {
      await db.sql('SET GLOBAL max_prepared_stmt_count = DEFAULT');
    }
    // The page, the list's relations and the single read, all as text (the server does not count refused prepares).
    expect(refused.counted).toEqual({ select: 3, execute: 0, prepare: 0 });
    // The same texts once the server has room: the relations and the single read prepared, so they were tried before.
    const prepared = await answer();
    expect(prepared.counted).toEqual({ select: 3, execute: 2, prepare: 2 });
    expect(prepared.bodies).toEqual(refused.bodies);
  });
});
