import { OperationObject, ParameterObject, ReferenceObject, RequestBodyObject } from '@nestjs/swagger';
import { UNTYPED } from '../common/params/arg-docs';
import { parseBoolean } from '../common/parsing/boolean';
import { parseInteger, parseNumber } from '../common/parsing/integer';
import { SchemaObject, componentSchemas } from './openapi-schemas';
import { CatalogRoute, HttpMethod } from './route-catalog';
import { SwaggerScan, operationIdOf } from './swagger-document';
import { Translate } from './texts';

type SwaggerSchema = Record<string, unknown>;

/**
 * `GET /calendar/events/v1/doc` (reference tec-other-api §5.2, CONTRACT §6): the OpenAPI 3.0
 * document of @nestjs/swagger's scan of the controllers, post-processed into the contract's shape,
 * so every path, method and parameter is the one the server validates. Top-level keys in the reference's order: openapi, info, components, servers, paths.
 */

export interface OpenApiServer {
  readonly url: string;
  readonly description?: string;
}

export type OpenApiDocument = {
  openapi: string;
  info: { version: string; title: string; description: string };
  components: {
    schemas: Record<string, SchemaObject>;
    requestBodies: Record<string, SchemaObject>;
    securitySchemes: Record<string, SchemaObject>;
  };
  servers: OpenApiServer[];
  paths: Record<string, Record<string, SchemaObject>>;
};

/** What each resource returns: its object schema, its list envelope, whether it is a post type. */
const RESOURCES: Record<string, { item: string; list: string; posts: boolean }> = {
  events: { item: 'Event', list: 'EventList', posts: true },
  venues: { item: 'Venue', list: 'VenueList', posts: true },
  organizers: { item: 'Organizer', list: 'OrganizerList', posts: true },
  categories: { item: 'Term', list: 'CategoryList', posts: false },
  tags: { item: 'Term', list: 'TagList', posts: false },
};

type Action = 'list' | 'create' | 'read' | 'update' | 'delete' | 'ics';

/** Operation summaries, per resource and action (by id; by slug has its own). */
const SUMMARIES: Record<string, Partial<Record<`${Action}${'' | 'BySlug'}`, string>>> = {
  events: {
    list: 'List events',
    create: 'Create an event',
    read: 'Read an event',
    update: 'Update an event',
    delete: 'Move an event to the trash, or delete it with force=true',
    readBySlug: 'Read an event by its slug',
    updateBySlug: 'Update an event by its slug',
    deleteBySlug: 'Move an event to the trash by its slug, or delete it with force=true',
  },
  'events/ics': {
    list: 'The events of the list as an iCalendar file',
    read: 'An event as an iCalendar file',
  },
  venues: {
    list: 'List venues',
    create: 'Create a venue',
    read: 'Read a venue',
    update: 'Update a venue',
    delete: 'Move a venue to the trash',
    readBySlug: 'Read a venue by its slug',
    updateBySlug: 'Update a venue by its slug',
    deleteBySlug: 'Move a venue to the trash by its slug',
  },
  organizers: {
    list: 'List organizers',
    create: 'Create an organizer',
    read: 'Read an organizer',
    update: 'Update an organizer',
    delete: 'Move an organizer to the trash',
    readBySlug: 'Read an organizer by its slug',
    updateBySlug: 'Update an organizer by its slug',
    deleteBySlug: 'Move an organizer to the trash by its slug',
  },
  categories: {
    list: 'List event categories',
    create: 'Create an event category',
    read: 'Read an event category',
    update: 'Update an event category',
    delete: 'Delete an event category',
  },
  tags: {
    list: 'List event tags',
    create: 'Create an event tag',
    read: 'Read an event tag',
    update: 'Update an event tag',
    delete: 'Delete an event tag',
  },
};

/**
 * Post-processing of swagger's document, only where the contract needs it: the routes in the
 * reference's order with its operation keys; parameters and request-body fields rewritten key for
 * key (untyped ones lose the type swagger infers from `design:type`); each body DTO one shared
 * `components.requestBodies` entry, as JSON or a form; the conditional and idempotency request
 * headers, security, summaries, responses and the response schemas (swagger cannot express them
 * per language or with ordered keys); every text translated.
 */
