import { EntityManager, In } from 'typeorm';
import { allocatePostId } from '../../posts/post-id';
import { EventEntity } from '../event.entity';
import { reparentChildren } from '../event-children';
import { eventLinks } from '../event-links';
import { termCountUpdate } from '../event-terms';
import { loadCountedEvents, recordEventChanges } from '../event-day-counts';
import { EventOccurrenceEntity } from './recurrence.entity';
import { isSqlite } from '../../database/dialect';

/**
 * Every write of occurrence event rows goes through this file (issue #16): inserts, updates and
 * deletes in bulk, with their link rows and `terms.count`. Inserts record their day counts here;
 * updates and deletes leave the day counts and link copies to the caller's `counting` (issue #14).
 */

/** Rows per INSERT: about 35 columns each, well under SQLite's and MySQL's placeholder limits. */
const CHUNK = 200;

/** A new occurrence: its event row (no id yet), its links, and its key in the series. */
export interface NewOccurrence {
  readonly event: Omit<EventEntity, 'id'>;
  readonly seriesId: number;
  readonly date: string;
  readonly originalStartLocal: Date;
  readonly termIds: readonly number[];
  readonly venueIds: readonly number[];
  readonly organizerIds: readonly number[];
}

/** What changes on some occurrences: columns, and (when given) the whole list of their links. */
export interface OccurrenceChange {
  readonly ids: readonly number[];
  readonly columns?: Partial<EventEntity>;
  readonly termIds?: readonly number[];
  readonly venueIds?: readonly number[];
  readonly organizerIds?: readonly number[];
}

/** Inserts occurrences with their ids, links and series keys; returns the new ids in order. */
export async function insertOccurrences(manager: EntityManager, rows: readonly NewOccurrence[]): Promise<number[]> {
  if (!rows.length) return [];
  const ids = await allocateEventIds(manager, rows.length);
  const events = rows.map((row, i) => Object.assign(new EventEntity(), row.event, { id: ids[i] }));
  await insertChunked(manager, EventEntity, events);
  await insertChunked(
    manager,
    EventOccurrenceEntity,
    rows.map((row, i) => ({
      seriesId: row.seriesId,
      occurrenceDate: row.date,
      eventId: ids[i],
      originalStartLocal: row.originalStartLocal,
      edited: '',
    })),
  );
  await insertLinks(
    manager,
    rows.map((row, i) => ({ id: ids[i], termIds: row.termIds, venueIds: row.venueIds, organizerIds: row.organizerIds })),
  );
  const deltas = new Map<number, number>();
  for (const row of rows)
    if (row.event.status === 'publish') for (const id of new Set(row.termIds)) deltas.set(id, (deltas.get(id) ?? 0) + 1);
  await applyDeltas(manager, deltas);
  // New event rows count in the list totals at once (issue #14); links are in place by now.
  const counted = await loadCountedEvents(manager, ids);
  await recordEventChanges(
    manager,
    ids.map((id) => ({ id, before: null, after: counted.get(id) ?? null })),
  );
  return ids;
}

/**
 * Applies changes to occurrences, keeping `terms.count` right for status and term changes. The
 * day counts and the link rows' copies of changed columns are the caller's (EventsWriteService's
 * `counting`, around every update and delete of a series).
 */
export async function updateOccurrences(manager: EntityManager, changes: readonly OccurrenceChange[]): Promise<void> {
  const ids = [...new Set(changes.flatMap((change) => change.ids))];
  if (!ids.length) return;
  const before = await countedStates(manager, ids);
  const after = new Map([...before].map(([id, state]) => [id, { ...state }]));
  for (const change of changes) {
    if (!change.ids.length) continue;
    for (const chunk of chunks(change.ids)) {
      if (change.columns && Object.keys(change.columns).length) await manager.update(EventEntity, { id: In(chunk) }, change.columns);
      if (change.termIds) await eventLinks.replace(manager, 'term', chunk, change.termIds);
      if (change.venueIds) await eventLinks.replace(manager, 'venue', chunk, change.venueIds);
      if (change.organizerIds) await eventLinks.replace(manager, 'organizer', chunk, change.organizerIds);
    }
    for (const id of change.ids) {
      const state = after.get(id);
      if (!state) continue;
      if (change.columns?.status !== undefined) state.status = change.columns.status;
      if (change.termIds) state.termIds = [...change.termIds];
    }
  }
  await applyDeltas(manager, deltaOf(before, after));
}

/** Deletes occurrence events (their links go with them) and, unless `keepKeys`, their series keys. */
export async function deleteOccurrences(manager: EntityManager, ids: readonly number[], keepKeys = false): Promise<void> {
  if (!ids.length) return;
  const before = await countedStates(manager, ids);
  await reparentChildren(manager, ids);
  for (const chunk of chunks(ids)) {
    if (!keepKeys) await manager.delete(EventOccurrenceEntity, { eventId: In(chunk) });
    await manager.delete(EventEntity, { id: In(chunk) });
  }
  await applyDeltas(manager, deltaOf(before, new Map()));
}

