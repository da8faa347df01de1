import { PostIdEntity } from '../posts/post-id.entity';
import { DateTime } from 'luxon';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { markWritten } from '../database/read-cache';
import { CategoryTrees } from '../events/category-trees';
import { DayCountDeltas } from '../events/day-count-deltas';
import { markDayCountsFolded } from '../events/day-count-folding';
import { CountedEvent } from '../events/event-day-counts';
import { EventEntity } from '../events/event.entity';
import { CopiedLinkRow, eventLinks } from '../events/event-links';
import { MediaEntity } from '../media/media.entity';
import { OrganizerEntity } from '../organizers/organizer.entity';
import { CATEGORY } from '../terms/taxonomy';
import { TermEntity } from '../terms/term.entity';
import { VenueEntity } from '../venues/venue.entity';
import { DemoData, DemoDataPlan, EventBatch } from './demo-data';
import { SeedSizes } from './sizes';
import { seedDemoSeries } from './demo-series';
import { isSqlite } from '../database/dialect';

export interface SeedOptions extends SeedSizes {
  readonly seed: number;
  /** `YYYY-MM-DD`: the data's "today" (default: today, UTC). */
  readonly anchor?: string;
  readonly authorId: number;
  readonly siteTimezone: string;
  /** Delete every event, venue, organizer, category, tag and demo image first. */
  readonly reset: boolean;
}

export interface SeedProgress {
  start(total: number): void;
  update(done: number, phase: string): void;
  stop(): void;
}

export interface SeedSummary extends SeedSizes {
  readonly seconds: number;
  readonly anchor: string;
}

/** Refused input (tables not empty without --reset); the CLI prints it and exits 2. */
export class SeedRefusedError extends Error {}

/** Content tables, children first (the order to empty them in); the e2e suites' reset empties the same. */
export const CONTENT_TABLES = [
  'event_occurrences',
  'event_series',
  'event_day_counts',
  'event_category_trees',
  'event_terms',
  'event_venues',
  'event_organizers',
  'events',
  'terms',
  'venues',
  'organizers',
] as const;
/** Demo images are recognisable by their URL, so a reset leaves users' own media alone. */
const DEMO_MEDIA_PREFIX = 'https://images.example.com/uploads/';
/** Rows per INSERT: under SQLite's 32,766 bound parameters, and a few MB per MySQL packet. */
const MAX_PARAMETERS_PER_INSERT = 30_000;
const MAX_ROWS_PER_INSERT = 1_000;
/** Events per transaction; generation of the next batch overlaps the writing of this one. */
const EVENTS_PER_TRANSACTION = 2_000;
const GENERATE_CHUNK = 250;
/** 7 parameters a row: 14,000 per statement, under SQLite's bound. */
const DAY_COUNT_ROWS_PER_INSERT = 2_000;

/**
 * Writes the demo data with parameterised multi-row INSERTs (TypeORM's insert builder, so every
 * value is converted exactly as the services' saves convert it), in transactions, rows with their
 * ids. Refuses a database that already has events, venues, organizers or terms unless `reset`.
 */
export async function seedDemoData(dataSource: DataSource, options: SeedOptions, progress?: SeedProgress): Promise<SeedSummary> {
  try {
    return await seed(dataSource, options, progress);
  } finally {
    // The seed writes in bulk, without transaction(): reads this DataSource remembered are dropped
    // here. A server in another process (the CLI's usual case) shows the data after READ_CACHE_SECONDS.
    markWritten(dataSource);
  }
}