export function buildOpenApiDocument(
  routes: readonly CatalogRoute[],
  scan: SwaggerScan,
  servers: readonly OpenApiServer[],
  t: Translate,
): OpenApiDocument {
  const operations = new Map<string, OperationObject>();
  for (const item of Object.values(scan.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method];
      if (op?.operationId) operations.set(op.operationId, op);
    }
  }
  const requestBodies: Record<string, SchemaObject> = {};
  const bodyRef = (op: OperationObject): SchemaObject | undefined => {
    const ref = (op.requestBody as RequestBodyObject | undefined)?.content['application/json']?.schema as ReferenceObject | undefined;
    if (!ref?.$ref) return undefined;
    const name = ref.$ref.split('/').pop()!;
    requestBodies[name] ??= requestBody(scan.components?.schemas?.[name] as SwaggerSchema, t);
    return { $ref: `#/components/requestBodies/${name}` };
  };

  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const item: Record<string, SchemaObject> = {};
    const ops = route.endpoints.flatMap((endpoint) => endpoint.handlers.map((h) => operations.get(operationIdOf(h.controller, h.name))));
    for (const endpoint of route.endpoints) {
      endpoint.methods.forEach((method, index) => {
        const handler = endpoint.handlers[index];
        const op = operations.get(operationIdOf(handler.controller, handler.name));
        if (!op) throw new Error(`swagger did not scan ${handler.controller}.${handler.name}`);
        item[method.toLowerCase()] = operation(route, op, ops, method, bodyRef(op), t);
      });
    }
    paths[route.openApiPath] = item;
  }
  return {
    openapi: '3.0.0',
    info: {
      version: '1.0.0',
      title: 'The Events Calendar REST API',
      description: t('The Events Calendar REST API allows accessing upcoming events information easily and conveniently.'),
    },
    components: {
      schemas: componentSchemas(t),
      requestBodies,
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic', description: t('A user name and one of its application passwords') },
      },
    },
    servers: servers.map((server) => ({ ...server })),
    paths,
  };
}

function operation(
  route: CatalogRoute,
  op: OperationObject,
  siblings: readonly (OperationObject | undefined)[],
  method: HttpMethod,
  body: SchemaObject | undefined,
  t: Translate,
): SchemaObject {
  const write = method !== 'GET';
  const summary = summaryOf(route, method);
  return {
    tags: [route.resource && route.kind !== 'doc' ? route.resource : 'discovery'],
    ...(summary ? { summary: t(summary) } : {}),
    operationId: op.operationId,
    parameters: parameters(route, op, siblings, method, t),
    ...(body && method !== 'DELETE' ? { requestBody: body } : {}),
    responses: responses(route, op, method, t),
    ...(route.kind === 'index' || route.kind === 'doc' ? {} : { security: write ? [{ basic: [] }] : [{}, { basic: [] }] }),
    ...(isIcsRoute(route) ? { 'x-extension': true } : {}),
  };
}

/** `/events/ics` and `/events/{id}/ics` (CONTRACT §7). */
function isIcsRoute(route: CatalogRoute): boolean {
  return route.kind === 'other' && route.path.endsWith('/ics');
}

function actionOf(route: CatalogRoute, method: HttpMethod): Action | undefined {
  if (isIcsRoute(route)) return method === 'GET' ? 'ics' : undefined;
  if (route.kind === 'collection') return method === 'GET' ? 'list' : method === 'POST' ? 'create' : undefined;
  if (route.kind !== 'single' && route.kind !== 'by-slug') return undefined;
  if (method === 'GET') return 'read';
  return method === 'DELETE' ? 'delete' : 'update';
}

function summaryOf(route: CatalogRoute, method: HttpMethod): string | undefined {
  if (route.kind === 'index') return 'The namespace index: every route and its parameters';
  if (route.kind === 'doc') return 'This OpenAPI document';
  const action = actionOf(route, method);
  if (!action || !route.resource) return undefined;
  if (action === 'ics') return SUMMARIES[`${route.resource}/ics`]?.[route.pathParams.length ? 'read' : 'list'];
  const key: `${Action}${'' | 'BySlug'}` = route.kind === 'by-slug' ? `${action}BySlug` : action;
  return SUMMARIES[route.resource]?.[key];
}

/** A swagger parameter or property schema as the contract writes it (CONTRACT §6), keys in its order. */
function contractSchema(schema: SwaggerSchema, untyped: boolean): SchemaObject {
  const pick = (key: string) => (schema[key] === undefined ? {} : { [key]: schema[key] });
  return {
    // Untyped parameters: swagger gives every property the type of its TypeScript declaration.
    ...(untyped ? {} : pick('type')),
    ...pick('format'),
    ...pick('items'),
    ...pick('additionalProperties'),
    ...pick('enum'),
    ...pick('nullable'),
    ...(schema.default === undefined ? {} : { default: typedDefault(schema.default, untyped ? undefined : schema.type) }),
  };
}

/**
 * A default in the schema's own type. The index shows some as the specification writes them
 * (`per_page` "10", `hide_empty` "1", `strict_dates` "false": CONTRACT §6), but in OpenAPI a
 * default must be valid against its schema, which strict validators check.
 */
