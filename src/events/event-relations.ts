import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { JsonRows, jsonColumn } from '../database/json-rows';
import { readQuery } from '../database/read-routing';
import { MediaEntity } from '../media/media.entity';
import { OrganizerEntity } from '../organizers/organizer.entity';
import { TermEntity } from '../terms/term.entity';
import { VenueEntity } from '../venues/venue.entity';
import { EventEntity } from './event.entity';
import { marks, SqlPiece } from '../database/placeholders';
import { compareBinary } from '../database/binary-order';
import { dialectOf } from '../database/dialect';
import { prepared } from '../database/prepared-statements';

/** Venues or organizers linked to some events: each post once, and the links in (event, position) order. */
export interface LinkedPosts<P> {
  readonly posts: P[];
  readonly links: { eventId: number; postId: number }[];
}

/** Everything an event's JSON shows besides its own row, for a batch of events. */
export interface EventRelations {
  /** Categories and tags per event, ordered by name then id (reference §3). */
  readonly terms: ReadonlyMap<number, TermEntity[]>;
  readonly venues: LinkedPosts<VenueEntity>;
  readonly organizers: LinkedPosts<OrganizerEntity>;
  /** The series lines of the events that belong to a series (its first event or an occurrence). */
  readonly recurrences: ReadonlyMap<number, string[]>;
  /** The images of the events and of their venues and organizers. */
  readonly images: ReadonlyMap<number, MediaEntity>;
}

/** Which events: `?` placeholders of ids, or a subquery selecting them (one column). */
export type EventIdsSql = SqlPiece;

export function eventIdsSql(ids: readonly number[]): EventIdsSql {
  return { sql: marks(ids.length), params: ids, fixedPlan: true };
}

const EVENT = 0;
const TERM = 1;
const VENUE = 2;
const ORGANIZER = 3;
const RECURRENCE = 4;
/** A list page's event images (its rows were read with the page). */
const IMAGE = 5;
/** A number asked for with the relations (a list's total), in `j`. */
const SCALAR = 6;

interface Row {
  k: number | string;
  event_id: number | string;
  sk: string;
  si: number | string;
  j: unknown;
  img: unknown;
}

/**
 * The events' relations in ONE statement (issue #14: it was five, the images one after the
 * others): a UNION ALL of JSON rows (json-rows.ts), one branch per relation, each row with its
 * image, sorted here (compareRows) as each relation's own query sorted them. `withEvents` adds the
 * event rows themselves (a single read: the row and all it shows in one round trip). Every branch
 * reads by primary key or by the link tables' `(event_id, ...)` primary keys.
 */
@Injectable()
export class EventRelationsReader {
  private readonly events: JsonRows<EventEntity>;
  private readonly terms: JsonRows<TermEntity>;
  private readonly venues: JsonRows<VenueEntity>;
  private readonly organizers: JsonRows<OrganizerEntity>;
  private readonly media: JsonRows<MediaEntity>;
  /** name_key's collation: `utf8mb4_bin` on MySQL/MariaDB pads with spaces, SQLite's BINARY does not. */
  private readonly padSpace: boolean;

  constructor(dataSource: DataSource) {
    this.padSpace = dialectOf(dataSource) === 'mysql';
    this.events = JsonRows.of(dataSource, EventEntity);
    this.terms = JsonRows.of(dataSource, TermEntity);
    this.venues = JsonRows.of(dataSource, VenueEntity);
    this.organizers = JsonRows.of(dataSource, OrganizerEntity);
    this.media = JsonRows.of(dataSource, MediaEntity);
  }

  /**
   * A list page's event rows, in page order, in one statement with the query that picks them:
   * `ids` selects `id` and `page_start` (its ORDER BY and LIMIT inside), so the rows are read by
   * primary key from the snapshot that chose them.
   */
  async page(manager: EntityManager, ids: EventIdsSql): Promise<EventEntity[]> {
    const rows = await readQuery<Record<string, unknown>[]>(
      manager,
      `SELECT ${this.events.columns('e')} FROM (${ids.sql}) p INNER JOIN events e ON e.id = p.id ORDER BY p.page_start, p.id`,
      ids.params,
    );
    return rows.map((row) => this.events.hydrateRow(row));
  }

  /**
   * The relations of `ids`; with `withEvents` the event rows (in id order); with
   * `scalar` the number that expression selects (a list page's total: one round trip less).
   */
  async load(
    manager: EntityManager,
    ids: EventIdsSql,
    options: { withEvents?: boolean; scalar?: SqlPiece } = {},
  ): Promise<{ events: EventEntity[]; relations: EventRelations; scalar?: number }> {
    const { sql, params } = this.statement(ids, options);
    let scalar: number | undefined;
    // Every branch reads by primary key: prepared, unless the ids or the scalar come from a query that is not.
    const fixedPlan = ids.fixedPlan === true && (options.scalar === undefined || options.scalar.fixedPlan === true);
    const rows = (await readQuery<Row[]>(manager, fixedPlan ? prepared(sql) : sql, params)).sort((a, b) => this.compareRows(a, b));
    const events: EventEntity[] = [];
    const terms = new Map<number, TermEntity[]>();
    const venues = linkedPosts<VenueEntity>();
    const organizers = linkedPosts<OrganizerEntity>();
    const recurrences = new Map<number, string[]>();
    const images = new Map<number, MediaEntity>();
    for (const row of rows) {
      const eventId = Number(row.event_id);
      if (row.img !== null && row.img !== undefined) {
        const image = this.media.hydrate(row.img);
        images.set(image.id, image);
      }
      switch (Number(row.k)) {
        case EVENT:
          events.push(this.events.hydrate(row.j));
          break;
        case TERM:
          append(terms, eventId, this.terms.hydrate(row.j));
          break;
        case VENUE:
          venues.add(eventId, this.venues.hydrate(row.j));
          break;
        case ORGANIZER:
          organizers.add(eventId, this.organizers.hydrate(row.j));
          break;
        case SCALAR:
          scalar = Number(row.j);
          break;
        case RECURRENCE:
          recurrences.set(eventId, jsonColumn(row.j) as string[]);
          break;
      }
    }
    return { events, relations: { terms, venues: venues.result, organizers: organizers.result, recurrences, images }, scalar };
  }

