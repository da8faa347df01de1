import { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import request from 'supertest';
import { App } from 'supertest/types';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/load-config';
import { loadCountedEvents, recordEventChanges } from '../src/events/event-day-counts';
import { TEST_DATABASES } from './support/databases';
import { dayCountsAndRebuild, dayCountsSnapshot } from './support/day-counts';
import { categoryTreeRows, linkCopyDifferences } from './support/link-copies';
import { runCli } from './support/processes';

jest.setTimeout(120_000);

const SIZES = ['--events', '300', '--venues', '30', '--organizers', '20', '--categories', '40', '--tags', '50', '--media', '20'];
const NS = '/calendar/events/v1';

describe.each(TEST_DATABASES)('seed (npm run cli -- seed) on $kind', (database) => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let app: NestExpressApplication;
  let http: App;

  beforeAll(async () => {
    const created = await database.create();
    drop = created.drop;
    env = { DATABASE_URL: created.url, ADMIN_USERNAME: 'seed-admin', ADMIN_PASSWORD: 'seed-admin-password-1' };
    const result = await runCli(['seed', ...SIZES, '--seed', '3'], env);
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/seeded 300 events, 30 venues, 20 organizers, 40 categories, 50 tags and 20 images/);
    app = await createApp(loadConfig({ DATABASE_URL: created.url, SITE_URL: 'http://calendar.test', LOG_LEVEL: 'error' }));
    await app.init();
    http = app.getHttpServer();
  });

  afterAll(async () => {
    await app?.close();
    await drop();
  });

  it('gives events that read back through the API, wall clocks agreeing with their zones', async () => {
    const response = await request(http).get(`${NS}/events?per_page=50&start_date=2000-01-01&end_date=2100-01-01`).expect(200);
    expect(Number(response.headers['x-tec-total'])).toBeGreaterThan(200);
    expect(response.body.events).toHaveLength(50);
    for (const event of response.body.events) {
      expect(event).toMatchObject({ status: 'publish', title: expect.any(String), slug: expect.stringMatching(/^[a-z0-9-]+$/) });
      const start = DateTime.fromFormat(event.utc_start_date, 'yyyy-MM-dd HH:mm:ss', { zone: 'UTC' }).setZone(event.timezone);
      expect(start.toFormat('yyyy-MM-dd HH:mm:ss')).toBe(event.start_date);
      expect(event.categories.length).toBeGreaterThan(0);
    }
    const [first] = response.body.events;
    const single = await request(http).get(`${NS}/events/${first.id}`).expect(200);
    expect(single.body.json_ld).toMatchObject({ '@type': 'Event', name: first.title });
    await request(http).get(`${NS}/events/by-slug/${first.slug}`).expect(200);
  });

  it('gives venues and organizers that read back through the API', async () => {
    const venues = await request(http).get(`${NS}/venues?per_page=50`).expect(200);
    expect(venues.body.venues.length).toBeGreaterThan(20);
    for (const venue of venues.body.venues)
      expect(venue).toMatchObject({ venue: expect.any(String), city: expect.any(String), country: expect.any(String) });
    const organizers = await request(http).get(`${NS}/organizers?per_page=50`).expect(200);
    expect(organizers.body.organizers.length).toBeGreaterThan(10);
  });

  it('counts the published events of every category and tag', async () => {
    const dataSource = app.get<DataSource>(getDataSourceToken());
    const rows = await dataSource.query<{ id: number | string; count: number | string; actual: number | string }[]>(
      `SELECT t.id AS id, t.count AS count,
         (SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id WHERE et.term_id = t.id AND e.status = 'publish') AS actual
       FROM terms t`,
    );
    expect(rows).toHaveLength(90);
    for (const row of rows) expect(Number(row.count)).toBe(Number(row.actual));
    const categories = await request(http).get(`${NS}/categories?per_page=100&hide_empty=0`).expect(200);
    expect(categories.body.categories).toHaveLength(40);
    expect(categories.body.categories.some((category: { parent: number }) => category.parent !== 0)).toBe(true);
  });

  it('leaves the day counts and category tree rows the API would have written for every seeded event, equal to a rebuild', async () => {
    const dataSource = app.get<DataSource>(getDataSourceToken());
    const seeded = await dayCountsSnapshot(dataSource);
    expect(seeded.length).toBeGreaterThan(100);
    const seededTrees = await categoryTreeRows(dataSource);
    expect(seededTrees.maintained.length).toBeGreaterThan(300);
    expect(seededTrees.maintained).toEqual(seededTrees.expected);
    expect(await linkCopyDifferences(dataSource)).toEqual([]);
    // Every event as a create through recordEventChanges, the API writes' path, from the rows as stored.
    const ids = (await dataSource.query<{ id: number }[]>('SELECT id FROM events ORDER BY id')).map((row) => Number(row.id));
    await dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM event_day_counts');
      await manager.query('DELETE FROM event_category_trees');
      const events = await loadCountedEvents(manager, ids);
      await recordEventChanges(
        manager,
        [...events].map(([id, after]) => ({ id, before: null, after })),
      );
    });
    expect((await categoryTreeRows(dataSource)).maintained).toEqual(seededTrees.maintained);
    expect(await linkCopyDifferences(dataSource)).toEqual([]);
    const { maintained: replayed, rebuilt } = await dayCountsAndRebuild(dataSource);
    expect(replayed).toEqual(seeded);
    expect(rebuilt).toEqual(seeded);
  });

  it('refuses a bad --anchor before --reset deletes anything', async () => {
    // Counted in the database: the app's remembered list totals would not see the CLI's deletes.
    const dataSource = app.get<DataSource>(getDataSourceToken());
    const events = async () => Number((await dataSource.query('SELECT COUNT(*) AS n FROM events'))[0].n);
    const before = await events();
    expect(before).toBeGreaterThan(200);
    // Before: the reset ran first, so a mistyped anchor emptied the database and then refused; a year past 9997 failed on MySQL with a stack trace.
    for (const anchor of ['tomorrow', '2026-02-30', '9999-12-31', '0001-01-01']) {
      const refused = await runCli(['seed', ...SIZES, '--reset', '--anchor', anchor], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^error: --anchor must be /);
    }
    expect(await events()).toBe(before);
  });

  it('refuses a database that has content, unless --reset', async () => {
    const refused = await runCli(['seed', ...SIZES], env);
    expect(refused.code).toBe(2);
    // 300 events and the occurrences of the demo series (issue #16).
    expect(refused.stderr).toMatch(/already has 3\d\d events.*--reset/);
    const again = await runCli(['seed', ...SIZES, '--reset', '--seed', '4'], env);
    expect(again.code).toBe(0);
    const response = await request(http).get(`${NS}/events?per_page=1&start_date=2000-01-01&end_date=2100-01-01`).expect(200);
    expect(Number(response.headers['x-tec-total'])).toBeGreaterThan(200);
    // Nothing of the first seed is left behind: the tree rows are the new events' (MySQL empties the tables with TRUNCATE).
    const trees = await categoryTreeRows(app.get<DataSource>(getDataSourceToken()));
    expect(trees.maintained).toEqual(trees.expected);
  });
});
