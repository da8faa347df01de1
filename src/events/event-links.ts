import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventCategoryTreeEntity, EventOrganizerEntity, EventTermEntity, EventVenueEntity } from './event.entity';
import { marks } from '../database/placeholders';
import { isSqlite } from '../database/dialect';
import { CATEGORY } from '../terms/taxonomy';
import { LOCKED_READ_CHUNK, loadCategoryTrees } from './category-trees';
import { storedInstant } from '../database/stored-instant';

/** What an event is linked to: its categories and tags, venues, organizers. */
export type LinkKind = 'term' | 'venue' | 'organizer';

/**
 * What a list filters by: a link, or `tree`, the categories whose lists (each with its
 * descendants) hold the event, derived from its categories (event_category_trees).
 */
export type ListedKind = LinkKind | 'tree';

/** A table a list filters by (a link table, or event_category_trees, derived from event_terms): its name, post column and entity. */
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

/** The categories whose trees hold an event after a write: its categories and their ancestors. */
export interface EventTrees {
  readonly eventId: number;
  readonly categories: ReadonlySet<number>;
  /** The event was created by the write: it has no rows yet. */
  readonly created: boolean;
}

/** A row of event_category_trees (resyncTrees): its category and its copies of the event's columns. */
export interface TreeRowState {
  readonly categoryId: number;
  readonly status: string;
  readonly hideFromListings: boolean;
  readonly startUtc: Date;
  readonly endUtc: Date;
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
/** Events per statement when the tree rows of a moved or deleted category's events are made afresh. */
const RESYNC_CHUNK = 2000;

/**
 * INSERT of tree rows (`select` gives category_id, event_id and the copies, and ends with its
 * WHERE clause, which SQLite needs before ON CONFLICT), or fresh copies on a row that is there
 * already (MySQL/MariaDB's ON DUPLICATE KEY, SQLite's ON CONFLICT).
 */
function treeRowsUpsert(sqlite: boolean, select: string): string {
  const columns = `(category_id, event_id, ${COPIED.join(', ')})`;
  return sqlite
    ? `INSERT INTO event_category_trees ${columns} ${select} ` +
        `ON CONFLICT (event_id, category_id) DO UPDATE SET ${COPIED.map((name) => `${name} = excluded.${name}`).join(', ')}`
    : `INSERT INTO event_category_trees ${columns} ${select} ` +
        `ON DUPLICATE KEY UPDATE ${COPIED.map((name) => `${name} = VALUES(${name})`).join(', ')}`;
}

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
  async insert(manager: EntityManager, kind: LinkKind, rows: readonly LinkRow[]): Promise<void> {
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
   * app's back; `terms:recount` and `events:recount-days` run it first, then rebuild the tree rows
   * from these (rebuildTrees), so those are left alone here. Only rows that differ are written.
   */
  async refreshAll(manager: EntityManager): Promise<void> {
    const sqlite = isSqlite(manager);
    for (const kind of ['term', 'venue', 'organizer'] as const) {
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
   * The tree rows of events whose categories changed, made equal to `categories` (the trees after
   * the write, from the parents its transaction share-locked): rows outside them deleted, the
   * others inserted or, when there, given fresh copies. From the state after the write alone, not
   * from a difference with the state before it, so that a row a concurrent write left cannot
   * outlive it. A deleted event lost its rows with it (ON DELETE CASCADE): callers leave those out.
   */
  async syncTrees(manager: EntityManager, events: readonly EventTrees[]): Promise<void> {
    const existing = events.filter((event) => !event.created);
    for (let from = 0; from < existing.length; from += CHUNK) {
      const slice = existing.slice(from, from + CHUNK);
      const kept = (event: EventTrees) => (event.categories.size ? ` AND category_id NOT IN (${marks(event.categories.size)})` : '');
      await manager.query(
        `DELETE FROM event_category_trees WHERE ${slice.map((event) => `(event_id = ?${kept(event)})`).join(' OR ')}`,
        slice.flatMap((event) => [event.eventId, ...event.categories]),
      );
    }
    await this.upsertTrees(
      manager,
      events.flatMap(({ eventId, categories }) => [...categories].map((postId) => ({ eventId, postId }))),
    );
  }

  /**
   * The rows of the categories `categories` for the events `eventIds`, made afresh from the
   * events' categories (read by primary key, share-locked on MySQL/MariaDB) and the categories'
   * parents as the transaction now sees them: after a category moves or goes, for the events of
   * its tree (read before it), the rows of the trees it left or entered. Chunk by chunk of events,
   * each a few statements by primary key, so that a large tree runs into no statement limit.
   * `count` is given each chunk's rows of those categories as they were (locked for update on
   * MySQL/MariaDB, as the DELETE that follows would lock them) with -1, and as they are made with
   * +1: the difference is what the trees' counts in event_day_counts change by.
   */
  async resyncTrees(
    manager: EntityManager,
    eventIds: readonly number[],
    categories: readonly number[],
    count: (rows: readonly TreeRowState[], sign: 1 | -1) => void,
  ): Promise<void> {
    if (!categories.length) return;
    const wanted = new Set(categories);
    const sqlite = isSqlite(manager);
    const lock = sqlite ? '' : ' LOCK IN SHARE MODE';
    const rowsOf = async (slice: readonly number[], forUpdate: boolean) => {
      const rows: TreeRowState[] = [];
      // At most 900 ids a statement: MariaDB turns an IN list of 1,000 or more values into a
      // subquery (in_predicate_conversion_threshold), then reads these rows by event alone, and
      // FOR UPDATE locked every tree row of the events, not only those of `categories`.
      for (let from = 0; from < slice.length; from += LOCKED_READ_CHUNK) {
        const ids = slice.slice(from, from + LOCKED_READ_CHUNK);
        const found = await manager.query<Record<string, unknown>[]>(
          `SELECT category_id, ${COPIED.join(', ')} FROM event_category_trees ` +
            `WHERE category_id IN (${marks(categories.length)}) AND event_id IN (${marks(ids.length)})${forUpdate && !sqlite ? ' FOR UPDATE' : ''}`,
          [...categories, ...ids],
        );
        for (const row of found) {
          rows.push({
            categoryId: Number(row.category_id),
            status: String(row.status),
            hideFromListings: Boolean(Number(row.hide_from_listings)),
            startUtc: storedInstant(row.start_utc),
            endUtc: storedInstant(row.end_utc),
          });
        }
      }
      return rows;
    };
    for (let from = 0; from < eventIds.length; from += RESYNC_CHUNK) {
      const slice = eventIds.slice(from, from + RESYNC_CHUNK);
      const links = await manager.query<{ event_id: number | string; term_id: number | string }[]>(
        `SELECT event_id, term_id FROM event_terms WHERE event_id IN (${marks(slice.length)})${lock}`,
        slice,
      );
      const termIds = new Map<number, number[]>();
      for (const link of links) {
        const terms = termIds.get(Number(link.event_id));
        if (terms) terms.push(Number(link.term_id));
        else termIds.set(Number(link.event_id), [Number(link.term_id)]);
      }
      const trees = await loadCategoryTrees(
        manager,
        links.map((link) => Number(link.term_id)),
      );
      count(await rowsOf(slice, true), -1);
      await manager.query(
        `DELETE FROM event_category_trees WHERE category_id IN (${marks(categories.length)}) AND event_id IN (${marks(slice.length)})`,
        [...categories, ...slice],
      );
      await this.upsertTrees(
        manager,
        [...termIds].flatMap(([eventId, terms]) =>
          [...trees.of(terms)].filter((category) => wanted.has(category)).map((postId) => ({ eventId, postId })),
        ),
      );
      count(await rowsOf(slice, false), 1);
    }
  }

  /** Tree rows (`postId` the category) with copies of their events' columns, inserted or refreshed. */
  private async upsertTrees(manager: EntityManager, rows: readonly LinkRow[]): Promise<void> {
    const sqlite = isSqlite(manager);
    for (let from = 0; from < rows.length; from += CHUNK) {
      const slice = rows.slice(from, from + CHUNK);
      const values = slice.map((_, index) => (index ? 'SELECT ?, ?' : 'SELECT ? AS event_id, ? AS category_id')).join(' UNION ALL ');
      await manager.query(
        treeRowsUpsert(
          sqlite,
          `SELECT p.category_id, e.id, ${COPIED.map((name) => `e.${name}`).join(', ')} FROM (${values}) p INNER JOIN events e ON e.id = p.event_id WHERE true`,
        ),
        slice.flatMap((row) => [row.eventId, row.postId]),
      );
    }
  }

  /**
   * The events in a category's tree (its rows), in id order. On MySQL/MariaDB read as last
   * committed and share-locked until the commit: an event write that put an event in the tree
   * meanwhile is among them, and one that would put it there now waits (a category move or delete
   * reads them before its own write).
   */
  async treeMembers(manager: EntityManager, categoryId: number): Promise<number[]> {
    const rows = await manager.query<{ id: number | string }[]>(
      `SELECT event_id AS id FROM event_category_trees WHERE category_id = ? ORDER BY event_id${isSqlite(manager) ? '' : ' LOCK IN SHARE MODE'}`,
      [categoryId],
    );
    return rows.map((row) => Number(row.id));
  }

  /**
   * Before a term is deleted or a category moved (TermsService), MySQL/MariaDB: the events it will
   * write, locked for update in id order (a tag's linked events, the events of a category's tree,
   * as the snapshot sees them), and the categories those events are linked to (for
   * lockTermsInOrder). Event writes lock their event rows first, then the term rows: a term write
   * that locked its term first and then the link and tree rows of those events deadlocked with
   * every write of one of them waiting for the term (its count or its tree) while holding them.
   * An event that joins meanwhile was written by a write that share-locked the term: the term
   * write, locking it next, waits for that one's commit.
   */
  async lockEventsOfTerm(manager: EntityManager, kind: 'term' | 'tree', termId: number): Promise<{ categoryIds: number[] }> {
    if (isSqlite(manager)) return { categoryIds: [] };
    const { table, column } = LINK_TABLES[kind];
    const eventIds = (
      await manager.query<{ id: number | string }[]>(`SELECT event_id AS id FROM ${table} WHERE ${column} = ? ORDER BY event_id`, [termId])
    ).map((row) => Number(row.id));
    const categoryIds = new Set<number>();
    for (let from = 0; from < eventIds.length; from += LOCKED_READ_CHUNK) {
      const slice = eventIds.slice(from, from + LOCKED_READ_CHUNK);
      await manager.query(`SELECT id FROM events FORCE INDEX (PRIMARY) WHERE id IN (${marks(slice.length)}) ORDER BY id FOR UPDATE`, slice);
      if (kind === 'tree') {
        const rows = await manager.query<{ id: number | string }[]>(
          `SELECT DISTINCT l.term_id AS id FROM event_terms l INNER JOIN terms t ON t.id = l.term_id WHERE t.taxonomy = ? AND l.event_id IN (${marks(slice.length)})`,
          [CATEGORY.name, ...slice],
        );
        for (const row of rows) categoryIds.add(Number(row.id));
      }
    }
    return { categoryIds: [...categoryIds] };
  }

  /**
   * Every row of event_category_trees made afresh (all in one statement: `events:recount-days` and
   * `terms:recount`, for links or parents written with SQL). The copies are event_terms' own (its
   * list index holds them); should two rows of one event disagree, the least of each is kept
   * (the next refresh of that event puts it right) rather than failing on the primary key.
   */
  async rebuildTrees(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM event_category_trees');
    await manager.query(
      `INSERT INTO event_category_trees (category_id, event_id, ${COPIED.join(', ')}) ` +
        // Each category with itself and every descendant, then the links below it.
        'WITH RECURSIVE tree (root, id) AS (SELECT id, id FROM terms WHERE taxonomy = ? ' +
        'UNION SELECT tree.root, t.id FROM terms t INNER JOIN tree ON t.parent = tree.id WHERE t.taxonomy = ?) ' +
        `SELECT tree.root, l.event_id, ${COPIED.map((name) => `MIN(l.${name})`).join(', ')} ` +
        'FROM tree INNER JOIN event_terms l ON l.term_id = tree.id GROUP BY tree.root, l.event_id',
      [CATEGORY.name, CATEGORY.name],
    );
  }

  /**
   * The links of the events, in one round trip: venues and organizers in their order. `locked`:
   * read as last committed and share-locked until the commit (for a write's before and after).
   */
  async linksOf(
    manager: EntityManager,
    eventIds: readonly number[],
    options: { locked?: boolean } = {},
  ): Promise<Map<number, EventLinkIds>> {
    const found = new Map<number, EventLinkIds>();
    if (!eventIds.length) return found;
    const list = marks(eventIds.length);
    // Locked (MySQL/MariaDB): each SELECT reads the rows as last committed, not as the transaction's snapshot saw them.
    const lockable = options.locked && !isSqlite(manager);
    const select = (sql: string) => (lockable ? `(${sql} LOCK IN SHARE MODE)` : sql);
    const rows = await manager.query<{ k: string; event_id: number | string; post_id: number | string }[]>(
      [
        select(`SELECT 't' AS k, event_id, term_id AS post_id, 0 AS position FROM event_terms WHERE event_id IN (${list})`),
        select(`SELECT 'v', event_id, venue_id, position FROM event_venues WHERE event_id IN (${list})`),
        select(`SELECT 'o', event_id, organizer_id, position FROM event_organizers WHERE event_id IN (${list})`),
      ].join(' UNION ALL ') + ' ORDER BY 1, 2, 4, 3',
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