  /**
   * The order each relation's own query had: by kind, event, then a term's name_key and id, or a
   * link's position. Sorted here, not by the statement: an ORDER BY over the union made MariaDB
   * copy every row, JSON and all, into a temporary table and sort it, 0.4 to 0.7 ms of its CPU per
   * list page (a quarter of the statement's cost) for some fifty rows that sort here in microseconds.
   */
  private compareRows(a: Row, b: Row): number {
    return (
      Number(a.k) - Number(b.k) ||
      Number(a.event_id) - Number(b.event_id) ||
      compareBinary(a.sk, b.sk, this.padSpace) ||
      Number(a.si) - Number(b.si)
    );
  }

  /**
   * Columns: k (which row), event_id, two sort keys, j (the row's JSON), img (its image's JSON, from
   * a LEFT JOIN by primary key). Each branch names the event ids again: a subquery given as `ids`
   * runs in each (by index). Six SELECTs: each costs the database a parse and a plan.
   */
  private statement(ids: EventIdsSql, options: { withEvents?: boolean; scalar?: SqlPiece }): { sql: string; params: unknown[] } {
    const branches: string[] = [];
    const params: unknown[] = [];
    const branch = (sql: string) => {
      branches.push(sql);
      params.push(...ids.params);
    };
    const image = (alias: string) => `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE ${this.media.object(alias)} END`;
    const linked = (kind: number, table: string, column: string, entity: JsonRows<VenueEntity | OrganizerEntity>, posts: string) =>
      branch(
        `SELECT ${kind}, l.event_id, '', l.position, ${entity.object('p')}, ${image('m')} FROM ${table} l ` +
          `INNER JOIN ${posts} p ON p.id = l.${column} LEFT JOIN media m ON m.id = p.image_id WHERE l.event_id IN (${ids.sql})`,
      );
    // First: its aliases name the union's columns (sk is name_key, compared as its collation does: compareRows).
    branch(
      `SELECT ${TERM} AS k, et.event_id AS event_id, t.name_key AS sk, t.id AS si, ${this.terms.object('t')} AS j, NULL AS img ` +
        `FROM event_terms et INNER JOIN terms t ON t.id = et.term_id WHERE et.event_id IN (${ids.sql})`,
    );
    // The events with their images, or (a list's page, read already) only their images.
    branch(
      options.withEvents
        ? `SELECT ${EVENT}, e.id, '', 0, ${this.events.object('e')}, ${image('m')} FROM events e LEFT JOIN media m ON m.id = e.image_id WHERE e.id IN (${ids.sql})`
        : `SELECT ${IMAGE}, e.id, '', 0, NULL, ${this.media.object('m')} FROM events e INNER JOIN media m ON m.id = e.image_id WHERE e.id IN (${ids.sql})`,
    );
    linked(VENUE, 'event_venues', 'venue_id', this.venues, 'venues');
    linked(ORGANIZER, 'event_organizers', 'organizer_id', this.organizers, 'organizers');
    branch(`SELECT ${RECURRENCE}, s.id, '', 0, s.recurrence, NULL FROM event_series s WHERE s.id IN (${ids.sql})`);
    branch(
      `SELECT ${RECURRENCE}, o.event_id, '', 0, s.recurrence, NULL FROM event_occurrences o ` +
        `INNER JOIN event_series s ON s.id = o.series_id WHERE o.event_id IN (${ids.sql})`,
    );
    if (options.scalar) {
      branches.push(`SELECT ${SCALAR}, 0, '', 0, ${options.scalar.sql}, NULL`);
      params.push(...options.scalar.params);
    }
    return { sql: branches.join(' UNION ALL '), params };
  }
}

function append<V>(map: Map<number, V[]>, key: number, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Collects linked posts row by row: each post once, every link in row order. */
function linkedPosts<P extends { id: number }>(): { add(eventId: number, post: P): void; readonly result: LinkedPosts<P> } {
  const byId = new Map<number, P>();
  const links: { eventId: number; postId: number }[] = [];
  return {
    add(eventId, post) {
      if (!byId.has(post.id)) byId.set(post.id, post);
      links.push({ eventId, postId: post.id });
    },
    get result() {
      return { posts: [...byId.values()], links };
    },
  };
}
