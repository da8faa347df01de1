import { CONTENT_TABLES } from '../../src/seed/seeder';
import { QueryRunner } from 'typeorm';
import { Role } from '../../src/auth/roles';
import { EVENT_KEYS as SRC_EVENT_KEYS } from '../../src/events/event.presenter';
import { TestApp, TestUser } from './test-app';

/** The keys of every event object, in the order the presenter declares (EVENT_KEYS); `recurrence` and `json_ld` only on some. */
export const EVENT_KEYS: string[] = SRC_EVENT_KEYS.filter((key) => key !== 'recurrence' && key !== 'json_ld');

export const ROLES: readonly Role[] = ['subscriber', 'contributor', 'author', 'editor', 'administrator'];

export type Body = Record<string, unknown>;

export interface EventSummary {
  id: number;
  slug: string;
  status: string;
  title: string;
  [key: string]: unknown;
}

/** Users of every role, and short-hands for the event routes, on one TestApp. */
export class EventsClient {
  readonly users = {} as Record<Role, TestUser>;

  private constructor(readonly t: TestApp) {}

  static async start(t: TestApp): Promise<EventsClient> {
    const client = new EventsClient(t);
    for (const role of ROLES) client.users[role] = await t.createUser(role);
    return client;
  }

  auth(role: Role): string {
    return this.users[role].auth;
  }

  /** Creates an event as `role` (administrator by default) and expects 201. */
  async create(body: Body, role: Role = 'administrator'): Promise<EventSummary> {
    const res = await this.t.request
      .post(this.t.api('/events'))
      .set('Authorization', this.auth(role))
      .send({ start_date: '2030-01-10 10:00:00', end_date: '2030-01-10 12:00:00', ...body });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as EventSummary;
  }

  /** GET /events with a query string (no leading "?"), anonymous unless a role is given. */
  list(query = '', role?: Role) {
    const req = this.t.request.get(this.t.api(`/events${query ? `?${query}` : ''}`));
    return role ? req.set('Authorization', this.auth(role)) : req;
  }

  /** The ids a list answers with (expects 200). */
  async ids(query = '', role?: Role): Promise<number[]> {
    const res = await this.list(query, role);
    if (res.status !== 200) throw new Error(`list failed: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body.events as EventSummary[]).map((event) => event.id);
  }

  get(path: string, role?: Role) {
    const req = this.t.request.get(this.t.api(path));
    return role ? req.set('Authorization', this.auth(role)) : req;
  }

  write(method: 'post' | 'put' | 'patch' | 'delete', path: string, body: Body | undefined, role?: Role) {
    const req = this.t.request[method](this.t.api(path));
    if (role) req.set('Authorization', this.auth(role));
    return body === undefined ? req : req.send(body);
  }

  /** Empties events and everything they link to, so a block of tests starts from a known state. */
  async reset(): Promise<void> {
    // Every content table, day counts included (as an operator must after SQL deletes), and all media.
    for (const table of [...CONTENT_TABLES, 'media']) await this.t.sql(`DELETE FROM ${table}`);
  }

  async count(table: string): Promise<number> {
    const rows: { n: number | string }[] = await this.t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`);
    return Number(rows[0].n);
  }

  async createTerm(resource: 'categories' | 'tags', body: Body): Promise<{ id: number; slug: string }> {
    const res = await this.t.request
      .post(this.t.api(`/${resource}`))
      .set('Authorization', this.auth('administrator'))
      .send(body);
    if (res.status !== 201) throw new Error(`term create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; slug: string };
  }

  async createLinked(resource: 'venues' | 'organizers', body: Body, role: Role = 'administrator'): Promise<{ id: number }> {
    const res = await this.t.request
      .post(this.t.api(`/${resource}`))
      .set('Authorization', this.auth(role))
      .send(body);
    if (res.status !== 201) throw new Error(`${resource} create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number };
  }

  /**
   * Counts the SQL statements the app runs while `work` runs (every statement goes through a
   * query runner's `query`).
   */
  async countQueries(work: () => Promise<unknown>): Promise<number> {
    return countQueries(this.t, work);
  }

  async recordQueries(work: () => Promise<unknown>): Promise<string[]> {
    return recordQueries(this.t, work);
  }
}

/** How many statements `work` sends to the database (through any query runner of the app). */
export async function countQueries(t: TestApp, work: () => Promise<unknown>): Promise<number> {
  return (await recordQueries(t, work)).length;
}

/** The SQL of each statement `work` sends to the database (through any query runner of the app), in order. */
export async function recordQueries(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const runner = t.dataSource.createQueryRunner();
  const prototype = Object.getPrototypeOf(runner) as QueryRunner;
  await runner.release();
  const spy = jest.spyOn(prototype, 'query');
  try {
    await work();
    return spy.mock.calls.map(([sql]) => sql);
  } finally {
    spy.mockRestore();
  }
}

/** `YYYY-MM-DD HH:MM:SS` of a Date in UTC. */
export function utc(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** `status` as a write's fields: `future` is a status for later, so it comes dated ahead (else it is `publish` now). */
export function withStatus(status: string): { status: string; date?: string } {
  return status === 'future' ? { status, date: '2099-01-01 00:00:00' } : { status };
}
