import { DataSource } from 'typeorm';
import { SeedOptions, seedDemoData } from '../../src/seed/seeder';
import { SeedSizes as DemoSizes } from '../../src/seed/sizes';
import { TestDatabase } from './databases';
import { TestApp, TestUser } from './test-app';

export const DAY = 86_400_000;
/** The seeds' anchor: API writes around it share days and buckets with the seeded events. */
export const ANCHOR = Date.UTC(2030, 0, 1);
/** `YYYY-MM-DD HH:MM:SS` of an instant in UTC, as the API takes it with `timezone: 'UTC'`. */
export const wall = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** A small deterministic PRNG (mulberry32): the same "random" data on every run and database. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ContentIds {
  categories: number[];
  tags: number[];
  venues: number[];
  organizers: number[];
}

/** The ids of a seeded database's categories, tags, venues and organizers, in id order. */
export async function contentIds(dataSource: DataSource): Promise<ContentIds> {
  const column = async (sql: string) => (await dataSource.query<{ id: number }[]>(sql)).map((row) => Number(row.id));
  return {
    categories: await column("SELECT id FROM terms WHERE taxonomy = 'tribe_events_cat' ORDER BY id"),
    tags: await column("SELECT id FROM terms WHERE taxonomy = 'post_tag' ORDER BY id"),
    venues: await column('SELECT id FROM venues ORDER BY id'),
    organizers: await column('SELECT id FROM organizers ORDER BY id'),
  };
}

/** The demo data's sizes and random seed. */
export type SeedSizes = Pick<SeedOptions, keyof DemoSizes | 'seed'>;

/** An app with its seeded content, and its administrator's API writes. */
export interface SeededApp {
  t: TestApp;
  admin: TestUser;
  ids: ContentIds;
  send: (method: 'post' | 'patch' | 'delete', path: string, body?: object) => ReturnType<TestApp['request']['post']>;
}

/**
 * The random-write specs' set-up: a UTC site with nothing remembered (each total is counted), an
 * administrator, and demo data seeded around ANCHOR.
 */
export async function seededApp(database: TestDatabase, sizes: SeedSizes): Promise<SeededApp> {
  const t = await TestApp.start(database, { SITE_TIMEZONE: 'UTC', READ_CACHE_SECONDS: '0' });
  const admin = await t.createUser('administrator');
  await seedDemoData(t.dataSource, { ...sizes, anchor: '2030-01-01', authorId: admin.id, siteTimezone: 'UTC', reset: false });
  const send: SeededApp['send'] = (method, path, body) => {
    const req = t.request[method](t.api(path)).set('Authorization', admin.auth);
    return body ? req.send(body) : req;
  };
  return { t, admin, ids: await contentIds(t.dataSource), send };
}