function typedDefault(value: unknown, type: unknown): unknown {
  // Read as a request's value of that type would be.
  const parse = type === 'integer' ? parseInteger : type === 'number' ? parseNumber : type === 'boolean' ? parseBoolean : undefined;
  const parsed = parse?.(value);
  return parsed?.ok ? parsed.value : value;
}

const isUntyped = (schema: SwaggerSchema) => schema[UNTYPED] === true;
const extension = (schema: SwaggerSchema) => (schema['x-extension'] ? { 'x-extension': true } : {});

function parameters(
  route: CatalogRoute,
  op: OperationObject,
  siblings: readonly (OperationObject | undefined)[],
  method: HttpMethod,
  t: Translate,
): SchemaObject[] {
  const declared = (op.parameters ?? []) as (ParameterObject & SwaggerSchema)[];
  const result: SchemaObject[] = [];
  // Every templated path segment has its parameter, declared by this handler or by a sibling.
  for (const name of route.pathParams) {
    const param = [declared, ...siblings.map((s) => (s?.parameters ?? []) as (ParameterObject & SwaggerSchema)[])]
      .flat()
      .find((p) => p.in === 'path' && p.name === name);
    result.push({
      name,
      in: 'path',
      description: t(param?.description ?? 'The item in the path'),
      required: true,
      schema: param ? contractSchema({ ...param, ...(param.schema as SwaggerSchema) }, isUntyped(param)) : { type: 'string' },
    });
  }
  for (const param of declared) {
    if (param.in !== 'query') continue;
    result.push({
      name: param.name,
      in: 'query',
      description: t(param.description ?? ''),
      required: param.required === true,
      schema: contractSchema({ ...param, ...(param.schema as SwaggerSchema) }, isUntyped(param)),
      ...extension(param),
    });
  }
  for (const header of HEADER_PARAMETERS[actionOf(route, method) ?? 'list'] ?? [])
    result.push({
      name: header.name,
      in: 'header',
      description: t(header.description),
      required: false,
      schema: { type: 'string', ...header.schema },
      'x-extension': true,
    });
  return result;
}

/** The request headers of conditional requests and idempotent creates (CONTRACT §7), per action. */
const IF_MATCH = {
  name: 'If-Match',
  description: 'The ETag of the single read of the item (or * for any): when it is not the current one, 412 and nothing is changed',
};
// RFC 9110 §13.1.2 on a write: "change it only if it is not (or, with *, does not exist) as I saw it".
const IF_NONE_MATCH_ON_WRITE = {
  name: 'If-None-Match',
  description: 'ETags (or * for any): when one matches the current ETag of the item, 412 and nothing is changed',
};
const HEADER_PARAMETERS: Partial<Record<Action, { name: string; description: string; schema?: SchemaObject }[]>> = {
  read: [
    {
      name: 'If-None-Match',
      description: 'ETags of earlier responses of this read (or *): when one matches the current ETag, 304 with no body',
    },
    // RFC 9110 §13.1.1: a false If-Match is 412 on a read too.
    { name: 'If-Match', description: 'ETags (or * for any): when none is the current ETag (strong comparison), 412' },
  ],
  update: [IF_MATCH, IF_NONE_MATCH_ON_WRITE],
  delete: [IF_MATCH, IF_NONE_MATCH_ON_WRITE],
  create: [
    {
      name: 'Idempotency-Key',
      description:
        'A key of your choice, unique per item to create: repeating the request with the same key and body within 24 hours answers the first response again instead of creating another item',
      schema: { minLength: 1, maxLength: 255 },
    },
  ],
};

/** A body DTO's swagger schema as the shared request body: JSON or a form, fields translated. */
function requestBody(dto: SwaggerSchema, t: Translate): SchemaObject {
  const properties = (dto.properties ?? {}) as Record<string, SwaggerSchema>;
  const required = (dto.required ?? []) as string[];
  const schema = {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        {
          description: t(typeof property.description === 'string' ? property.description : ''),
          ...contractSchema(property, isUntyped(property)),
          ...extension(property),
        },
      ]),
    ),
    ...(required.length ? { required } : {}),
  };
  return {
    description: t('The fields, as JSON or as a form; unknown fields are ignored'),
    required: required.length > 0,
    content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } },
  };
}

const json = (schema: SchemaObject) => ({ 'application/json': { schema } });
const schemaRef = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });

