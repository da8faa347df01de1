import { DataSource } from 'typeorm';

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