async function seed(dataSource: DataSource, options: SeedOptions, progress?: SeedProgress): Promise<SeedSummary> {
  const started = Date.now();
  // Checked before --reset deletes anything: a mistyped anchor must not cost the data.
  const anchor = options.anchor ? DateTime.fromISO(options.anchor, { zone: 'UTC' }).startOf('day') : DateTime.utc().startOf('day');
  if (!anchor.isValid) throw new SeedRefusedError(`--anchor must be a date such as 2026-01-31 (got "${options.anchor}")`);
  // The events run from a year before to two years after it: MySQL's DATETIME holds the years 1000 to 9999.
  if (anchor.year < 1001 || anchor.year > 9997) {
    throw new SeedRefusedError(`--anchor must be between the years 1001 and 9997 (got "${options.anchor}")`);
  }
  if (options.reset) await emptyContent(dataSource);
  else await assertEmpty(dataSource);

  // Venues, organizers and events share one id sequence (post_ids): the seed takes one block of it.
  const firstPostId = await nextId(dataSource, ['post_ids', 'venues', 'organizers', 'events']);
  const plan: DemoDataPlan = {
    ...options,
    anchor,
    firstIds: {
      media: await nextId(dataSource, ['media']),
      terms: await nextId(dataSource, ['terms']),
      venues: firstPostId,
      organizers: firstPostId + options.venues,
      events: firstPostId + options.venues + options.organizers,
    },
  };
  const lastPostId = firstPostId + options.venues + options.organizers + options.events - 1;
  const data = new DemoData(plan);
  const total = options.media + options.categories + options.tags + options.venues + options.organizers + options.events;
  let done = 0;
  progress?.start(total);
  const advance = (rows: number, phase: string) => {
    done += rows;
    progress?.update(done, phase);
  };

  const termIds: number[] = [];
  const categoryParents = new Map<number, number>();
  try {
    await dataSource.transaction(async (manager) => {
      await insertRows(manager, MediaEntity, data.media());
      advance(options.media, 'media');
      const terms = data.terms();
      termIds.push(...terms.map((term) => term.id));
      for (const term of terms) if (term.taxonomy === CATEGORY.name) categoryParents.set(term.id, term.parent);
      await insertRows(manager, TermEntity, terms);
      advance(terms.length, 'terms');
      await insertRows(manager, VenueEntity, data.venues());
      advance(options.venues, 'venues');
      await insertRows(manager, OrganizerEntity, data.organizers());
      advance(options.organizers, 'organizers');
      // Moves the shared sequence past the whole block, so the API never hands out a seeded id.
      if (lastPostId >= firstPostId) await manager.insert(PostIdEntity, { id: lastPostId, postType: 'seed' });
    });

    // The events' day counts, summed over the whole seed and written once at the end: as many rows
    // as a rebuild (events:recount-days) holds, not one +1 row per event and bucket.
    const trees = new CategoryTrees(categoryParents);
    const dayCounts = new DayCountDeltas(trees);
    let writing: Promise<void> | undefined;
    for (;;) {
      const batch = await generateBatch(data, EVENTS_PER_TRANSACTION);
      if (writing) await writing;
      if (!batch.events.length) break;
      const counted = countedEvents(batch);
      for (const event of counted) dayCounts.add(event, 1);
      // Each event in the list of each of its categories and of every ancestor of one, once.
      const treeRows = batch.events.flatMap(({ id }, i) => [...trees.of(counted[i].termIds)].map((category) => ({ id, category })));
      writing = dataSource.transaction((manager) =>
        relaxed(manager, async () => {
          await writeEvents(manager, batch, treeRows);
          advance(batch.events.length, 'events');
        }),
      );
      // Awaited on the next turn; until then a failure must not count as an unhandled rejection.
      writing.catch(() => undefined);
    }

    progress?.update(done, 'day counts');
    await dataSource.transaction((manager) =>
      relaxed(manager, async () => {
        await dayCounts.write(manager, DAY_COUNT_ROWS_PER_INSERT);
        // One row per key, as folding leaves them (issue #14): nothing for it to visit.
        await markDayCountsFolded(manager);
      }),
    );
    await dataSource.transaction((manager) => writeTermCounts(manager, data.termCounts, termIds));
    // A few series with their occurrences, written through the recurrence code (issue #16).
    await seedDemoSeries(dataSource, plan.firstIds.events, anchor.toJSDate());
  } finally {
    progress?.stop();
  }
  return {
    events: options.events,
    venues: options.venues,
    organizers: options.organizers,
    categories: options.categories,
    tags: options.tags,
    media: options.media,
    anchor: anchor.toISODate(),
    seconds: (Date.now() - started) / 1000,
  };
}

/** The next batch, made in small chunks so the database's answers to the previous one are read meanwhile. */
async function generateBatch(data: DemoData, size: number): Promise<EventBatch> {
  const batch: EventBatch = { events: [], terms: [], venues: [], organizers: [] };
  while (batch.events.length < size) {
    const chunk = data.nextBatch(Math.min(GENERATE_CHUNK, size - batch.events.length));
    if (!chunk.events.length) break;
    batch.events.push(...chunk.events);
    batch.terms.push(...chunk.terms);
    batch.venues.push(...chunk.venues);
    batch.organizers.push(...chunk.organizers);
    await yieldToEventLoop();
  }
  return batch;
}

/**
 * MySQL checks every new slug against the unique index and every link against its parent row, one
 * random read each: once the tables outgrow the buffer pool, that is most of a large seed. The
 * generator makes unique slugs and links only rows it wrote (demo-data.spec.ts checks both), so
 * the events' transactions skip the checks, as a dump's import does; the session gets them back.
 */
async function relaxChecks(manager: EntityManager, relax: boolean): Promise<void> {
  if (isSqlite(manager)) return;
  const value = relax ? 0 : 1;
  await manager.query(`SET SESSION unique_checks = ${value}, foreign_key_checks = ${value}`);
}

/** `work` with the checks relaxed, restored even when it fails: the connection goes back to the pool. */
async function relaxed<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
  await relaxChecks(manager, true);
  try {
    return await work();
  } finally {
    await relaxChecks(manager, false);
  }
}

