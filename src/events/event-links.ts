import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventCategoryTreeEntity, EventOrganizerEntity, EventTermEntity, EventVenueEntity } from './event.entity';
import { marks } from '../database/placeholders';
import { isSqlite } from '../database/dialect';
import { CATEGORY } from '../terms/taxonomy';

/** What an event is linked to: its categories and tags, venues, organizers. */
export type LinkKind = 'term' | 'venue' | 'organizer';

/**
 * What a list filters by: a link, or `tree`, the categories whose lists (each with its
 * descendants) hold the event, derived from its categories (event_category_trees).
 */
export type ListedKind = LinkKind | 'tree';

/** A link table's name, its post column and entity. */
export interface LinkTable {
  readonly table: 'event_terms' | 'event_venues' | 'event_organizers' | 'event_category_trees';
  readonly column: 'term_id' | 'venue_id' | 'organizer_id' | 'category_id';
  readonly entity: typeof EventTermEntity | typeof EventVenueEntity | typeof EventOrganizerEntity | typeof EventCategoryTreeEntity;
  readonly property: 'termId' | 'venueId' | 'organizerId' | 'categoryId';
  readonly ordered: boolean;
}

const LINK_TABLES: Record<ListedKind, LinkTable> = {
  term: { table: 'event_terms', column: 'term_id', entity: EventTermEntity, property: 'termId', ordered: false },
  venue: { table: 'event_venues', column: 'venue_id', entity: EventVenueEntity, property: 'venueId', ordered: true },
  organizer: { table: 'event_organizers', column: 'organizer_id', entity: EventOrganizerEntity, property: 'organizerId', ordered: true },
  tree: { table: 'event_category_trees', column: 'category_id', entity: EventCategoryTreeEntity, property: 'categoryId', ordered: false },
};

/** The tables whose rows carry copies of their events' list columns. */
const COPYING: readonly ListedKind[] = ['term', 'venue', 'organizer', 'tree'];

/** The event columns each link row copies (issue #14): what the list filters on besides the link. */
const COPIED = ['start_utc', 'end_utc', 'status', 'hide_from_listings'] as const;

/** How one event's categories place it in the categories' trees: before and after a write. */
export interface TreeChange {
  readonly eventId: number;
  readonly before: ReadonlySet<number>;
  readonly after: ReadonlySet<number>;
}

/** One link row to write; `position` orders venues and organizers. */
export interface LinkRow {
  readonly eventId: number;
  readonly postId: number;
  readonly position?: number;
}

/** A link row with its copies given by the caller (the seed, which has the event rows at hand). */
export interface CopiedLinkRow extends LinkRow {
  readonly startUtc: Date;
  readonly endUtc: Date;
  readonly status: string;
  readonly hideFromListings: boolean;
}

/** The links of one event, venues and organizers in their order. */
export interface EventLinkIds {
  termIds: number[];
  venueIds: number[];
  organizerIds: number[];
}

/** Rows per statement: 3 placeholders each, under SQLite's 500 compound SELECTs. */
const CHUNK = 200;

/**
 * THE owner of event_terms, event_venues, event_organizers and event_category_trees (issue #13:
 * a module owns its tables): nothing else reads or writes them. Each link row carries copies of
 * its event's `start_utc`, `end_utc`, `status` and `hide_from_listings` (issue #14), so a term's,
 * venue's, organizer's or category tree's list reads its page and count from the link table's
 * `*_list` index. The copies are exact in every write's transaction: new rows take them from the
 * event row (INSERT ... SELECT), and every write that changes those columns of events calls
 * `refresh` for them. The tree rows follow the event's categories (`syncTrees`, from
 * recordEventChanges, which every event write calls) and the categories' parents (`rebuildTrees`).
 *
 * Stateless: one instance (`eventLinks`) serves the events module's plain functions (occurrence
 * rows, day counts, the seed) and is the provider other modules inject.
 */
@Injectable()
export class EventLinks {
  /** The link table of a kind, for the list's and the linked posts' query builders. */
  table(kind: ListedKind): LinkTable {
    return LINK_TABLES[kind];
  }

