import { LoadSpec } from './load';

/** What the scenarios need from the seeded database (picked once per run, deterministically). */
export interface Fixture {
  /** Published, unprotected events, spread over the id range. */
  readonly eventIds: readonly number[];
  readonly eventSlugs: readonly string[];
  /** The busiest published venues. */
  readonly venueIds: readonly number[];
  /** Query strings of "date window + category + search" that match events. */
  readonly filters: readonly string[];
  /** Query strings of "90-day window + category" (no search). */
  readonly windowCategory: readonly string[];
  /** Words of 3+ characters for `search` alone. */
  readonly searchWords: readonly string[];
  /** Create bodies, taken in turn: a few categories and venues, as several editors would. */
  readonly createBodies: readonly Record<string, unknown>[];
  /** `Basic ...` of the administrator. */
  readonly adminAuth: string;
  /** The body size of the default list: the baseline answers as much. */
  readonly baselineBytes: number;
}

export type ScenarioRequest = Pick<LoadSpec, 'method' | 'paths' | 'headers' | 'bodies'>;

export interface Scenario {
  readonly key: string;
  readonly title: string;
  /** Event list scenarios: their SELECTs are EXPLAINed, and the scale mode runs them. */
  readonly eventList: boolean;
  /** Writes change the data: they run last. */
  readonly writes: boolean;
  readonly request: (fixture: Fixture) => ScenarioRequest;
  /** Reads of the data (not the baseline): `--cold` sends them as the signed-in administrator. */
  readonly reads?: boolean;
  /** Load that runs beside the measured one for its whole length (its own connections), e.g. writes. */
  readonly beside?: (fixture: Fixture) => ScenarioRequest & { connections: number };
}

const NS = '/calendar/events/v1';

export const BASELINE: Scenario = {
  key: 'baseline',
  title: 'baseline (constant JSON, no database)',
  eventList: false,
  writes: false,
  request: (f) => ({ method: 'GET', paths: [`/_bench/baseline?bytes=${f.baselineBytes}`] }),
};

/** In the order they run; the baseline runs first and is every ratio's denominator. */
/** Issue #14's writes beside the reads: two connections creating events non-stop as an administrator. */
const twoCreators = (f: Fixture) => ({
  method: 'POST' as const,
  paths: [`${NS}/events`],
  headers: { authorization: f.adminAuth },
  bodies: f.createBodies,
  connections: 2,
});

export const SCENARIOS: readonly Scenario[] = [
  {
    key: 'list',
    title: 'events: default list',
    eventList: true,
    writes: false,
    request: () => ({ method: 'GET', paths: [`${NS}/events`] }),
    reads: true,
  },
  {
    key: 'list-window-category',
    title: 'events: 90-day window + category',
    eventList: true,
    writes: false,
    request: (f) => ({ method: 'GET', paths: f.windowCategory.map((query) => `${NS}/events?${query}`) }),
    reads: true,
  },
  {
    key: 'list-search',
    title: 'events: search one word',
    eventList: true,
    writes: false,
    request: (f) => ({ method: 'GET', paths: f.searchWords.map((word) => `${NS}/events?search=${word}`) }),
    reads: true,
  },
  {
    key: 'list-filtered',
    title: 'events: window + category + search',
    eventList: true,
    writes: false,
    request: (f) => ({ method: 'GET', paths: f.filters.map((query) => `${NS}/events?${query}`) }),
    reads: true,
  },
  {
    key: 'list-venue',
    title: 'events: by venue',
    eventList: true,
    writes: false,
    request: (f) => ({ method: 'GET', paths: f.venueIds.map((id) => `${NS}/events?venue=${id}`) }),
    reads: true,
  },
  {
    key: 'list-page-50',
    title: 'events: page 50',
    eventList: true,
    writes: false,
    request: () => ({ method: 'GET', paths: [`${NS}/events?page=50`] }),
    reads: true,
  },
  {
    key: 'event-by-id',
    title: 'event by id',
    eventList: false,
    writes: false,
    request: (f) => ({ method: 'GET', paths: f.eventIds.map((id) => `${NS}/events/${id}`) }),
    reads: true,
  },
  {
    key: 'event-by-slug',
    title: 'event by slug',
    eventList: false,
    writes: false,
    request: (f) => ({ method: 'GET', paths: f.eventSlugs.map((slug) => `${NS}/events/by-slug/${slug}`) }),
    reads: true,
  },
  {
    key: 'venues',
    title: 'venues: list',
    eventList: false,
    writes: false,
    request: () => ({ method: 'GET', paths: [`${NS}/venues`] }),
  },
  {
    key: 'categories',
    title: 'categories: list',
    eventList: false,
    writes: false,
    request: () => ({ method: 'GET', paths: [`${NS}/categories`] }),
  },
  {
    key: 'create',
    title: 'events: authenticated create',
    eventList: false,
    writes: true,
    request: (f) => ({ method: 'POST', paths: [`${NS}/events`], headers: { authorization: f.adminAuth }, bodies: f.createBodies }),
  },
  {
    // Issue #14: anonymous default lists (remembered reads on) while two connections create events non-stop.
    key: 'mixed',
    title: 'events: default list while 2 connections create',
    eventList: true,
    writes: true,
    request: () => ({ method: 'GET', paths: [`${NS}/events`] }),
    beside: twoCreators,
  },
  {
    // Issue #14: single reads survive writes that do not touch their event (scoped ends of remembered reads).
    key: 'mixed-by-id',
    title: 'event by id while 2 connections create',
    eventList: false,
    writes: true,
    request: (f) => ({ method: 'GET', paths: f.eventIds.map((id) => `${NS}/events/${id}`) }),
    beside: twoCreators,
  },
];
