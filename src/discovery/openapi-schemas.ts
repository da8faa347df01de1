import { ERRORS } from '../common/errors/error-codes';
import { describeKeys } from '../common/presenting/wire-keys';
import { EVENT_KEYS } from '../events/event.presenter';
import { ORGANIZER_KEYS } from '../organizers/organizer.presenter';
import { EMBEDDED_TERM_KEYS, TERM_KEYS, TERM_LINK_KEYS } from '../terms/term.presenter';
import { VENUE_KEYS } from '../venues/venue.presenter';
import { inPublishedOrder } from './published-error-order';
import { Translate } from './texts';

/**
 * The component schemas of /doc (reference tec-other-api §5.2, CONTRACT §3-§6): every object the
 * API returns, its list envelopes and the error body. Properties are listed in the order the
 * presenters write them (their `*_KEYS` constants), and `required` names the keys that are always
 * there, so a response can be checked against its schema key for key (test/support/openapi-shapes.ts).
 */

export type SchemaObject = Record<string, unknown>;

const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });
const string = (extra: SchemaObject = {}): SchemaObject => ({ type: 'string', ...extra });
const integer = (extra: SchemaObject = {}): SchemaObject => ({ type: 'integer', ...extra });
const boolean = (extra: SchemaObject = {}): SchemaObject => ({ type: 'boolean', ...extra });
const arrayOf = (items: SchemaObject, extra: SchemaObject = {}): SchemaObject => ({ type: 'array', items, ...extra });
/** `YYYY-MM-DD HH:MM:SS`, no offset (CONTRACT §2.2). */
const dateTime = (): SchemaObject => string({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$', example: '2027-01-15 18:00:00' });
/** A free-form object whose keys are not part of the contract (json_ld). */
const freeObject = (description: string): SchemaObject => ({ type: 'object', description, additionalProperties: true });
/** The reference's empty `[]` (custom_fields, meta). */
const emptyArray = (): SchemaObject => arrayOf({}, { maxItems: 0 });

function object(description: string, properties: Record<string, SchemaObject>, required: readonly string[] = []): SchemaObject {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    ...(required.length ? { required: [...required] } : {}),
    additionalProperties: false,
  };
}

function listEnvelope(t: Translate, description: string, key: string, item: string, termsOrder: boolean): SchemaObject {
  const items = { [key]: arrayOf(ref(item)) };
  const links = {
    rest_url: string({ format: 'uri', description: t('The URL of this page, with every filter in effect') }),
    next_rest_url: string({ format: 'uri', description: t('The URL of the next page, when there is one') }),
    previous_rest_url: string({ format: 'uri', description: t('The URL of the previous page, when there is one') }),
  };
  const totals = {
    total: integer({ minimum: 0, description: t('The number of items in all pages') }),
    total_pages: integer({ minimum: 0, description: t('The number of pages') }),
  };
  const { rest_url, next_rest_url, previous_rest_url } = links;
  const properties = termsOrder
    ? { rest_url, ...totals, ...items, next_rest_url, previous_rest_url }
    : { ...items, rest_url, next_rest_url, previous_rest_url, ...totals };
  return object(
    description,
    properties,
    termsOrder ? ['rest_url', 'total', 'total_pages', key] : [key, 'rest_url', 'total', 'total_pages'],
  );
}

/** The post fields venues and organizers share, from `id` to `image`; `name` is `venue` or `organizer`. */
type LinkedPostHeadKey =
  'id' | 'author' | 'status' | 'date' | 'date_utc' | 'modified' | 'modified_utc' | 'url' | 'description' | 'excerpt' | 'slug' | 'image';

function linkedPostHead<N extends 'venue' | 'organizer'>(t: Translate, name: N): Record<LinkedPostHeadKey | N, SchemaObject> {
  return {
    id: integer(),
    author: string({ description: t('The author ID, as a string') }),
    status: string(),
    date: dateTime(),
    date_utc: dateTime(),
    modified: dateTime(),
    modified_utc: dateTime(),
    url: string({ format: 'uri' }),
    // A password-protected item that was not unlocked shows its name as [] (tec-other-api §2.4).
    [name]: { oneOf: [string(), emptyArray()] },
    description: string({ description: t('HTML') }),
    excerpt: string({ description: t('HTML') }),
    slug: string(),
    image: { oneOf: [ref('Image'), boolean({ enum: [false] })] },
  } as Record<LinkedPostHeadKey | N, SchemaObject>;
}

function globalIds(t: Translate): Record<'global_id' | 'global_id_lineage', SchemaObject> {
  return {
    global_id: string({ description: t('The host of the site and the ID, e.g. example.com?id=12') }),
    global_id_lineage: arrayOf(string()),
  };
}

/** A term's `urls` (TERM_LINK_KEYS): inline in Term, and the TermUrls of the embedded terms. */
function termUrls(t: Translate): SchemaObject {
  return object(
    t('REST URLs of the term, its collection and its parent'),
    describeKeys(TERM_LINK_KEYS, { self: string({ format: 'uri' }), collection: string({ format: 'uri' }), up: string({ format: 'uri' }) }),
    ['self', 'collection'],
  );
}

/** Every schema of `components.schemas`, in the reference's order first, then ours. */
export function componentSchemas(t: Translate): Record<string, SchemaObject> {
  const flag = (): SchemaObject => boolean({ nullable: true });
  return {
    ImageSize: object(
      t('One size of an image'),
      { width: integer(), height: integer(), 'mime-type': string(), filesize: integer(), url: string({ format: 'uri' }) },
      [],
    ),
    CostDetails: object(
      t('The parts of an event cost'),
      {
        currency_symbol: string(),
        currency_code: string(),
        currency_position: string({ description: t('"prefix" or "postfix"; empty when there is no symbol') }),
        values: arrayOf(string(), { description: t('The amounts, as strings, in ascending order') }),
      },
      ['currency_symbol', 'currency_code', 'currency_position', 'values'],
    ),
    Term: object(
      t('An event category or tag'),
      describeKeys(TERM_KEYS, {
        id: integer(),
        count: integer({ minimum: 0, description: t('The number of published events with this term') }),
        description: string(),
        name: string(),
        slug: string(),
        taxonomy: string({ enum: ['tribe_events_cat', 'post_tag'] }),
        parent: integer({ minimum: 0, description: t('The parent category ID, 0 for none (categories only)') }),
        meta: emptyArray(),
        url: string({ format: 'uri' }),
        urls: termUrls(t),
      }),
      ['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'meta', 'url', 'urls'],
    ),
    Image: object(
      t('A featured image'),
      {
        url: string({ format: 'uri' }),
        id: integer(),
        extension: string(),
        width: integer(),
        height: integer(),
        filesize: integer(),
        sizes: { type: 'object', additionalProperties: ref('ImageSize') },
      },
      ['url', 'id', 'extension'],
    ),
    DateDetails: object(
      t('The parts of a date, as zero-padded strings'),
      { year: string(), month: string(), day: string(), hour: string(), minutes: string(), seconds: string() },
      ['year', 'month', 'day', 'hour', 'minutes', 'seconds'],
    ),
    Event: eventSchema(t, flag),
    Venue: object(
      t('A venue; empty fields are left out'),
      describeKeys(VENUE_KEYS, {
        ...linkedPostHead(t, 'venue'),
        address: string(),
        city: string(),
        country: string(),
        province: string(),
        state: string(),
        zip: string(),
        phone: string(),
        website: string(),
        stateprovince: string(),
        geo_lat: { type: 'number', format: 'double' },
        geo_lng: { type: 'number', format: 'double' },
        json_ld: freeObject(t('schema.org data (single reads only)')),
        show_map: flag(),
        show_map_link: flag(),
        ...globalIds(t),
      }),
      ['id', 'show_map', 'show_map_link', 'global_id', 'global_id_lineage'],
    ),
    Organizer: object(
      t('An organizer; empty fields are left out'),
      describeKeys(ORGANIZER_KEYS, {
        ...linkedPostHead(t, 'organizer'),
        phone: string(),
        website: string(),
        email: string(),
        json_ld: freeObject(t('schema.org data (single reads only)')),
        ...globalIds(t),
      }),
      ['id', 'global_id', 'global_id_lineage'],
    ),
    EventTerm: object(
      t('A category or tag as embedded in an event'),
      describeKeys(EMBEDDED_TERM_KEYS, {
        name: string(),
        slug: string(),
        term_group: integer(),
        term_taxonomy_id: integer(),
        taxonomy: string({ enum: ['tribe_events_cat', 'post_tag'] }),
        description: string(),
        parent: integer({ minimum: 0 }),
        count: integer({ minimum: 0 }),
        filter: string({ enum: ['raw'] }),
        id: integer(),
        urls: ref('TermUrls'),
      }),
      ['name', 'slug', 'term_group', 'term_taxonomy_id', 'taxonomy', 'description', 'parent', 'count', 'filter', 'id', 'urls'],
    ),
    TermUrls: termUrls(t),
    DeletedEvent: object(t('An event deleted permanently (force=true)'), { deleted: boolean({ enum: [true] }), previous: ref('Event') }, [
      'deleted',
      'previous',
    ]),
    EventList: listEnvelope(t, t('A page of events'), 'events', 'Event', false),
    VenueList: listEnvelope(t, t('A page of venues'), 'venues', 'Venue', false),
    OrganizerList: listEnvelope(t, t('A page of organizers'), 'organizers', 'Organizer', false),
    CategoryList: listEnvelope(t, t('A page of event categories'), 'categories', 'Term', true),
    TagList: listEnvelope(t, t('A page of event tags'), 'tags', 'Term', true),
    Error: object(
      t('The error body of every failure'),
      {
        code: string({ enum: inPublishedOrder(Object.keys(ERRORS)), description: t('A stable error code') }),
        message: string({ description: t('A message for people, in the language of the request') }),
        data: {
          type: 'object',
          properties: {
            status: integer({ description: t('The HTTP status') }),
            params: {
              description: t('rest_missing_callback_param: the missing names; rest_invalid_param: a reason per name'),
              oneOf: [arrayOf(string()), { type: 'object', additionalProperties: string() }],
            },
            details: emptyArray(),
            term_id: integer({ description: t('term_exists: the ID of the existing term') }),
          },
          required: ['status'],
          additionalProperties: true,
        },
      },
      ['code', 'message', 'data'],
    ),
    NamespaceIndex: namespaceIndexSchema(t),
    OpenApiDocument: object(
      t('This document'),
      {
        openapi: string(),
        info: { type: 'object' },
        components: { type: 'object' },
        servers: arrayOf({ type: 'object' }),
        paths: { type: 'object' },
      },
      ['openapi', 'info', 'components', 'servers', 'paths'],
    ),
  };
}

function eventSchema(t: Translate, flag: () => SchemaObject): SchemaObject {
  const properties = describeKeys(EVENT_KEYS, {
    id: integer(),
    ...globalIds(t),
    author: string({ description: t('The author ID, as a string') }),
    status: string(),
    date: dateTime(),
    date_utc: dateTime(),
    modified: dateTime(),
    modified_utc: dateTime(),
    url: string({ format: 'uri' }),
    rest_url: string({ format: 'uri' }),
    title: string(),
    description: string({ description: t('HTML') }),
    excerpt: string({ description: t('HTML') }),
    slug: string(),
    image: { oneOf: [ref('Image'), boolean({ enum: [false] })] },
    all_day: flag(),
    start_date: dateTime(),
    start_date_details: ref('DateDetails'),
    end_date: dateTime(),
    end_date_details: ref('DateDetails'),
    utc_start_date: dateTime(),
    utc_start_date_details: ref('DateDetails'),
    utc_end_date: dateTime(),
    utc_end_date_details: ref('DateDetails'),
    timezone: string(),
    timezone_abbr: string(),
    cost: string(),
    cost_details: ref('CostDetails'),
    website: string(),
    show_map: flag(),
    show_map_link: flag(),
    hide_from_listings: flag(),
    sticky: flag(),
    featured: flag(),
    categories: arrayOf(ref('EventTerm')),
    tags: arrayOf(ref('EventTerm')),
    venue: { description: t('One venue, a list when there are several, [] when none'), oneOf: [ref('Venue'), arrayOf(ref('Venue'))] },
    organizer: arrayOf(ref('Organizer')),
    custom_fields: emptyArray(),
    ticketed: flag(),
    post_parent: integer({ minimum: 0, description: t('The parent event ID, 0 for none') }),
    recurrence: arrayOf(string(), { description: t("The series' RFC 5545 RRULE, EXDATE and RDATE lines (events of a series only)") }),
    json_ld: freeObject(t('schema.org data (single reads only)')),
  });
  // Sometimes absent: `recurrence` outside a series, `json_ld` in lists.
  const required = Object.keys(properties).filter((key) => key !== 'json_ld' && key !== 'recurrence');
  return object(t('An event; password-protected events that were not unlocked have their content blanked'), properties, required);
}

function namespaceIndexSchema(t: Translate): SchemaObject {
  const arg = {
    type: 'object',
    properties: {
      description: string(),
      type: string({ enum: ['integer', 'number', 'boolean', 'string', 'array', 'object'] }),
      format: string(),
      items: { type: 'object', properties: { type: string(), enum: arrayOf(string()) }, required: ['type'], additionalProperties: false },
      enum: arrayOf(string()),
      default: {},
      required: boolean(),
    },
    required: ['required'],
    additionalProperties: false,
  };
  const links = (key: string) => ({
    type: 'object',
    properties: { [key]: arrayOf(object('', { href: string({ format: 'uri' }) }, ['href'])) },
    required: [key],
    additionalProperties: false,
  });
  const method = string({ enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] });
  const route = {
    type: 'object',
    properties: {
      namespace: string(),
      methods: arrayOf(method),
      endpoints: arrayOf({
        type: 'object',
        properties: { methods: arrayOf(method), args: { type: 'object', additionalProperties: arg } },
        required: ['methods', 'args'],
        additionalProperties: false,
      }),
      _links: links('self'),
    },
    required: ['namespace', 'methods', 'endpoints'],
    additionalProperties: false,
  };
  return object(
    t('The routes of the namespace with their parameters (the WordPress namespace index)'),
    { namespace: string(), routes: { type: 'object', additionalProperties: route }, _links: links('up') },
    ['namespace', 'routes', '_links'],
  );
}
