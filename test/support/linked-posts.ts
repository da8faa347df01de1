import { randomUUID } from 'node:crypto';
import { ORGANIZER_KEYS as SRC_ORGANIZER_KEYS } from '../../src/organizers/organizer.presenter';
import { VENUE_KEYS as SRC_VENUE_KEYS } from '../../src/venues/venue.presenter';
import { TestApp } from './test-app';

/** The reference's key orders (tec-other-api §2.1, §2.2; json_ld only on single reads), as the presenters declare them. */
export const VENUE_KEYS: readonly string[] = SRC_VENUE_KEYS;
export const ORGANIZER_KEYS: readonly string[] = SRC_ORGANIZER_KEYS;

/** The keys of `object`, which must all be reference keys, in the reference's order. */
export function inReferenceOrder(object: Record<string, unknown>, reference: readonly string[]): string[] {
  return reference.filter((key) => key in object);
}

/** A short random word, so each test finds its own rows with `search`. */
export function token(): string {
  return `t${randomUUID().replace(/-/g, '').slice(0, 10)}`;
}

/**
 * Events for the venue and organizer filters, written straight to the events issue's tables
 * (only the columns without defaults), so these suites do not depend on the events API.
 */
export class EventFixtures {
  constructor(private readonly t: TestApp) {}

  async insertEvent(
    options: { status?: string; start?: Date; venues?: number[]; organizers?: number[]; authorId?: number } = {},
  ): Promise<number> {
    const start = options.start ?? new Date(Date.now() + 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    const now = new Date();
    const at = (date: Date) => this.datetime(date);
    await this.t.sql(
      'INSERT INTO events (author_id, status, slug, title, description, excerpt, start_local, end_local, start_utc, end_utc, timezone, ' +
        'published_at, published_local, modified_at, modified_local) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        options.authorId ?? 1,
        options.status ?? 'publish',
        token(),
        'An event',
        '',
        '',
        at(start),
        at(end),
        at(start),
        at(end),
        'UTC',
        at(now),
        at(now),
        at(now),
        at(now),
      ],
    );
    const rows: { id: number | string }[] = await this.t.dataSource.query('SELECT MAX(id) AS id FROM events');
    const id = Number(rows[0].id);
    // Link rows copy their event's list columns (issue #14), as EventLinks writes them.
    const copies = 'SELECT ?, ?, start_utc, end_utc, status, hide_from_listings FROM events WHERE id = ?';
    const columns = 'start_utc, end_utc, status, hide_from_listings';
    for (const venue of options.venues ?? [])
      await this.t.sql(`INSERT INTO event_venues (event_id, venue_id, ${columns}) ${copies}`, [id, venue, id]);
    for (const organizer of options.organizers ?? [])
      await this.t.sql(`INSERT INTO event_organizers (event_id, organizer_id, ${columns}) ${copies}`, [id, organizer, id]);
    return id;
  }

  async links(table: 'event_venues' | 'event_organizers', eventId: number): Promise<number[]> {
    const column = table === 'event_venues' ? 'venue_id' : 'organizer_id';
    const rows: Record<string, number | string>[] = await this.t.dataSource.query(
      `SELECT ${column} AS id FROM ${table} WHERE event_id = ? ORDER BY ${column}`,
      [eventId],
    );
    return rows.map((row) => Number(row.id));
  }

  async count(table: string): Promise<number> {
    const rows: { n: number | string }[] = await this.t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`);
    return Number(rows[0].n);
  }

  /** How TypeORM stores a datetime on each database (SQLite compares the text). */
  private datetime(date: Date): string {
    const text = date.toISOString().slice(0, 23).replace('T', ' ');
    return this.t.dataSource.options.type === 'better-sqlite3' ? text : text.slice(0, 19);
  }
}
