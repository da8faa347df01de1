import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { DateTime } from 'luxon';
import { CATALOGS } from '../src/common/i18n/catalogs';
import { APP_CONFIG, AppConfig } from '../src/config/app-config';
import { ArgSpec, getArgSpecs } from '../src/common/params/arg-spec';
import { ARGS_DTO } from '../src/common/params/args.decorator';
import { TEST_DATABASES } from './support/databases';
import { OpenApiDoc, expectMatchesDoc, findDocPath } from './support/openapi-shapes';
import { validateOpenApi } from './support/openapi-validator';
import { TestApp, TestUser } from './support/test-app';

const NS = '/calendar/events/v1';
const ROOT = `http://calendar.test${NS}`;
const METHOD_NAMES = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** Route keys and methods of the reference's index, in its order (tec-other-api §1, §5.1). */
const REFERENCE_ROUTES: [string, string[]][] = [
  [NS, ['GET']],
  [`${NS}/doc`, ['GET']],
  [`${NS}/events`, ['GET', 'POST']],
  [`${NS}/events/(?P<id>\\d+)`, ['GET', 'DELETE', 'POST', 'PUT', 'PATCH']],
  [`${NS}/events/by-slug/(?P<slug>[^/]+)`, ['GET', 'DELETE', 'POST', 'PUT', 'PATCH']],
  [`${NS}/venues`, ['GET', 'POST']],
  [`${NS}/venues/(?P<id>\\d+)`, ['GET', 'DELETE', 'POST', 'PUT', 'PATCH']],
  [`${NS}/venues/by-slug/(?P<slug>[^/]+)`, ['GET', 'DELETE', 'POST', 'PUT', 'PATCH']],
  [`${NS}/organizers`, ['GET', 'POST']],
  [`${NS}/organizers/(?P<id>\\d+)`, ['GET', 'DELETE', 'POST', 'PUT', 'PATCH']],
  [`${NS}/organizers/by-slug/(?P<slug>[^/]+)`, ['GET', 'DELETE', 'POST', 'PUT', 'PATCH']],
  [`${NS}/categories`, ['GET', 'POST']],
  [`${NS}/categories/(?P<id>\\d+)`, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']],
  [`${NS}/tags`, ['GET', 'POST']],
  [`${NS}/tags/(?P<id>\\d+)`, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']],
];

// ---- The specification's parameter tables (§2, §4), written down from its text ----

/** `default`: the specification's default; NONE where it writes "-"; absent where it has no default column or a computed one. */
interface SpecParam {
  readonly name: string;
  readonly type: string | undefined;
  readonly required: boolean;
  readonly items?: string;
  readonly format?: string;
  readonly default?: unknown;
}
const NONE = Symbol('no default');
const UNTYPED = undefined;
const p = (name: string, type: string | undefined, required: boolean, more: Partial<SpecParam> = {}): SpecParam => ({
  name,
  type,
  required,
  ...more,
});
const optional = (params: SpecParam[]) => params.map((param) => ({ ...param, required: false }));

const INDEX_PARAMS = [p('namespace', UNTYPED, false, { default: 'calendar/events/v1' }), p('context', UNTYPED, false, { default: 'view' })];

const EVENT_LIST = [
  p('page', 'integer', false, { default: 1 }),
  p('per_page', 'integer', false, { default: '10' }),
  p('start_date', UNTYPED, false),
  p('end_date', UNTYPED, false),
  p('starts_before', UNTYPED, false, { default: NONE }),
  p('starts_after', UNTYPED, false, { default: NONE }),
  p('ends_before', UNTYPED, false, { default: NONE }),
  p('ends_after', UNTYPED, false, { default: NONE }),
  p('strict_dates', UNTYPED, false, { default: 'false' }),
  p('search', 'string', false, { default: NONE }),
  p('categories', 'array', false, { items: 'integer', default: NONE }),
  p('tags', 'array', false, { items: 'integer', default: NONE }),
  p('venue', 'array', false, { items: 'integer', default: NONE }),
  p('organizer', 'array', false, { items: 'integer', default: NONE }),
  p('featured', 'boolean', false, { default: NONE }),
  p('status', 'string', false, { default: NONE }),
  p('geoloc', 'boolean', false, { default: NONE }),
  p('geoloc_lat', 'number', false, { format: 'double', default: NONE }),
  p('geoloc_lng', 'number', false, { format: 'double', default: NONE }),
  p('include', 'array', false, { items: 'integer', default: NONE }),
  p('post_parent', 'integer', false, { default: NONE }),
  p('ticketed', 'boolean', false, { default: NONE }),
];

const EVENT_FIELDS = [
  p('title', 'string', true, { default: NONE }),
  p('start_date', 'string', true, { default: NONE }),
  p('end_date', 'string', true, { default: NONE }),
  p('author', 'integer', false, { default: NONE }),
  p('date', 'string', false, { default: NONE }),
  p('date_utc', 'string', false, { default: NONE }),
  p('description', 'string', false, { default: NONE }),
  p('slug', 'string', false, { default: NONE }),
  p('excerpt', 'string', false, { default: NONE }),
  p('status', 'string', false, { default: NONE }),
  p('timezone', 'string', false, { default: NONE }),
  p('all_day', 'boolean', false, { default: false }),
  p('image', 'string', false, { default: NONE }),
  p('cost', UNTYPED, false, { default: NONE }),
  p('website', UNTYPED, false, { default: null }),
  p('show_map', 'boolean', false, { default: NONE }),
  p('show_map_link', 'boolean', false, { default: NONE }),
  p('hide_from_listings', 'boolean', false, { default: NONE }),
  p('sticky', 'boolean', false, { default: NONE }),
  p('featured', 'boolean', false, { default: NONE }),
  p('categories', 'array', false, { items: 'integer', default: null }),
  p('tags', 'array', false, { items: 'integer', default: null }),
  p('venue', 'array', false, { items: 'integer', default: null }),
  p('organizer', 'array', false, { items: 'integer', default: null }),
];
const EVENT_ID = [p('id', 'integer', true), p('password', 'string', false)];
const SLUG = [p('slug', 'string', true)];
const ID = [p('id', 'integer', true)];

const LINKED_LIST = (): SpecParam[] => [
  p('page', 'integer', false, { default: 1 }),
  p('per_page', 'integer', false, { default: '10' }),
  p('search', 'string', false, { default: NONE }),
  p('event', 'integer', false, { default: NONE }),
  p('has_events', UNTYPED, false, { default: NONE }),
  p('only_with_upcoming', UNTYPED, false, { default: false }),
  p('status', 'string', false, { default: NONE }),
];

const VENUE_FIELDS = [
  p('venue', 'string', true, { default: NONE }),
  p('author', 'integer', false, { default: NONE }),
  p('date', 'string', false, { default: NONE }),
  p('date_utc', 'string', false, { default: NONE }),
  p('description', 'string', false, { default: null }),
  p('status', 'string', false, { default: NONE }),
  ...[
    'show_map',
    'show_map_link',
    'address',
    'city',
    'country',
    'province',
    'state',
    'zip',
    'phone',
    'stateprovince',
    'website',
    'image',
  ].map((name) => p(name, 'string', false, { default: null })),
];

const ORGANIZER_FIELDS = [
  p('organizer', 'string', true, { default: null }),
  p('author', 'integer', false, { default: null }),
  ...['date', 'date_utc', 'description', 'status', 'phone', 'website', 'email', 'image'].map((name) =>
    p(name, 'string', false, { default: null }),
  ),
];

const TERM_LIST = (withParent: boolean): SpecParam[] => [
  p('page', 'integer', false, { default: 1 }),
  p('per_page', 'integer', false, { default: '10' }),
  p('search', 'string', false, { default: NONE }),
  p('exclude', 'array', false, { items: 'integer', default: NONE }),
  p('include', 'array', false, { items: 'integer', default: NONE }),
  p('order', 'string', false, { default: NONE }),
  p('orderby', 'string', false, { default: NONE }),
  p('hide_empty', 'boolean', false, { default: '1' }),
  ...(withParent ? [p('parent', 'integer', false, { default: NONE })] : []),
  p('post', 'integer', false, { default: NONE }),
  p('event', 'integer', false, { default: NONE }),
  p('slug', 'string', false, { default: NONE }),
];
const CATEGORY_FIELDS = [
  p('name', 'string', true),
  p('description', 'string', false),
  p('slug', 'string', false),
  p('parent', 'integer', false),
];
const TAG_FIELDS = CATEGORY_FIELDS.filter((param) => param.name !== 'parent');

const UPDATE = ['POST', 'PUT', 'PATCH'];
type Table = [route: string, methods: string[], params: SpecParam[]];
const linked = (resource: string, fields: SpecParam[]): Table[] => [
  [`/${resource}`, ['GET'], LINKED_LIST()],
  [`/${resource}`, ['POST'], fields],
  [`/${resource}/(?P<id>\\d+)`, ['GET', 'DELETE'], ID],
  [`/${resource}/(?P<id>\\d+)`, UPDATE, [...ID, ...optional(fields)]],
  [`/${resource}/by-slug/(?P<slug>[^/]+)`, ['GET', 'DELETE'], SLUG],
  [`/${resource}/by-slug/(?P<slug>[^/]+)`, UPDATE, [...SLUG, ...optional(fields)]],
];
const terms = (resource: string, list: SpecParam[], fields: SpecParam[]): Table[] => [
  [`/${resource}`, ['GET'], list],
  [`/${resource}`, ['POST'], fields],
  [`/${resource}/(?P<id>\\d+)`, ['GET', 'DELETE'], ID],
  [`/${resource}/(?P<id>\\d+)`, UPDATE, [...ID, ...optional(fields)]],
];
const SPEC_TABLES: Table[] = [
  ['', ['GET'], INDEX_PARAMS],
  ['/doc', ['GET'], []],
  ['/events', ['GET'], EVENT_LIST],
  ['/events', ['POST'], EVENT_FIELDS],
  ['/events/(?P<id>\\d+)', ['GET', 'DELETE'], EVENT_ID],
  ['/events/(?P<id>\\d+)', UPDATE, [...EVENT_ID, ...optional(EVENT_FIELDS)]],
  ['/events/by-slug/(?P<slug>[^/]+)', ['GET', 'DELETE'], SLUG],
  ['/events/by-slug/(?P<slug>[^/]+)', UPDATE, optional(EVENT_FIELDS)],
  ...linked('venues', VENUE_FIELDS),
  ...linked('organizers', ORGANIZER_FIELDS),
  ...terms('categories', TERM_LIST(true), CATEGORY_FIELDS),
  ...terms('tags', TERM_LIST(false), TAG_FIELDS),
];

interface IndexArg {
  description: string;
  type?: string;
  format?: string;
  items?: { type: string };
  enum?: string[];
  default?: unknown;
  required: boolean;
}
interface IndexRoute {
  namespace: string;
  methods: string[];
  endpoints: { methods: string[]; args: Record<string, IndexArg> }[];
  _links?: { self: { href: string }[] };
}
interface NamespaceIndex {
  namespace: string;
  routes: Record<string, IndexRoute>;
  _links: { up: { href: string }[] };
}

function endpointOf(index: NamespaceIndex, key: string, method: string) {
  const route = index.routes[key];
  if (!route) throw new Error(`the index has no route ${key}`);
  const endpoint = route.endpoints.find((e) => e.methods.includes(method));
  if (!endpoint) throw new Error(`${key} has no ${method} endpoint`);
  return endpoint;
}

/** Removes every string-valued `description` and `summary`: what differs between languages. */
function withoutTexts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTexts);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, item]) => !((key === 'description' || key === 'summary') && typeof item === 'string'))
        .map(([key, item]) => [key, withoutTexts(item)]),
    );
  }
  return value;
}