  /** Inserts link rows, each with copies read from its event row in this transaction. */
  async insert(manager: EntityManager, kind: ListedKind, rows: readonly LinkRow[]): Promise<void> {
    const { table, column } = LINK_TABLES[kind];
    for (let from = 0; from < rows.length; from += CHUNK) {
      const slice = rows.slice(from, from + CHUNK);
      const values = slice
        .map((_, index) => (index ? 'SELECT ?, ?, ?' : 'SELECT ? AS event_id, ? AS post_id, ? AS position'))
        .join(' UNION ALL ');
      const position = LINK_TABLES[kind].ordered ? ', position' : '';
      await manager.query(
        `INSERT INTO ${table} (event_id, ${column}${position}, ${COPIED.join(', ')}) ` +
          `SELECT p.event_id, p.post_id${position ? ', p.position' : ''}, ${COPIED.map((name) => `e.${name}`).join(', ')} ` +
          `FROM (${values}) p INNER JOIN events e ON e.id = p.event_id`,
        slice.flatMap((row) => [row.eventId, row.postId, row.position ?? 0]),
      );
    }
  }

  /** Bulk inserts with the copies given: only for rows whose events were just inserted from the same values (the seed). */
  async insertCopied(manager: EntityManager, kind: ListedKind, rows: readonly CopiedLinkRow[]): Promise<void> {
    if (!rows.length) return;
    const { table, column, entity, ordered } = LINK_TABLES[kind];
    const metadata = manager.connection.getMetadata(entity);
    const driver = manager.connection.driver;
    const prepare = (property: string, value: unknown) =>
      driver.preparePersistentValue(value, metadata.findColumnWithPropertyName(property)!) as unknown;
    const names = ['event_id', column, ...(ordered ? ['position'] : []), ...COPIED];
    const tuple = `(${names.map(() => '?').join(', ')})`;
    const perInsert = Math.floor(10_000 / names.length);
    for (let from = 0; from < rows.length; from += perInsert) {
      const slice = rows.slice(from, from + perInsert);
      const params = slice.flatMap((row) => [
        row.eventId,
        row.postId,
        ...(ordered ? [row.position ?? 0] : []),
        prepare('startUtc', row.startUtc),
        prepare('endUtc', row.endUtc),
        row.status,
        prepare('hideFromListings', row.hideFromListings),
      ]);
      await manager.query(`INSERT INTO ${table} (${names.join(', ')}) VALUES ${slice.map(() => tuple).join(', ')}`, params);
    }
  }

  /** Replaces the links of a kind of every event in `eventIds` by `postIds` (in that order). */
  async replace(manager: EntityManager, kind: LinkKind, eventIds: readonly number[], postIds: readonly number[]): Promise<void> {
    await this.removeForEvents(manager, kind, eventIds);
    await this.insert(
      manager,
      kind,
      eventIds.flatMap((eventId) => postIds.map((postId, position) => ({ eventId, postId, position }))),
    );
  }

  async removeForEvents(manager: EntityManager, kind: LinkKind, eventIds: readonly number[]): Promise<void> {
    const { table } = LINK_TABLES[kind];
    for (let from = 0; from < eventIds.length; from += CHUNK) {
      const slice = eventIds.slice(from, from + CHUNK);
      await manager.query(`DELETE FROM ${table} WHERE event_id IN (${marks(slice.length)})`, slice);
    }
  }

  /** Unlinks a post from every event (a trashed venue or organizer, a deleted term). */
  async removeForPost(manager: EntityManager, kind: LinkKind, postId: number): Promise<void> {
    const { table, column } = LINK_TABLES[kind];
    await manager.query(`DELETE FROM ${table} WHERE ${column} = ?`, [postId]);
  }