function responses(route: CatalogRoute, op: OperationObject, method: HttpMethod, t: Translate): SchemaObject {
  const error = (description: string) => ({ description: t(description), content: json(schemaRef('Error')) });
  const fallback = { default: error('An error') };

  if (route.kind === 'index') {
    return {
      '200': { description: t('The namespace index'), content: json(schemaRef('NamespaceIndex')) },
      '400': error('Missing or invalid parameters'),
      '404': error('Unknown namespace'),
      ...fallback,
    };
  }
  if (route.kind === 'doc') return { '200': { description: t('This document'), content: json(schemaRef('OpenApiDocument')) }, ...fallback };

  const resource = route.resource ? RESOURCES[route.resource] : undefined;
  const action = actionOf(route, method);
  if (!resource || !action) return { '200': { description: t('Successful response') }, ...fallback };

  const item = schemaRef(resource.item);
  const notAllowed = { '401': error('No credentials, or wrong credentials'), '403': error('Not allowed') };
  const stringHeader = (description: string) => ({ description: t(description), schema: { type: 'string' } });
  const etag = { ETag: stringHeader('A strong tag of this body: send it in If-None-Match or If-Match') };
  const preconditionFailed = { '412': error('If-Match does not match, or If-None-Match matches, the current ETag of the item') };
  switch (action) {
    case 'list':
      return {
        '200': {
          description: t('A page of the list'),
          headers: {
            'X-TEC-Total': { description: t('The number of items in all pages'), schema: { type: 'integer' } },
            'X-TEC-TotalPages': { description: t('The number of pages'), schema: { type: 'integer' } },
            Link: { description: t('The next and previous pages (rel="next", rel="prev")'), schema: { type: 'string' } },
          },
          content: json(schemaRef(resource.list)),
        },
        '400': error('Missing or invalid parameters'),
        ...(resource.posts ? { '404': error('A page beyond the last one') } : {}),
        ...fallback,
      };
    case 'create':
      return {
        '201': {
          description: t('The created item'),
          headers: {
            Location: { description: t('The REST URL of the item'), schema: { type: 'string', format: 'uri' } },
            'Idempotent-Replayed': stringHeader('"true" when this is a replay of the first response to the same Idempotency-Key'),
          },
          content: json(item),
        },
        '400': error('Missing or invalid parameters'),
        ...notAllowed,
        '422': error('The Idempotency-Key was already used with another request'),
        ...fallback,
      };
    case 'read':
      return {
        '200': { description: t('The item'), headers: etag, content: json(item) },
        '304': { description: t('Not modified: If-None-Match matched the current ETag'), headers: etag },
        ...(resource.posts ? { '403': error('The item is not published, or is protected by a password') } : {}),
        '404': error('No such item'),
        '412': error('If-Match does not match the current ETag of the item'),
        ...fallback,
      };
    case 'update':
      return {
        '200': { description: t('The updated item'), content: json(item) },
        '400': error('Missing or invalid parameters'),
        ...notAllowed,
        '404': error('No such item'),
        ...preconditionFailed,
        ...fallback,
      };
    case 'delete': {
      const forced = (op.parameters ?? []).some((param) => 'name' in param && param.name === 'force');
      const deleted =
        route.resource === 'events'
          ? schemaRef('DeletedEvent')
          : { type: 'object', properties: { deleted: { type: 'boolean' }, previous: item }, required: ['deleted', 'previous'] };
      return {
        '200': {
          description: t(
            resource.posts ? 'The item, moved to the trash (or deleted permanently with force=true)' : 'The deleted item, as it was',
          ),
          content: json(forced ? { oneOf: [item, deleted] } : item),
        },
        ...notAllowed,
        '404': error('No such item'),
        ...(resource.posts ? { '410': error('The item is already in the trash') } : {}),
        ...preconditionFailed,
        ...fallback,
      };
    }
    case 'ics': {
      const single = route.pathParams.length > 0;
      return {
        '200': {
          description: t('The events as iCalendar (RFC 5545): a VTIMEZONE per time zone used and a VEVENT per event'),
          ...(single
            ? {}
            : {
                // The last two only on a page of the feed (page or per_page given).
                headers: {
                  'X-TEC-Total': { description: t('The number of events the filters match'), schema: { type: 'integer' } },
                  'X-TEC-TotalPages': { description: t('The number of pages'), schema: { type: 'integer' } },
                  Link: { description: t('The next and previous pages (rel="next", rel="prev")'), schema: { type: 'string' } },
                },
              }),
          content: { 'text/calendar': { schema: { type: 'string' } } },
        },
        '400': error('Missing or invalid parameters'),
        ...(single ? { '403': error('The item is not published, or is protected by a password') } : {}),
        '404': error(single ? 'No such item' : 'A page beyond the last one'),
        ...fallback,
      };
    }
  }
}
