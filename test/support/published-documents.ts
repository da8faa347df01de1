import { TestApp } from './test-app';

/**
 * The published documents of issue #13's safety net: the namespace index, /doc and the error
 * bodies of bad requests, in every language the app serves. `test/golden/` holds them as they
 * were before the DTOs moved to class-validator and /doc to @nestjs/swagger; they must not change.
 */

export const GOLDEN_LANGUAGES = ['en_US', 'fr_FR', 'de_DE'] as const;
export type GoldenLanguage = (typeof GOLDEN_LANGUAGES)[number];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface BadRequest {
  readonly name: string;
  readonly method: Method;
  /** The route under the namespace; `{event}` etc. are replaced by the fixture's ids. */
  readonly path: string;
  readonly query?: string;
  readonly body?: Record<string, unknown> | string;
  readonly form?: boolean;
}

const long = 'x'.repeat(300);

/** Bad requests per resource: missing required parameters, invalid values, several at once. */
export const BAD_REQUESTS: readonly BadRequest[] = [
  // namespace index
  { name: 'index: bad context', method: 'get', path: '', query: 'context=nope' },
  // events
  { name: 'events list: bad page and per_page', method: 'get', path: '/events', query: 'page=0&per_page=abc' },
  {
    name: 'events list: every kind of bad filter',
    method: 'get',
    path: '/events',
    query:
      'start_date=not-a-date&end_date=2025-13-45&starts_before=x&strict_dates=maybe&featured=perhaps&geoloc=x&geoloc_lat=200&geoloc_lng=abc&geoloc_radius=-1&categories[]=a%20b&include=x,y&post_parent=-3&ticketed=2&status=nope&search=' +
      long.repeat(10),
  },
  { name: 'events create: empty body', method: 'post', path: '/events', body: {} },
  { name: 'events create: title only', method: 'post', path: '/events', body: { title: 'A' } },
  {
    name: 'events create: several invalid values',
    method: 'post',
    path: '/events',
    body: {
      title: '<b></b>',
      start_date: 'tomorrowish',
      end_date: 12.5,
      author: -1,
      date: 'x',
      date_utc: [],
      slug: '!!!',
      status: 'nope',
      timezone: 'Mars/Olympus',
      all_day: 'perhaps',
      image: {},
      cost: { a: 1 },
      website: 'ftp://x',
      show_map: 'x',
      show_map_link: [],
      hide_from_listings: {},
      sticky: 3,
      featured: 'nah',
      categories: [{ name: 'Jazz' }],
      tags: [true],
      venue: 'abc',
      organizer: [{ id: 'x' }],
      password: long,
      ticketed: 'x',
      post_parent: -1,
    },
  },
  {
    name: 'events create: lone surrogate in title',
    method: 'post',
    path: '/events',
    body: '{"title":"\\ud800","start_date":"2030-01-01 10:00","end_date":"2030-01-01 11:00"}',
  },
  { name: 'events create: form body', method: 'post', path: '/events', body: 'title=&start_date=x&end_date=y&all_day=maybe', form: true },
  {
    name: 'events update: lone surrogate in a venue',
    method: 'post',
    path: '/events/{event}',
    body: '{"venue":{"venue":"\\udc00"},"tags":"t"}',
  },
  {
    name: 'events update: invalid values',
    method: 'patch',
    path: '/events/{event}',
    body: { title: '', start_date: 'x', website: 'nope', venue: [[]] },
  },
  {
    name: 'events update by slug: invalid values',
    method: 'put',
    path: '/events/by-slug/golden-event',
    body: { slug: '***', all_day: 'x' },
  },
  { name: 'events read: bad password', method: 'get', path: '/events/{event}', query: `password=${long}` },
  { name: 'events delete: bad force', method: 'delete', path: '/events/{event}', query: 'force=maybe' },
  // venues
  { name: 'venues list: bad values', method: 'get', path: '/venues', query: 'page=-1&per_page=0&event=x&status=nope' },
  { name: 'venues create: empty body', method: 'post', path: '/venues', body: {} },
  {
    name: 'venues create: several invalid values',
    method: 'post',
    path: '/venues',
    body: {
      venue: '<i></i>',
      author: 'x',
      date: 'x',
      status: 'x',
      show_map: [],
      address: long,
      website: 'x',
      image: 'x',
      geo_lat: 91,
      geo_lng: 'x',
      password: '',
    },
  },
  { name: 'venues update: invalid values', method: 'post', path: '/venues/{venue}', body: { venue: '', city: {}, zip: long } },
  // organizers
  {
    name: 'organizers list: bad values',
    method: 'get',
    path: '/organizers',
    query: 'page=x&only_with_upcoming=1&has_events=&status=trash,nope',
  },
  { name: 'organizers create: empty body', method: 'post', path: '/organizers', body: { organizer: null } },
  {
    name: 'organizers create: several invalid values',
    method: 'post',
    path: '/organizers',
    body: { organizer: 'O', email: 'not-an-email', phone: [], website: 'javascript:alert(1)', status: 'x' },
  },
  {
    name: 'organizers update by slug: invalid values',
    method: 'patch',
    path: '/organizers/by-slug/golden-organizer',
    body: { email: '"<x>"@example.com' },
  },
  // categories
  {
    name: 'categories list: bad values',
    method: 'get',
    path: '/categories',
    query: 'order=up&orderby=colour&hide_empty=maybe&parent=x&exclude=a&include[]=1&include[]=b',
  },
  { name: 'categories create: empty body', method: 'post', path: '/categories', body: {} },
  {
    name: 'categories create: several invalid values',
    method: 'post',
    path: '/categories',
    body: { name: '<p></p>', slug: '---', parent: -1, description: 5 },
  },
  { name: 'categories update: invalid values', method: 'put', path: '/categories/{category}', body: { name: '', parent: 'x' } },
  // tags
  { name: 'tags list: bad values', method: 'get', path: '/tags', query: 'per_page=abc&post=0&event=-1&slug=' },
  { name: 'tags create: missing name', method: 'post', path: '/tags', body: { description: 'd' } },
  { name: 'tags update: invalid values', method: 'patch', path: '/tags/{tag}', body: { name: long, slug: '' } },
];