  /**
   * Copies the events' current `start_utc`, `end_utc`, `status`, `hide_from_listings` into their
   * link rows: every write that changes one of those columns calls it in its transaction.
   */
  async refresh(manager: EntityManager, eventIds: readonly number[]): Promise<void> {
    const sqlite = isSqlite(manager);
    for (let from = 0; from < eventIds.length; from += CHUNK) {
      const slice = eventIds.slice(from, from + CHUNK);
      for (const kind of COPYING) {
        const { table } = LINK_TABLES[kind];
        const sql = sqlite
          ? `UPDATE ${table} SET (${COPIED.join(', ')}) = (SELECT ${COPIED.map((name) => `e.${name}`).join(', ')} FROM events e WHERE e.id = ${table}.event_id) WHERE event_id IN (${marks(slice.length)})`
          : `UPDATE ${table} l INNER JOIN events e ON e.id = l.event_id SET ${COPIED.map((name) => `l.${name} = e.${name}`).join(', ')} WHERE l.event_id IN (${marks(slice.length)})`;
        await manager.query(sql, slice);
      }
    }
  }

  /**
   * Every link row's copies made equal to its event again, for events changed with SQL behind the
   * app's back; `terms:recount` and `events:recount-days` run it first. Only rows that differ are written.
   */
  async refreshAll(manager: EntityManager): Promise<void> {
    const sqlite = isSqlite(manager);
    for (const kind of COPYING) {
      const { table } = LINK_TABLES[kind];
      const differs = COPIED.map((name) => `NOT (l.${name} <=> e.${name})`).join(' OR ');
      const sql = sqlite
        ? `UPDATE ${table} SET (${COPIED.join(', ')}) = (SELECT ${COPIED.map((name) => `e.${name}`).join(', ')} FROM events e WHERE e.id = ${table}.event_id) ` +
          `WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = ${table}.event_id AND (${COPIED.map((name) => `${table}.${name} IS NOT e.${name}`).join(' OR ')}))`
        : `UPDATE ${table} l INNER JOIN events e ON e.id = l.event_id SET ${COPIED.map((name) => `l.${name} = e.${name}`).join(', ')} WHERE ${differs}`;
      await manager.query(sql);
    }
  }

  /**
   * The tree rows of events whose categories (or the trees they are in) changed: the categories
   * each leaves deleted, those it enters inserted with copies of its row. `before`/`after` come
   * from the parents the write's transaction read (loadCategoryTrees). An event deleted meanwhile
   * lost its rows with it (ON DELETE CASCADE), and an event not written yet gets none.
   */
  async syncTrees(manager: EntityManager, changes: readonly TreeChange[]): Promise<void> {
    const left: [number, number][] = [];
    const entered: LinkRow[] = [];
    for (const { eventId, before, after } of changes) {
      for (const category of before) if (!after.has(category)) left.push([eventId, category]);
      for (const category of after) if (!before.has(category)) entered.push({ eventId, postId: category });
    }
    for (let from = 0; from < left.length; from += CHUNK) {
      const slice = left.slice(from, from + CHUNK);
      await manager.query(
        `DELETE FROM event_category_trees WHERE ${slice.map(() => '(event_id = ? AND category_id = ?)').join(' OR ')}`,
        slice.flat(),
      );
    }
    await this.insert(manager, 'tree', entered);
  }

  /**
   * The tree rows of the categories `ids` (all when not given) made afresh from event_terms and
   * the categories' parents: after a category moves or goes (every event of its tree enters or
   * leaves the trees above it), and for links written with SQL (`events:recount-days`). The copies
   * come from the link rows' own (idx_event_terms_list holds them), never the events' rows. On
   * MySQL/MariaDB the INSERT ... SELECT share-locks the link rows it reads, as the tree counts'
   * recount beside it does.
   */
  async rebuildTrees(manager: EntityManager, ids?: readonly number[]): Promise<void> {
    if (ids && !ids.length) return;
    const only = ids ? ` AND id IN (${marks(ids.length)})` : '';
    await manager.query(`DELETE FROM event_category_trees${ids ? ` WHERE category_id IN (${marks(ids.length)})` : ''}`, [...(ids ?? [])]);
    await manager.query(
      'INSERT INTO event_category_trees (category_id, event_id, start_utc, end_utc, status, hide_from_listings) ' +
        `WITH RECURSIVE tree (root, id) AS (SELECT id, id FROM terms WHERE taxonomy = ?${only} ` +
        'UNION SELECT tree.root, t.id FROM terms t INNER JOIN tree ON t.parent = tree.id WHERE t.taxonomy = ?) ' +
        'SELECT DISTINCT tree.root, l.event_id, l.start_utc, l.end_utc, l.status, l.hide_from_listings ' +
        'FROM tree INNER JOIN event_terms l ON l.term_id = tree.id',
      [CATEGORY.name, ...(ids ?? []), CATEGORY.name],
    );
  }

