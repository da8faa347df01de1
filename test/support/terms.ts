import { randomUUID } from 'node:crypto';
import { TERM_KEYS as SRC_TERM_KEYS } from '../../src/terms/term.presenter';
import { TestApp } from './test-app';

/** Test fixtures for the category and tag suites, written straight to the database. */
export class TermFixtures {
  constructor(private readonly t: TestApp) {}

  /** Empties terms and events, so a block of list tests starts from a known state. */
  async reset(): Promise<void> {
    await this.t.sql('DELETE FROM event_terms');
    await this.t.sql('DELETE FROM events');
    await this.t.sql('DELETE FROM terms');
  }

  /** `count` is kept by the events service; lists read it as stored. */
  async setCount(id: number, count: number): Promise<void> {
    await this.t.sql('UPDATE terms SET count = ? WHERE id = ?', [count, id]);
  }

  async countTerms(): Promise<number> {
    const rows: { n: number | string }[] = await this.t.dataSource.query('SELECT COUNT(*) AS n FROM terms');
    return Number(rows[0].n);
  }

  async row(id: number): Promise<{ name: string; slug: string; parent: number; description: string } | undefined> {
    const rows: { name: string; slug: string; parent: number | string; description: string }[] = await this.t.dataSource.query(
      'SELECT name, slug, parent, description FROM terms WHERE id = ?',
      [id],
    );
    return rows[0] && { ...rows[0], parent: Number(rows[0].parent) };
  }

  /** A minimal event row, linked to `termIds`. */
  async insertEvent(options: { status?: string; authorId?: number; termIds?: number[] } = {}): Promise<number> {
    const slug = `event-${randomUUID()}`;
    const at = '2030-01-01 10:00:00';
    await this.t.sql(
      'INSERT INTO events (author_id, status, slug, title, description, excerpt, start_local, end_local, start_utc, end_utc, timezone, ' +
        "published_at, published_local, modified_at, modified_local) VALUES (?, ?, ?, 'Event', '', '', ?, ?, ?, ?, 'UTC', ?, ?, ?, ?)",
      [options.authorId ?? 1, options.status ?? 'publish', slug, at, at, at, at, at, at, at, at],
    );
    const rows: { id: number | string }[] = await this.t.dataSource.query('SELECT id FROM events WHERE slug = ?', [slug]);
    const id = Number(rows[0].id);
    for (const termId of options.termIds ?? []) {
      // Link rows copy their event's list columns (issue #14), as EventLinks writes them.
      await this.t.sql(
        'INSERT INTO event_terms (event_id, term_id, start_utc, end_utc, status, hide_from_listings) ' +
          'SELECT ?, ?, start_utc, end_utc, status, hide_from_listings FROM events WHERE id = ?',
        [id, termId, id],
      );
    }
    return id;
  }

  async eventTermCount(termId: number): Promise<number> {
    const rows: { n: number | string }[] = await this.t.dataSource.query('SELECT COUNT(*) AS n FROM event_terms WHERE term_id = ?', [
      termId,
    ]);
    return Number(rows[0].n);
  }
}

/** As the presenter declares them (TERM_KEYS); tags have no `parent`. */
export const TERM_KEYS: string[] = [...SRC_TERM_KEYS];
export const TAG_KEYS = TERM_KEYS.filter((key) => key !== 'parent');