export interface Fixture {
  readonly event: number;
  readonly venue: number;
  readonly organizer: number;
  readonly category: number;
  readonly tag: number;
  readonly auth: string;
}

/** One of each resource, for the update and read routes to find. */
export async function createFixture(t: TestApp): Promise<Fixture> {
  const { auth } = await t.createUser('administrator', 'golden-admin');
  const post = async (path: string, body: Record<string, unknown>): Promise<number> => {
    const res = await t.request.post(t.api(path)).set('Authorization', auth).send(body).expect(201);
    return (res.body as { id: number }).id;
  };
  return {
    auth,
    event: await post('/events', { title: 'Golden event', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' }),
    venue: await post('/venues', { venue: 'Golden venue' }),
    organizer: await post('/organizers', { organizer: 'Golden organizer' }),
    category: await post('/categories', { name: 'Golden category' }),
    tag: await post('/tags', { name: 'Golden tag' }),
  };
}

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

function route(request: BadRequest, fixture: Fixture): string {
  return request.path.replace(/\{(\w+)\}/g, (_, key: keyof Fixture) => String(fixture[key]));
}

/** Sends one bad request in one language; bodies are parsed JSON (key order kept). */
export async function send(t: TestApp, fixture: Fixture, request: BadRequest, language: GoldenLanguage): Promise<Answer> {
  const url = `${t.api(route(request, fixture))}${request.query ? `?${request.query}` : ''}`;
  let call = t.request[request.method](url).set('Authorization', fixture.auth).set('Accept-Language', language.replace('_', '-'));
  if (request.body !== undefined) {
    if (typeof request.body === 'string')
      call = call.set('Content-Type', request.form ? 'application/x-www-form-urlencoded' : 'application/json');
    call = call.send(request.body);
  }
  const res = await call;
  return { status: res.status, body: JSON.parse(res.text) as unknown };
}

/** GET a published document in one language, on SITE_URL's host (so /doc lists one server). */
export async function document(t: TestApp, path: '/' | '/doc', language: GoldenLanguage): Promise<Answer> {
  const res = await t.request.get(t.api(path)).set('Host', 'calendar.test').set('Accept-Language', language.replace('_', '-'));
  return { status: res.status, body: withoutClock(JSON.parse(res.text) as unknown) };
}

/** The index's `start_date`/`end_date` defaults are dates of the request's day: stored as placeholders. */
const CLOCK_DEFAULTS = new Set(['start_date', 'end_date']);
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function withoutClock(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutClock(item));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => {
      const arg = item as { default?: unknown };
      if (key === 'args' && CLOCK_DEFAULTS.has(name) && typeof arg.default === 'string' && WALL_CLOCK.test(arg.default)) {
        return [name, { ...arg, default: '<the request day>' }];
      }
      return [name, withoutClock(item, name)];
    }),
  );
}

export const goldenFile = (name: string): string => `${__dirname}/../golden/${name}.json`;

/** The stored form: two-space JSON, so a byte comparison is a deep comparison with key order. */
export const serialise = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