async function writeEvents(
  manager: EntityManager,
  batch: EventBatch,
  treeRows: readonly { id: number; category: number }[],
): Promise<void> {
  await insertRows(manager, EventEntity, batch.events);
  // Link rows through their owner, with copies of the events' list columns (issue #14).
  const events = new Map(batch.events.map((event) => [event.id, event]));
  const copied = (eventId: number, postId: number, position?: number): CopiedLinkRow => {
    const { startUtc, endUtc, status, hideFromListings } = events.get(eventId)!;
    return { eventId, postId, position, startUtc, endUtc, status, hideFromListings };
  };
  await eventLinks.insertCopied(
    manager,
    'term',
    batch.terms.map((row) => copied(row.eventId, row.termId)),
  );
  await eventLinks.insertCopied(
    manager,
    'venue',
    batch.venues.map((row) => copied(row.eventId, row.venueId, row.position)),
  );
  await eventLinks.insertCopied(
    manager,
    'organizer',
    batch.organizers.map((row) => copied(row.eventId, row.organizerId, row.position)),
  );
  await eventLinks.insertCopied(
    manager,
    'tree',
    treeRows.map((row) => copied(row.id, row.category)),
  );
}

/** The batch's events as event_day_counts sees them, with their links. */
function countedEvents(batch: EventBatch): CountedEvent[] {
  const linked = new Map<number, { termIds: number[]; venueIds: number[]; organizerIds: number[] }>();
  const of = (eventId: number) => {
    let entry = linked.get(eventId);
    if (!entry) linked.set(eventId, (entry = { termIds: [], venueIds: [], organizerIds: [] }));
    return entry;
  };
  for (const row of batch.terms) of(row.eventId).termIds.push(row.termId);
  for (const row of batch.venues) of(row.eventId).venueIds.push(row.venueId);
  for (const row of batch.organizers) of(row.eventId).organizerIds.push(row.organizerId);
  return batch.events.map(({ id, status, hideFromListings, featured, ticketed, startUtc, endUtc }) => ({
    ...{ status, hideFromListings, featured, ticketed, startUtc, endUtc },
    ...of(id),
  }));
}

/**
 * Multi-row INSERTs with `?` placeholders. Each value goes through the driver's
 * preparePersistentValue, the conversion every TypeORM save applies (booleans, dates per
 * dialect); the SQL is built here because TypeORM's insert builder spends most of a big seed
 * naming and looking up its parameters.
 */
async function insertRows<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, rows: readonly T[]): Promise<void> {
  if (!rows.length) return;
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const columns = metadata.columns.filter((column) => column.isInsert);
  const head = `INSERT INTO ${driver.escape(metadata.tableName)} (${columns.map((column) => driver.escape(column.databaseName)).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS_PER_INSERT / columns.length)));
  for (let from = 0; from < rows.length; from += perInsert) {
    const slice = rows.slice(from, from + perInsert);
    const parameters: unknown[] = [];
    for (const row of slice)
      for (const column of columns) parameters.push(driver.preparePersistentValue(column.getEntityValue(row), column));
    await manager.query(head + slice.map(() => tuple).join(', '), parameters);
  }
}

/** `terms.count` = published events per term (CONTRACT §5), counted while generating. */
async function writeTermCounts(manager: EntityManager, counts: ReadonlyMap<number, number>, termIds: readonly number[]): Promise<void> {
  const ids = termIds.filter((id) => counts.get(id));
  for (let from = 0; from < ids.length; from += 500) {
    const slice = ids.slice(from, from + 500);
    await manager.query(
      `UPDATE terms SET count = CASE id ${slice.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE id IN (${slice.map(() => '?').join(', ')})`,
      [...slice.flatMap((id) => [id, counts.get(id)]), ...slice],
    );
  }
}

async function assertEmpty(dataSource: DataSource): Promise<void> {
  const counts: string[] = [];
  for (const table of ['events', 'venues', 'organizers', 'terms']) {
    const [row] = await dataSource.query<{ n: number | string }[]>(`SELECT COUNT(*) AS n FROM ${table}`);
    if (Number(row.n)) counts.push(`${Number(row.n)} ${table}`);
  }
  if (counts.length) {
    throw new SeedRefusedError(
      `the database already has ${counts.join(', ')}; pass --reset to delete all of them (and the demo images) first`,
    );
  }
}

async function emptyContent(dataSource: DataSource): Promise<void> {
  if (isSqlite(dataSource)) {
    await dataSource.transaction(async (manager) => {
      for (const table of CONTENT_TABLES) await manager.query(`DELETE FROM ${table}`);
      await manager.query('DELETE FROM media WHERE url LIKE ?', [`${DEMO_MEDIA_PREFIX}%`]);
    });
    return;
  }
  // TRUNCATE is instant where DELETE would cascade row by row; it needs the checks off on its connection.
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const table of CONTENT_TABLES) await runner.query(`TRUNCATE TABLE ${table}`);
    await runner.query('DELETE FROM media WHERE url LIKE ?', [`${DEMO_MEDIA_PREFIX}%`]);
  } finally {
    await runner.query('SET FOREIGN_KEY_CHECKS = 1');
    await runner.release();
  }
}

/** One more than the largest id in any of `tables` (fixed names, never input). */
async function nextId(dataSource: DataSource, tables: readonly string[]): Promise<number> {
  let max = 0;
  for (const table of tables) {
    const [row] = await dataSource.query<{ id: number | string | null }[]>(`SELECT MAX(id) AS id FROM ${table}`);
    max = Math.max(max, Number(row.id ?? 0));
  }
  return max + 1;
}