function strings(value: unknown, key: string, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => strings(item, key, found));
  else if (value && typeof value === 'object') {
    for (const [k, item] of Object.entries(value)) {
      if (k === key && typeof item === 'string') found.push(item);
      else strings(item, key, found);
    }
  }
  return found;
}

describe.each(TEST_DATABASES)('discovery on $kind', (database) => {
  let t: TestApp;
  let admin: TestUser;
  let index: NamespaceIndex;
  let doc: OpenApiDoc;
  const ids = {} as Record<'category' | 'tag' | 'venue' | 'organizer' | 'event', number>;
  const slugs = {} as Record<'venue' | 'organizer' | 'event', string>;

  beforeAll(async () => {
    t = await TestApp.start(database);
    admin = await t.createUser('administrator');
    index = (await t.request.get(t.api()).expect(200)).body;
    doc = (await t.request.get(t.api('/doc')).expect(200)).body;
  });
  afterAll(() => t.close());

  const as = () => ({ Authorization: admin.auth });

  describe('the namespace index', () => {
    it('answers {namespace, routes, _links} with every route in the reference order and its methods in the reference order', () => {
      expect(Object.keys(index)).toEqual(['namespace', 'routes', '_links']);
      expect(index.namespace).toBe('calendar/events/v1');
      const keys = Object.keys(index.routes);
      expect(keys.filter((key) => REFERENCE_ROUTES.some(([pattern]) => pattern === key))).toEqual(REFERENCE_ROUTES.map(([key]) => key));
      for (const [key, methods] of REFERENCE_ROUTES) expect(index.routes[key].methods).toEqual(methods);
      for (const route of Object.values(index.routes)) {
        expect(Object.keys(route).filter((key) => key !== '_links')).toEqual(['namespace', 'methods', 'endpoints']);
        expect(route.namespace).toBe('calendar/events/v1');
        expect(route.endpoints.flatMap((endpoint) => endpoint.methods)).toEqual(route.methods);
        for (const endpoint of route.endpoints) expect(Object.keys(endpoint)).toEqual(['methods', 'args']);
      }
    });

    it('links the routes without path parameters to themselves, and the index up to the REST root', () => {
      expect(index._links).toEqual({ up: [{ href: 'http://calendar.test/' }] });
      for (const [key, route] of Object.entries(index.routes)) {
        if (key.includes('(?P<')) expect(route._links).toBeUndefined();
        else expect(route._links).toEqual({ self: [{ href: `http://calendar.test${key}` }] });
      }
    });

    it("shows the index's own parameters as WordPress core declares them, {default, required} only (observed)", () => {
      expect(index.routes[NS].endpoints).toEqual([
        {
          methods: ['GET'],
          args: { namespace: { default: 'calendar/events/v1', required: false }, context: { default: 'view', required: false } },
        },
      ]);
    });

    it("shows the events list's start_date and end_date defaults as this request gets them: the bounds the default list applies", async () => {
      const zone = t.app.get<AppConfig>(APP_CONFIG).siteTimezone;
      const before = DateTime.now().setZone(zone).startOf('day');
      const [fresh, list] = await Promise.all([t.request.get(t.api()).expect(200), t.request.get(t.api('/events')).expect(200)]);
      const after = DateTime.now().setZone(zone).startOf('day');
      const applied = new URL(list.body.rest_url as string).searchParams;
      for (const key of [`${NS}/events`, `${NS}/events/ics`]) {
        const args = endpointOf(fresh.body as NamespaceIndex, key, 'GET').args;
        expect({ key, start: args.start_date, end: args.end_date }).toEqual({
          key,
          start: { description: 'Events that start on the specified date', default: applied.get('start_date'), required: false },
          end: { description: 'Events that end on the specified date', default: applied.get('end_date'), required: false },
        });
      }
      // A date-time at request time, and about two years after it (specification §4.2): the site
      // day of the requests (either one, should they straddle midnight).
      const bounds = (day: DateTime) => [
        day.toFormat('yyyy-MM-dd HH:mm:ss'),
        day.plus({ years: 2 }).endOf('day').toFormat('yyyy-MM-dd HH:mm:ss'),
      ];
      expect([bounds(before), bounds(after)]).toContainEqual([applied.get('start_date'), applied.get('end_date')]);
    });

    it('lists only the API: not the docs page, /health or /ready', () => {
      const keys = Object.keys(index.routes);
      expect(keys.every((key) => key === NS || key.startsWith(`${NS}/`))).toBe(true);
      expect(keys.filter((key) => /docs|health|ready/.test(key))).toEqual([]);
    });

    it('shows every declared parameter of every handler with its declared type, default, required flag and description', () => {
      const discovery = t.app.get(DiscoveryService);
      const scanner = new MetadataScanner();
      let checked = 0;
      for (const wrapper of discovery.getControllers()) {
        const controller = wrapper.metatype as Function;
        const prototype = controller.prototype as Record<string, Function>;
        for (const name of scanner.getAllMethodNames(prototype)) {
          const method = METHOD_NAMES[Reflect.getMetadata(METHOD_METADATA, prototype[name]) as number];
          const dto = Reflect.getMetadata(ARGS_DTO, prototype, name) as Function | undefined;
          if (!method || !dto) continue;
          const segments = [Reflect.getMetadata(PATH_METADATA, controller), Reflect.getMetadata(PATH_METADATA, prototype[name])]
            .join('/')
            .split('/')
            .filter(Boolean);
          // Unlisted ones (by-slug `password`) are taken, not shown.
          const specs = getArgSpecs(dto).filter((spec) => !spec.unlisted);
          const regex = (param: string) => (specs.find((s) => s.name === param)?.type === 'string' || param === 'slug' ? '[^/]+' : '\\d+');
          const key = NS + segments.map((s) => (s.startsWith(':') ? `/(?P<${s.slice(1)}>${regex(s.slice(1))})` : `/${s}`)).join('');
          const args = endpointOf(index, key, method).args;
          expect(Object.keys(args)).toEqual(specs.map((spec) => spec.name));
          for (const spec of specs) expect(args[spec.name]).toEqual(expected(spec));
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(30);
    });

    it.each(SPEC_TABLES.map(([route, methods, params]) => [`${methods.join('/')} ${route || '/'}`, route, methods, params] as const))(
      "has the specification's parameters of %s",
      (_, route, methods, params) => {
        for (const method of methods) {
          const args = endpointOf(index, `${NS}${route}`, method).args;
          if (!params.length) expect(args).toEqual({});
          for (const param of params) {
            const arg = args[param.name];
            expect({ name: param.name, method, arg }).toEqual({
              name: param.name,
              method,
              arg: expect.objectContaining({ required: param.required }),
            });
            expect({ name: param.name, type: arg.type }).toEqual({ name: param.name, type: param.type });
            if (param.items) expect(arg.items).toEqual({ type: param.items });
            if (param.format) expect(arg.format).toBe(param.format);
            if (param.default === NONE)
              expect({ name: param.name, hasDefault: 'default' in arg }).toEqual({ name: param.name, hasDefault: false });
            else if ('default' in param)
              expect({ name: param.name, default: arg.default }).toEqual({ name: param.name, default: param.default });
          }
        }
      },
    );

    it('does not list password for the by-slug event routes, as the specification says, where by id it does', () => {
      const bySlug = `${NS}/events/by-slug/(?P<slug>[^/]+)`;
      for (const method of ['GET', 'DELETE', 'POST', 'PUT', 'PATCH'])
        expect({ method, password: 'password' in endpointOf(index, bySlug, method).args }).toEqual({ method, password: false });
      expect(Object.keys(endpointOf(index, bySlug, 'GET').args)).toEqual(['slug']);
      for (const method of ['GET', 'DELETE', 'PATCH'])
        expect({ method, password: 'password' in endpointOf(index, `${NS}/events/(?P<id>\\d+)`, method).args }).toEqual({
          method,
          password: true,
        });
    });

    it('accepts context view, embed and edit, and answers 400 rest_invalid_param for another', async () => {
      for (const context of ['view', 'embed', 'edit']) await t.request.get(t.api(`?context=${context}`)).expect(200);
      const res = await t.request.get(t.api('?context=help')).expect(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { context: expect.any(String) } } });
    });

    it('answers 404 rest_invalid_namespace for another namespace, and 200 for its own', async () => {
      const res = await t.request.get(t.api('?namespace=wp/v2')).expect(404);
      expect(res.body).toEqual({
        code: 'rest_invalid_namespace',
        message: 'The specified namespace could not be found.',
        data: { status: 404 },
      });
      await t.request.get(t.api('?namespace=calendar/events/v1')).expect(200);
    });
  });

  describe('/doc', () => {
    it('passes the OpenAPI validator', () => {
      expect(validateOpenApi(doc)).toEqual({ valid: true });
    });

    it('has the top-level keys openapi, info, components, servers, paths, and the REST root as reached as its first server', async () => {
      expect(Object.keys(doc)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
      expect((doc as unknown as { openapi: string }).openapi).toBe('3.0.0');
      const res = await t.request.get(t.api('/doc')).set('Host', 'calendar.test').expect(200);
      expect(res.body.servers).toEqual([{ url: `${ROOT}/`, description: expect.any(String) }]);
      const other = await t.request.get(t.api('/doc')).set('Host', 'api.example.org:8443').expect(200);
      expect(other.body.servers.map((server: { url: string }) => server.url)).toEqual([`http://api.example.org:8443${NS}/`, `${ROOT}/`]);
    });

    it('ignores X-Forwarded-Proto and X-Forwarded-Host without TRUST_PROXY', async () => {
      const res = await t.request
        .get(t.api('/doc'))
        .set('Host', 'api.example.org')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-Host', 'evil.example')
        .expect(200);
      expect(res.body.servers[0].url).toBe(`http://api.example.org${NS}/`);
    });

    it('documents every route and every method of the index, and nothing else', () => {
      const expectedPaths = Object.keys(index.routes).map((key) => key.slice(NS.length).replace(/\(\?P<(\w+)>[^)]+\)/g, '{$1}') || '/');
      expect(Object.keys(doc.paths)).toEqual(expectedPaths);
      for (const [key, route] of Object.entries(index.routes)) {
        const path = key.slice(NS.length).replace(/\(\?P<(\w+)>[^)]+\)/g, '{$1}') || '/';
        expect(Object.keys(doc.paths[path])).toEqual(route.methods.map((method) => method.toLowerCase()));
      }
    });

    it('documents every parameter of the index: reads in the query, writes in a JSON and a form body', () => {
      const paths = doc.paths as unknown as Record<
        string,
        Record<string, { parameters: { name: string; in: string }[]; requestBody?: { $ref: string } }>
      >;
      const bodies = doc.components.requestBodies as Record<
        string,
        { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
      >;
      for (const [key, route] of Object.entries(index.routes)) {
        const path = key.slice(NS.length).replace(/\(\?P<(\w+)>[^)]+\)/g, '{$1}') || '/';
        for (const endpoint of route.endpoints) {
          for (const method of endpoint.methods) {
            const operation = paths[path][method.toLowerCase()];
            const body = operation.requestBody ? bodies[operation.requestBody.$ref.split('/').pop()!] : undefined;
            if (body) expect(Object.keys(body.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
            const names = [
              ...operation.parameters.map((param) => param.name),
              ...Object.keys(body?.content['application/json'].schema.properties ?? {}),
            ];
            expect(names).toEqual(expect.arrayContaining(Object.keys(endpoint.args)));
            if (method === 'GET') expect(operation.requestBody).toBeUndefined();
          }
        }
      }
    });

    it('has the schemas of every object, envelope and the error body, and the Basic security scheme', () => {
      expect(Object.keys(doc.components.schemas)).toEqual(
        expect.arrayContaining(['ImageSize', 'CostDetails', 'Term', 'Image', 'DateDetails', 'Event', 'Venue', 'Organizer']),
      );
      expect(Object.keys(doc.components.schemas)).toEqual(
        expect.arrayContaining(['EventList', 'VenueList', 'OrganizerList', 'CategoryList', 'TagList', 'Error']),
      );
      expect(doc.components.securitySchemes.basic).toMatchObject({ type: 'http', scheme: 'basic' });
    });
  });

  describe('real responses match /doc key for key', () => {
    beforeAll(async () => {
      const post = (path: string, body: Record<string, unknown>) => t.request.post(t.api(path)).set(as()).send(body);
      const category = await post('/categories', { name: 'Concerts', description: 'Live music' }).expect(201);
      const tag = await post('/tags', { name: 'outdoor' }).expect(201);
      const venue = await post('/venues', {
        venue: 'Peer Hall',
        address: '1 Main St',
        city: 'Springfield',
        country: 'United States',
        state: 'IL',
        zip: '62701',
        phone: '555-1234',
        website: 'https://example.com/v',
      }).expect(201);
      const organizer = await post('/organizers', {
        organizer: 'Peer Org',
        email: 'org@example.com',
        phone: '555-9999',
        website: 'https://example.com/o',
      }).expect(201);
      const start = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const event = await post('/events', {
        title: 'Peer Test Event',
        description: '<p>Hello <b>world</b></p>',
        excerpt: 'Short',
        start_date: `${start} 18:00:00`,
        end_date: `${start} 21:00:00`,
        timezone: 'Europe/Berlin',
        cost: '$10',
        website: 'https://example.com/e',
        image: 'https://example.com/picture.jpg',
        categories: [category.body.id],
        tags: [tag.body.id],
        venue: venue.body.id,
        organizer: [organizer.body.id],
      }).expect(201);
      for (const res of [category, tag, venue, organizer, event]) expectMatchesDoc(doc, res);
      Object.assign(ids, {
        category: category.body.id,
        tag: tag.body.id,
        venue: venue.body.id,
        organizer: organizer.body.id,
        event: event.body.id,
      });
      Object.assign(slugs, { venue: venue.body.slug, organizer: organizer.body.slug, event: event.body.slug });
    });

    it('for the index and /doc', async () => {
      expectMatchesDoc(doc, await t.request.get(t.api()).expect(200));
      expectMatchesDoc(doc, await t.request.get(t.api('/doc')).expect(200));
    });

    it.each(['events', 'venues', 'organizers', 'categories', 'tags'])(
      'for the %s list, its single reads and an error',
      async (resource) => {
        const key = resource === 'categories' ? 'category' : (resource.slice(0, -1) as 'tag' | 'venue' | 'organizer' | 'event');
        const list = await t.request
          .get(t.api(`/${resource}${resource === 'categories' || resource === 'tags' ? '?hide_empty=false' : ''}`))
          .expect(200);
        expect(list.body[resource].length).toBeGreaterThan(0);
        expectMatchesDoc(doc, list);
        expectMatchesDoc(doc, await t.request.get(t.api(`/${resource}/${ids[key]}`)).expect(200));
        if (key !== 'category' && key !== 'tag')
          expectMatchesDoc(doc, await t.request.get(t.api(`/${resource}/by-slug/${slugs[key]}`)).expect(200));
        expectMatchesDoc(doc, await t.request.get(t.api(`/${resource}/999999`)).expect(404));
        expectMatchesDoc(doc, await t.request.get(t.api(`/${resource}?page=abc`)).expect(400));
      },
    );

    it('for the events of a series: their recurrence, as created, read, listed and updated', async () => {
      const series = await t.request
        .post(t.api('/events'))
        .set(as())
        .send({
          title: 'Weekly',
          start_date: '2027-03-01 10:00:00',
          end_date: '2027-03-01 11:00:00',
          recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
        })
        .expect(201);
      expect(series.body.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=3']);
      expectMatchesDoc(doc, series);
      expectMatchesDoc(doc, await t.request.get(t.api(`/events/${series.body.id}`)).expect(200));
      const occurrences = await t.request
        .get(t.api('/events'))
        .query({ post_parent: series.body.id, start_date: '2027-01-01' })
        .expect(200);
      expect(occurrences.body.events.map((event: { post_parent: number }) => event.post_parent)).toEqual([series.body.id, series.body.id]);
      expectMatchesDoc(doc, occurrences);
      expectMatchesDoc(
        doc,
        await t.request
          .patch(t.api(`/events/${series.body.id}`))
          .set(as())
          .send({ excerpt: 'x' })
          .expect(200),
      );
    });

    it('for updates by POST, PUT and PATCH, by id and by slug', async () => {
      for (const method of ['post', 'put', 'patch'] as const) {
        expectMatchesDoc(
          doc,
          await t.request[method](t.api(`/events/${ids.event}`))
            .set(as())
            .send({ excerpt: `Changed by ${method}` })
            .expect(200),
        );
        expectMatchesDoc(
          doc,
          await t.request[method](t.api(`/venues/by-slug/${slugs.venue}`))
            .set(as())
            .send({ city: 'Shelbyville' })
            .expect(200),
        );
        expectMatchesDoc(
          doc,
          await t.request[method](t.api(`/organizers/${ids.organizer}`))
            .set(as())
            .send({ phone: '555-0000' })
            .expect(200),
        );
        expectMatchesDoc(
          doc,
          await t.request[method](t.api(`/categories/${ids.category}`))
            .set(as())
            .send({ description: method })
            .expect(200),
        );
        expectMatchesDoc(
          doc,
          await t.request[method](t.api(`/tags/${ids.tag}`))
            .set(as())
            .send({ description: method })
            .expect(200),
        );
      }
      expectMatchesDoc(
        doc,
        await t.request
          .patch(t.api(`/events/${ids.event}`))
          .send({ excerpt: 'x' })
          .expect(401),
      );
    });

    it('for deletes, to the trash and permanently', async () => {
      expectMatchesDoc(
        doc,
        await t.request
          .delete(t.api(`/events/${ids.event}`))
          .set(as())
          .expect(200),
      );
      expectMatchesDoc(
        doc,
        await t.request
          .delete(t.api(`/events/${ids.event}`))
          .set(as())
          .expect(410),
      );
      expectMatchesDoc(
        doc,
        await t.request
          .delete(t.api(`/events/${ids.event}?force=true`))
          .set(as())
          .expect(200),
      );
      expectMatchesDoc(
        doc,
        await t.request
          .delete(t.api(`/venues/by-slug/${slugs.venue}`))
          .set(as())
          .expect(200),
      );
      expectMatchesDoc(
        doc,
        await t.request
          .delete(t.api(`/organizers/${ids.organizer}`))
          .set(as())
          .expect(200),
      );
      expectMatchesDoc(
        doc,
        await t.request
          .delete(t.api(`/categories/${ids.category}`))
          .set(as())
          .expect(200),
      );
      expectMatchesDoc(
        doc,
        await t.request
          .delete(t.api(`/tags/${ids.tag}`))
          .set(as())
          .expect(200),
      );
    });

    it('and the checker notices a wrong key, type or order', () => {
      const venue = { id: 1, venue: 'A', show_map: true, show_map_link: true, global_id: 'x?id=1', global_id_lineage: ['x?id=1'] };
      const check = (body: unknown) => () =>
        expectMatchesDoc(doc, { status: 200, body, req: { method: 'GET', path: `${NS}/venues/1` } } as never);
      expect(check(venue)).not.toThrow();
      expect(check({ ...venue, colour: 'red' })).toThrow(/"colour" is not in the schema/);
      expect(check({ ...venue, id: '1' })).toThrow(/expected an integer/);
      expect(check({ venue: 'A', id: 1, show_map: true, show_map_link: true, global_id: 'x', global_id_lineage: [] })).toThrow(/order/);
      expect(findDocPath(doc, `${NS}/events/by-slug/x`)).toBe('/events/by-slug/{slug}');
    });
  });

  describe('localisation', () => {
    const get = (path: string, language: string) => t.request.get(t.api(path)).set('Accept-Language', language);

    it('answers the index in en_US, de_DE and fr_FR by Accept-Language, identical but for the descriptions', async () => {
      const en = await get('', 'en-US').expect(200);
      const de = await get('', 'de-DE,de;q=0.9').expect(200);
      const fr = await get('', 'fr').expect(200);
      expect([en, de, fr].map((res) => res.headers['content-language'])).toEqual(['en-US', 'de-DE', 'fr-FR']);
      expect(withoutTexts(de.body)).toEqual(withoutTexts(en.body));
      expect(withoutTexts(fr.body)).toEqual(withoutTexts(en.body));
      const english = strings(en.body, 'description');
      expect(strings(de.body, 'description')).toEqual(english.map((text) => CATALOGS.de_DE[text]));
      expect(strings(fr.body, 'description')).toEqual(english.map((text) => CATALOGS.fr_FR[text]));
      expect(endpointOf(de.body, `${NS}/events`, 'GET').args.page.description).toBe('Die zurückzugebende Archivseite');
      expect(endpointOf(fr.body, `${NS}/events`, 'GET').args.page.description).toBe('La page d’archive à renvoyer');
    });

    it('answers /doc in the three languages, identical but for the descriptions and summaries', async () => {
      const [en, de, fr] = await Promise.all(['en', 'de', 'fr'].map((language) => get('/doc', language).expect(200)));
      expect(withoutTexts(de.body)).toEqual(withoutTexts(en.body));
      expect(withoutTexts(fr.body)).toEqual(withoutTexts(en.body));
      expect(de.body.paths['/events'].get.summary).toBe('Veranstaltungen auflisten');
      expect(fr.body.paths['/events'].get.summary).toBe('Lister les évènements');
      expect(validateOpenApi(de.body)).toEqual({ valid: true });
    });

    it('translates error messages and parameter reasons', async () => {
      const noRoute = await get('/events/abc', 'de').expect(404);
      expect(noRoute.body.message).toBe(CATALOGS.de_DE['No route was found matching the URL and request method.']);
      const english = await get('/categories?per_page=abc', 'en').expect(400);
      const invalid = await get('/categories?per_page=abc', 'fr').expect(400);
      expect(invalid.body.message).toBe('Paramètre(s) non valide(s) : per_page');
      expect(invalid.body.data.params.per_page).toBe(CATALOGS.fr_FR[english.body.data.params.per_page]);
      expect(invalid.body.data.params.per_page).not.toBe(english.body.data.params.per_page);
      const missing = await t.request.post(t.api('/categories')).set(as()).set('Accept-Language', 'de').send({}).expect(400);
      expect(missing.body.message).toBe('Fehlende(r) Parameter: name');
    });
  });
});

describe.each(TEST_DATABASES.slice(0, 1))('discovery settings on $kind', (database) => {
  it('puts REST_PREFIX in the index links and the /doc servers', async () => {
    const t = await TestApp.start(database, { REST_PREFIX: '/wp-json' });
    try {
      const index = await t.request.get(`/wp-json${NS}`).expect(200);
      expect(index.body._links.up).toEqual([{ href: 'http://calendar.test/wp-json/' }]);
      expect(index.body.routes[`${NS}/events`]._links.self).toEqual([{ href: `http://calendar.test/wp-json${NS}/events` }]);
      const doc = await t.request.get(`/wp-json${NS}/doc`).set('Host', 'calendar.test').expect(200);
      expect(doc.body.servers[0].url).toBe(`http://calendar.test/wp-json${NS}/`);
      const reached = await t.request.get(`/wp-json${NS}/doc`).set('Host', '127.0.0.1:4000').expect(200);
      expect(reached.body.servers[0].url).toBe(`http://127.0.0.1:4000/wp-json${NS}/`);
      expect(validateOpenApi(doc.body)).toEqual({ valid: true });
      await t.request.get(NS).expect(404);
    } finally {
      await t.close();
    }
  });

  it('follows X-Forwarded-Proto and X-Forwarded-Host in /doc when TRUST_PROXY trusts them', async () => {
    const t = await TestApp.start(database, { TRUST_PROXY: 'true', SITE_URL: 'https://events.example.com' });
    try {
      const res = await t.request
        .get(t.api('/doc'))
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-Host', 'api.example.org')
        .expect(200);
      expect(res.body.servers.map((server: { url: string }) => server.url)).toEqual([
        `https://api.example.org${NS}/`,
        `https://events.example.com${NS}/`,
      ]);
    } finally {
      await t.close();
    }
  });

  it('answers in SITE_LOCALE without Accept-Language, and in the asked language with it', async () => {
    const t = await TestApp.start(database, { SITE_LOCALE: 'fr_FR' });
    try {
      const fr = await t.request.get(t.api()).expect(200);
      expect(fr.headers['content-language']).toBe('fr-FR');
      expect(endpointOf(fr.body, `${NS}/categories`, 'GET').args.page.description).toBe('La page d’archive à renvoyer');
      const en = await t.request.get(t.api()).set('Accept-Language', 'en').expect(200);
      expect(endpointOf(en.body, `${NS}/categories`, 'GET').args.page.description).toBe('The archive page to return');
      const error = await t.request.get(t.api('/nothing')).expect(404);
      expect(error.body.message).toBe(CATALOGS.fr_FR['No route was found matching the URL and request method.']);
    } finally {
      await t.close();
    }
  });
});

function expected(spec: ArgSpec): IndexArg | Omit<IndexArg, 'description'> {
  // The index's own parameters, as WordPress core declares them (observed: `{default, required}`).
  if (spec.indexBare) return { default: spec.default, required: spec.required };
  return {
    description: spec.description,
    ...(spec.type ? { type: spec.type } : {}),
    ...(spec.format ? { format: spec.format } : {}),
    ...(spec.items ? { items: { ...spec.items } } : {}),
    ...(spec.enum ? { enum: [...spec.enum] } : {}),
    ...(spec.default !== undefined ? { default: spec.default } : {}),
    // Its value is checked against the default list's own bounds by the start_date/end_date test.
    ...(spec.requestDefault ? { default: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) as unknown } : {}),
    required: spec.required,
  };
}