  /** The links of the events, in one round trip: venues and organizers in their order. */
  async linksOf(manager: EntityManager, eventIds: readonly number[]): Promise<Map<number, EventLinkIds>> {
    const found = new Map<number, EventLinkIds>();
    if (!eventIds.length) return found;
    const list = marks(eventIds.length);
    const rows = await manager.query<{ k: string; event_id: number | string; post_id: number | string }[]>(
      `SELECT 't' AS k, event_id, term_id AS post_id, 0 AS position FROM event_terms WHERE event_id IN (${list}) ` +
        `UNION ALL SELECT 'v', event_id, venue_id, position FROM event_venues WHERE event_id IN (${list}) ` +
        `UNION ALL SELECT 'o', event_id, organizer_id, position FROM event_organizers WHERE event_id IN (${list}) ` +
        'ORDER BY 1, 2, 4, 3',
      [...eventIds, ...eventIds, ...eventIds],
    );
    for (const row of rows) {
      const eventId = Number(row.event_id);
      let entry = found.get(eventId);
      if (!entry) found.set(eventId, (entry = { termIds: [], venueIds: [], organizerIds: [] }));
      (row.k === 't' ? entry.termIds : row.k === 'v' ? entry.venueIds : entry.organizerIds).push(Number(row.post_id));
    }
    return found;
  }

  /** The categories and tags of one event, with their taxonomy. */
  async termsOf(manager: EntityManager, eventId: number): Promise<{ id: number; taxonomy: string }[]> {
    const rows: { id: number | string; taxonomy: string }[] = await manager.query(
      'SELECT t.id AS id, t.taxonomy AS taxonomy FROM event_terms et INNER JOIN terms t ON t.id = et.term_id WHERE et.event_id = ?',
      [eventId],
    );
    return rows.map((row) => ({ id: Number(row.id), taxonomy: row.taxonomy }));
  }

  /**
   * SQL that is true when the post `postSql` (a column of the caller's query) has a linked event
   * matching `condition` over the link row `lk` (its copies: `lk.status`, `lk.start_utc`, ...).
   */
  hasEventWhere(kind: LinkKind, postSql: string, condition: string): string {
    const { table, column } = LINK_TABLES[kind];
    return `EXISTS (SELECT 1 FROM ${table} lk WHERE lk.${column} = ${postSql} AND ${condition})`;
  }

  /** SQL: the ids of the posts of a kind linked to the event `eventSql`. */
  postsOfEventSql(kind: LinkKind, eventSql: string): string {
    const { table, column } = LINK_TABLES[kind];
    return `SELECT lk.${column} FROM ${table} lk WHERE lk.event_id = ${eventSql}`;
  }

  /** SQL: the published events of the term `termSql` (terms.count, CONTRACT §5). */
  publishedCountSql(termSql: string): string {
    return `(SELECT COUNT(*) FROM event_terms lk WHERE lk.term_id = ${termSql} AND lk.status = 'publish')`;
  }

  /**
   * FROM clause for rebuilding event_day_counts per post kind: the link rows joined to their
   * events (`e`). Not the copies: migration 1763700100000 runs this before they exist.
   */
  dayCountSource(kind: LinkKind): { postId: string; from: string } {
    const { table, column } = LINK_TABLES[kind];
    return { postId: `l.${column}`, from: `${table} l INNER JOIN events e ON e.id = l.event_id` };
  }
}

/** The one instance: the provider of the events module and what its plain functions use. */
export const eventLinks = new EventLinks();
