import { foldDayCounts } from '../src/events/day-count-folding';
import { rebuildEventDayCounts } from '../src/events/event-day-counts';
import { TEST_DATABASES } from './support/databases';
import { dayCountsSnapshot } from './support/day-counts';
import { ANCHOR, ContentIds, DAY, SeededApp, prng, seededApp, wall } from './support/random-writes';
import { TestApp, TestUser } from './support/test-app';

jest.setTimeout(300_000);

// Writes add rows of changes to event_day_counts; folding (issue #14) replaces each key's rows by
// one row of their sum, in the background, while writes go on. The sums must never change.
describe.each(TEST_DATABASES)('folding event_day_counts on $kind', (database) => {
  let t: TestApp;
  let admin: TestUser;
  let ids: ContentIds;
  let send: SeededApp['send'];
  const random = prng(21);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

  beforeAll(async () => {
    ({ t, admin, ids, send } = await seededApp(database, {
      events: 300,
      venues: 5,
      organizers: 4,
      categories: 5,
      tags: 5,
      media: 1,
      seed: 5,
    }));
  });
  afterAll(() => t.close());
  const randomEvent = (title: string) => {
    const start = ANCHOR + int(-100, 200) * DAY + int(0, 23) * 3_600_000;
    const length = pick([int(1, 6) * 3_600_000, int(1, 5) * DAY, int(20, 90) * DAY]);
    return {
      title,
      start_date: wall(start),
      end_date: wall(start + length),
      timezone: 'UTC',
      status: pick(['publish', 'publish', 'draft', 'private']),
      featured: random() < 0.3,
      categories: [pick(ids.categories)],
      tags: [pick(ids.tags)],
      venue: pick(ids.venues),
      organizer: [pick(ids.organizers)],
    };
  };
  /** Random creates, updates and deletes through the API. */
  const writes = async (count: number, label: string) => {
    const events = (await t.dataSource.query<{ id: number }[]>('SELECT id FROM events ORDER BY id')).map((row) => Number(row.id));
    for (let i = 0; i < count; i++) {
      const choice = random();
      const res =
        choice < 0.5
          ? await send('post', '/events', randomEvent(`${label} ${i}`))
          : choice < 0.85
            ? await send('patch', `/events/${pick(events)}`, randomEvent(`${label} ${i} again`))
            : await send('delete', `/events/${pick(events)}?force=true`);
      expect([200, 201, 404]).toContain(res.status);
    }
  };
  const keysWithSeveralRows = async () =>
    Number(
      (
        await t.dataSource.query<{ n: number | string }[]>(
          'SELECT COUNT(*) AS n FROM (SELECT kind FROM event_day_counts ' +
            'GROUP BY kind, post_id, status, level, start_bucket, end_bucket HAVING COUNT(*) > 1 OR SUM(n) = 0) several',
        )
      )[0].n,
    );
  const foldAll = async (batch: number) => {
    let steps = 0;
    while ((await foldDayCounts(t.dataSource, batch)) === batch) steps++;
    return steps;
  };
  const totalOf = async (query: string) => {
    const res = await t.request.get(t.api(`/events?${query}`)).set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    return Number(res.headers['x-tec-total']);
  };
  /** Totals with summarised filters, each answered from event_day_counts. */
  const totals = () =>
    Promise.all(
      [
        'start_date=2029-06-01&end_date=2030-09-01',
        `start_date=2029-12-01&end_date=2030-03-01&venue=${ids.venues[0]}`,
        'starts_after=2030-01-10&featured=true',
        'ends_before=2030-02-01&start_date=2029-01-01',
      ].map(totalOf),
    );

  it('starts with the seed folded: its rows are one per key and the progress is at the last one', async () => {
    expect(await keysWithSeveralRows()).toBe(0);
    const [{ last }] = await t.dataSource.query<{ last: number | string }[]>('SELECT MAX(id) AS last FROM event_day_counts');
    const [{ folded_to }] = await t.dataSource.query<{ folded_to: number | string }[]>('SELECT folded_to FROM event_day_counts_folded');
    expect(Number(folded_to)).toBe(Number(last));
  });

  it('folds the rows of changes into one per key, the sums and the totals unchanged', async () => {
    await writes(60, 'Before folding');
    expect(await keysWithSeveralRows()).toBeGreaterThan(0);
    const snapshot = await dayCountsSnapshot(t.dataSource);
    const before = await totals();
    const [{ total: rows }] = await t.dataSource.query<{ total: number | string }[]>('SELECT COUNT(*) AS total FROM event_day_counts');

    // Small steps, so that a key's rows span several of them.
    expect(await foldAll(17)).toBeGreaterThan(3);
    expect(await keysWithSeveralRows()).toBe(0);
    const [{ after }] = await t.dataSource.query<{ after: number | string }[]>('SELECT COUNT(*) AS after FROM event_day_counts');
    expect(Number(after)).toBeLessThan(Number(rows));
    expect(await dayCountsSnapshot(t.dataSource)).toEqual(snapshot);
    expect(await totals()).toEqual(before);
  });

  it('keeps the sums exact when writes and folding run at once', async () => {
    const folding = (async () => {
      for (let i = 0; i < 12; i++) await foldDayCounts(t.dataSource, 11);
    })();
    await Promise.all([writes(40, 'During folding'), folding]);
    await foldAll(50);
    expect(await keysWithSeveralRows()).toBe(0);
    const maintained = await dayCountsSnapshot(t.dataSource);
    const before = await totals();
    await rebuildEventDayCounts(t.dataSource);
    expect(await dayCountsSnapshot(t.dataSource)).toEqual(maintained);
    expect(await totals()).toEqual(before);
  });

  it('goes back to the last row when the table was emptied and its ids started again', async () => {
    await t.dataSource.query('UPDATE event_day_counts_folded SET folded_to = 999999999');
    expect(await foldDayCounts(t.dataSource)).toBe(0);
    const [{ last }] = await t.dataSource.query<{ last: number | string }[]>('SELECT MAX(id) AS last FROM event_day_counts');
    const [{ folded_to }] = await t.dataSource.query<{ folded_to: number | string }[]>('SELECT folded_to FROM event_day_counts_folded');
    expect(Number(folded_to)).toBe(Number(last));
    await writes(5, 'After the reset');
    expect(await foldDayCounts(t.dataSource)).toBeGreaterThan(0);
  });
});

