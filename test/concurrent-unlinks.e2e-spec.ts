import { setTimeout as sleep } from 'node:timers/promises';
import { TestDatabase } from './support/databases';
import { dayCountsAndRebuild } from './support/day-counts';
import { ThrowAwayMariaDb } from './support/mariadb-server';
import { TestApp, TestUser } from './support/test-app';
import { RecurrenceService } from '../src/events/recurrence/recurrence.service';

jest.setTimeout(60_000);

// Event writes plan from their transaction's snapshot (MySQL/MariaDB, REPEATABLE READ). A tag
// deleted, or a venue trashed, after that snapshot was taken and before the event's links were
// written made the write fail on the link's foreign key (500), or left the trashed venue's link
// and day counts behind (a concurrency fuzz found both). Here the event write is held between
// the two by a lock the test takes on new post ids, so the race happens every time.
// Event writes now share-lock the posts they link and unlink and run again when those changed
// since their snapshot; a write's foreign-key failure is retried like a deadlock. SQLite runs one
// transaction at a time, so the race exists on MySQL/MariaDB only: the spec starts its own MariaDB.
describe('event writes racing unlinks (MariaDB only: the spec starts its own server)', () => {
  let db: ThrowAwayMariaDb;
  let t: TestApp;
  let editor: TestUser;

  beforeAll(async () => {
    db = await ThrowAwayMariaDb.start();
    const url = await db.createDatabase('calendar');
    const database: TestDatabase = { kind: 'mysql', create: () => Promise.resolve({ url, drop: () => Promise.resolve() }) };
    t = await TestApp.start(database, { SITE_TIMEZONE: 'UTC', READ_CACHE_SECONDS: '0' });
    editor = await t.createUser('editor');
  });
  afterAll(async () => {
    await t?.close();
    await db?.remove();
  });

  const send = (method: 'post' | 'patch' | 'delete', path: string, body?: object) => {
    const req = t.request[method](t.api(path)).set('Authorization', editor.auth);
    return body ? req.send(body) : req;
  };
  const created = async (path: string, body: object): Promise<number> => {
    const res = await send('post', path, body);
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  /**
   * `write` started while the test holds the allocation of new post ids (the gap after the last
   * post id, locked), `unlink` run to its end meanwhile, then the lock released: the create has
   * validated in its snapshot and waits to insert its event.
   */
  const heldAtNewId = async (
    write: () => PromiseLike<{ status: number; body: unknown }>,
    unlink: () => PromiseLike<{ status: number }>,
  ) => {
    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query('SELECT id FROM post_ids WHERE id > 0 FOR UPDATE');
      const writing = Promise.resolve(write());
      await sleep(300);
      expect((await unlink()).status).toBe(200);
      await runner.rollbackTransaction();
      return await writing;
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  };
  const dates = { start_date: '2027-05-03 18:00:00', end_date: '2027-05-03 19:00:00' };

  it('answers 400, not 500, to a create naming a tag deleted while it ran', async () => {
    const tag = await created('/tags', { name: 'doomed-tag' });
    const res = await heldAtNewId(
      () => send('post', '/events', { title: 'Tagged racer', ...dates, tags: [tag] }),
      () => send('delete', `/tags/${tag}?force=true`),
    );
    expect({ status: res.status, body: res.body }).toMatchObject({
      status: 400,
      body: { code: 'rest_invalid_param', data: { params: { tags: expect.any(String) } } },
    });
  });

  it('links no venue or organizer trashed while a create ran, and keeps no day counts of them', async () => {
    for (const [resource, name, field] of [
      ['/venues', 'venue', 'venue'],
      ['/organizers', 'organizer', 'organizer'],
    ] as const) {
      const id = await created(resource, { [field]: `Doomed ${name}` });
      const res = await heldAtNewId(
        () => send('post', '/events', { title: `Racer at a ${name}`, ...dates, [name]: id }),
        () => send('delete', `${resource}/${id}`),
      );
      expect({ status: res.status, body: res.body }).toMatchObject({
        status: 400,
        body: { data: { params: { [name]: expect.any(String) } } },
      });
      expect(await t.dataSource.query(`SELECT event_id FROM event_${name}s WHERE ${name}_id = ?`, [id])).toEqual([]);
    }
    const { maintained, rebuilt } = await dayCountsAndRebuild(t.dataSource);
    expect(maintained).toEqual(rebuilt);
  });

  it('gives the occurrences the horizon job adds no venue or organizer trashed while it ran', async () => {
    const venue = await created('/venues', { venue: 'Doomed weekly hall' });
    const organizer = await created('/organizers', { organizer: 'Doomed weekly host' });
    const series = await created('/events', {
      title: 'Weekly racer',
      ...dates,
      venue,
      organizer,
      recurrence: ['RRULE:FREQ=WEEKLY'],
    });
    const count = async (table: string, column: string, id: number) =>
      Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`, [id]))[0].n);
    const before = await count('event_occurrences', 'series_id', series);

    // The job adds dates (allocating their ids, held here) from its snapshot, which still links both.
    const later = new Date(Date.now() + 800 * 86_400_000);
    const extended = await heldAtNewId(
      () =>
        t.app
          .get(RecurrenceService)
          .extendAll(later)
          .then(() => ({ status: 0, body: null })),
      () =>
        send('delete', `/venues/${venue}`).then(async (trashed) =>
          trashed.status === 200 ? send('delete', `/organizers/${organizer}`) : trashed,
        ),
    );
    expect(extended.status).toBe(0);
    expect(await count('event_occurrences', 'series_id', series)).toBeGreaterThan(before);
    expect(await count('event_venues', 'venue_id', venue)).toBe(0);
    expect(await count('event_organizers', 'organizer_id', organizer)).toBe(0);
    const { maintained, rebuilt } = await dayCountsAndRebuild(t.dataSource);
    expect(maintained).toEqual(rebuilt);
  });
});