interface Counted {
  status: string;
  termIds: number[];
}

/** Locked reads, as the write's own (EventsWriteService's `counting`): what the last committed write left. */
async function countedStates(manager: EntityManager, ids: readonly number[]): Promise<Map<number, Counted>> {
  const states = new Map<number, Counted>();
  for (const chunk of chunks(ids)) {
    for (const [id, { status, termIds }] of await loadCountedEvents(manager, chunk, { locked: true })) {
      states.set(id, { status, termIds: [...termIds] });
    }
  }
  return states;
}

function deltaOf(before: Map<number, Counted>, after: Map<number, Counted>): Map<number, number> {
  const deltas = new Map<number, number>();
  const add = (state: Counted | undefined, sign: number) => {
    if (state?.status !== 'publish') return;
    for (const id of new Set(state.termIds)) deltas.set(id, (deltas.get(id) ?? 0) + sign);
  };
  for (const [id, state] of before) {
    add(state, -1);
    add(after.get(id), 1);
  }
  return deltas;
}

async function applyDeltas(manager: EntityManager, deltas: Map<number, number>): Promise<void> {
  const update = termCountUpdate(deltas, isSqlite(manager));
  if (update) await manager.query(update.sql, update.params);
}

/** The occurrences' link rows, copies taken from their event rows inserted just before. */
async function insertLinks(
  manager: EntityManager,
  rows: readonly { id: number; termIds: readonly number[]; venueIds: readonly number[]; organizerIds: readonly number[] }[],
): Promise<void> {
  for (const [kind, of] of [
    ['term', (row: (typeof rows)[number]) => row.termIds],
    ['venue', (row: (typeof rows)[number]) => row.venueIds],
    ['organizer', (row: (typeof rows)[number]) => row.organizerIds],
  ] as const) {
    await eventLinks.insert(
      manager,
      kind,
      rows.flatMap((row) => of(row).map((postId, position) => ({ eventId: row.id, postId, position }))),
    );
  }
}

/**
 * Multi-row INSERTs written here: TypeORM's insert builder spent seconds on hundreds of rows of
 * 35 columns (issue #16). Values are prepared by the driver as TypeORM would, and bound.
 */
async function insertChunked<T extends object>(
  manager: EntityManager,
  target: new () => T,
  values: readonly T[] | readonly object[],
): Promise<void> {
  if (!values.length) return;
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const columns = metadata.columns.filter((column) => (values[0] as Record<string, unknown>)[column.propertyName] !== undefined);
  const names = columns.map((column) => driver.escape(column.databaseName)).join(', ');
  const row = `(${columns.map(() => '?').join(', ')})`;
  for (const chunk of chunks(values)) {
    const params = chunk.flatMap((value) =>
      columns.map((column) => driver.preparePersistentValue((value as Record<string, unknown>)[column.propertyName], column) as unknown),
    );
    await manager.query(`INSERT INTO ${driver.escape(metadata.tableName)} (${names}) VALUES ${chunk.map(() => row).join(', ')}`, params);
  }
}

/** How MySQL hands out AUTO_INCREMENT values to a multi-row INSERT, per data source: consecutive unless the mode is 2. */
const consecutiveIds = new WeakMap<object, boolean>();

/**
 * `count` new ids from the shared post id sequence, in one INSERT per chunk: consecutive from the
 * first on MySQL/MariaDB with innodb_autoinc_lock_mode 0 or 1 (MariaDB's default; one INSERT per id
 * otherwise), and on SQLite, whose writes are serialised (AUTOINCREMENT only goes up).
 */
async function allocateEventIds(manager: EntityManager, count: number): Promise<number[]> {
  const sqlite = isSqlite(manager);
  if (!sqlite && !consecutiveIds.has(manager.connection)) {
    const [row] = await manager.query<{ mode: number | string }[]>('SELECT @@innodb_autoinc_lock_mode AS mode');
    consecutiveIds.set(manager.connection, Number(row?.mode) !== 2);
  }
  const ids: number[] = [];
  if (!sqlite && !consecutiveIds.get(manager.connection)) {
    for (let i = 0; i < count; i++) ids.push(await allocatePostId(manager, 'event'));
    return ids;
  }
  for (let done = 0; done < count; done += CHUNK) {
    const n = Math.min(CHUNK, count - done);
    const insert = `INSERT INTO post_ids (post_type) VALUES ${Array.from({ length: n }, () => "('event')").join(', ')}`;
    if (sqlite) {
      await manager.query(insert);
      const rows = await manager.query<{ id: number | string }[]>('SELECT id FROM post_ids ORDER BY id DESC LIMIT ?', [n]);
      ids.push(...rows.map((row) => Number(row.id)).reverse());
    } else {
      const result = await manager.query<{ insertId: number }>(insert);
      ids.push(...Array.from({ length: n }, (_, i) => Number(result.insertId) + i));
    }
  }
  return ids;
}

function chunks<T>(values: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) result.push(values.slice(i, i + CHUNK));
  return result;
}