describe.each(TEST_DATABASES)('the background folding on $kind', (database) => {
  it('folds what writes add every DAY_COUNT_FOLD_SECONDS', async () => {
    const t = await TestApp.start(database, { SITE_TIMEZONE: 'UTC', DAY_COUNT_FOLD_SECONDS: '1' });
    try {
      const admin = await t.createUser('administrator');
      for (let i = 0; i < 6; i++) {
        const res = await t.request
          .post(t.api('/events'))
          .set('Authorization', admin.auth)
          .send({ title: `Folded ${i}`, start_date: '2030-01-02 10:00:00', end_date: '2030-01-02 12:00:00', timezone: 'UTC' });
        expect(res.status).toBe(201);
      }
      const rowsOfDay = async () =>
        Number(
          (
            await t.dataSource.query<{ n: number | string }[]>(
              'SELECT COUNT(*) AS n FROM event_day_counts WHERE kind = 0 AND level = 0 AND start_bucket = ?',
              [Math.floor(Date.UTC(2030, 0, 2) / DAY)],
            )
          )[0].n,
        );
      // Six creates on one day: six rows of +1, until the folder sums them into one row of 6.
      let rows = await rowsOfDay();
      for (let waited = 0; rows > 1 && waited < 20_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        rows = await rowsOfDay();
      }
      expect(rows).toBe(1);
      const [{ n }] = await t.dataSource.query<{ n: number | string }[]>(
        'SELECT n FROM event_day_counts WHERE kind = 0 AND level = 0 AND start_bucket = ?',
        [Math.floor(Date.UTC(2030, 0, 2) / DAY)],
      );
      expect(Number(n)).toBe(6);
    } finally {
      await t.close();
    }
  });
});
