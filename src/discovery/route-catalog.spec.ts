import { MetadataScanner } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { validateOpenApi } from '../../test/support/openapi-validator';
import { scanControllerClasses } from '../../test/support/swagger-scan';
import { AppModule } from '../app.module';
import { getArgSpecs } from '../common/params/arg-spec';
import { ARGS_DTO } from '../common/params/args.decorator';
import { loadConfig } from '../config/load-config';
import { controllersOf } from './module-controllers';
import { OpenApiDocument, buildOpenApiDocument } from './openapi';
import { CatalogRoute, buildRouteCatalog } from './route-catalog';
import { translator } from './texts';

const NS = '/calendar/events/v1';

/** Route keys and methods of the reference's index (tec-other-api §1, §5.1; observed-responses.md). */
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

const REFERENCE_PATHS = [
  '/doc',
  '/events',
  '/events/{id}',
  '/events/by-slug/{slug}',
  '/venues',
  '/venues/{id}',
  '/venues/by-slug/{slug}',
  '/organizers',
  '/organizers/{id}',
  '/organizers/by-slug/{slug}',
  '/categories',
  '/categories/{id}',
  '/tags',
  '/tags/{id}',
];

describe('the route catalog', () => {
  const controllers = controllersOf(AppModule.forRoot(loadConfig({})));
  const routes: CatalogRoute[] = buildRouteCatalog(controllers);
  const reference = routes.filter((route) => REFERENCE_ROUTES.some(([pattern]) => pattern === route.pattern));

  it("lists the reference's routes in the reference's order, with their methods in the reference's order", () => {
    expect(reference.map((route) => [route.pattern, route.methods])).toEqual(REFERENCE_ROUTES);
    // Routes of our own (extensions) come after the reference's routes of their resource.
    expect(routes.slice(0, 2).map((route) => route.pattern)).toEqual([NS, `${NS}/doc`]);
  });

  it('leaves out /health, /ready and the docs page', () => {
    const paths = routes.map((route) => route.path);
    expect(paths).not.toEqual(expect.arrayContaining(['/health']));
    expect(paths).not.toEqual(expect.arrayContaining(['/ready']));
    expect(paths.filter((path) => path.startsWith('/docs'))).toEqual([]);
  });

  it('makes the POST, PUT and PATCH handlers of an update one endpoint, like WordPress', () => {
    for (const route of routes.filter((r) => r.kind === 'single' || r.kind === 'by-slug')) {
      expect(route.endpoints.map((endpoint) => endpoint.methods)).toEqual(
        route.resource === 'categories' || route.resource === 'tags'
          ? [['GET'], ['POST', 'PUT', 'PATCH'], ['DELETE']]
          : [['GET'], ['DELETE'], ['POST', 'PUT', 'PATCH']],
      );
    }
  });

  it('carries exactly the parameters each handler declares', () => {
    const scanner = new MetadataScanner();
    let checked = 0;
    for (const controller of controllers) {
      const prototype = controller.prototype as Record<string, Function>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const dto = Reflect.getMetadata(ARGS_DTO, prototype, name) as Function | undefined;
        if (!dto || Reflect.getMetadata(METHOD_METADATA, prototype[name]) === undefined) continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, prototype[name]) ?? '');
        const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
        const path = `/${[base, sub].join('/').split('/').filter(Boolean).join('/')}`.replace(/^\/$/, '');
        const endpoint = routes
          .find((route) => route.path === path)
          ?.endpoints.find((e) => e.handlers.some((h) => h.controller === controller.name && h.name === name));
        expect(endpoint?.args).toEqual(getArgSpecs(dto));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});

describe('the OpenAPI document', () => {
  const controllers = controllersOf(AppModule.forRoot(loadConfig({})));
  const routes = buildRouteCatalog(controllers);
  let doc: OpenApiDocument;
  beforeAll(async () => {
    doc = buildOpenApiDocument(
      routes,
      await scanControllerClasses(controllers),
      [{ url: 'http://calendar.test/calendar/events/v1/' }],
      translator('en_US'),
    );
  });

  it('passes the OpenAPI 3.0 validator', () => {
    expect(validateOpenApi(doc)).toEqual({ valid: true });
  });

  it('is refused by the validator when it is broken (the check is real)', () => {
    const broken = JSON.parse(JSON.stringify(doc)) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    delete broken.paths['/events'].get.responses;
    expect(validateOpenApi(broken).valid).toBe(false);
  });

  it("has the reference's top-level keys, schemas and paths, in its order", () => {
    expect(Object.keys(doc)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
    expect(Object.keys(doc.components.schemas).slice(0, 8)).toEqual([
      'ImageSize',
      'CostDetails',
      'Term',
      'Image',
      'DateDetails',
      'Event',
      'Venue',
      'Organizer',
    ]);
    expect(Object.keys(doc.paths).filter((path) => REFERENCE_PATHS.includes(path))).toEqual(REFERENCE_PATHS);
    expect(Object.keys(doc.paths)[0]).toBe('/');
  });

  it('documents every method of every route, with a parameter for every path segment', () => {
    for (const route of routes) {
      const item = doc.paths[route.openApiPath];
      expect(Object.keys(item)).toEqual(route.methods.map((method) => method.toLowerCase()));
      for (const operation of Object.values(item)) {
        const parameters = operation.parameters as { name: string; in: string; required: boolean }[];
        for (const param of route.pathParams)
          expect(parameters).toContainEqual(expect.objectContaining({ name: param, in: 'path', required: true }));
      }
    }
  });

  it('sends write fields as a JSON or form body, and read parameters in the query', () => {
    const create = doc.paths['/events'].post as { requestBody: { $ref: string } };
    const body = doc.components.requestBodies[create.requestBody.$ref.split('/').pop()!] as {
      required: boolean;
      content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }>;
    };
    expect(Object.keys(body.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(body.required).toBe(true);
    expect(body.content['application/json'].schema.required).toEqual(['title', 'start_date', 'end_date']);
    const list = doc.paths['/events'].get as { parameters: { name: string; in: string }[] };
    expect(list.parameters.every((p) => p.in === 'query')).toBe(true);
    expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'per_page', 'start_date', 'strict_dates']));
  });

  it('declares the Basic security scheme and uses it on writes', () => {
    expect(doc.components.securitySchemes.basic).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(doc.paths['/events'].post.security).toEqual([{ basic: [] }]);
    expect(doc.paths['/events'].get.security).toEqual([{}, { basic: [] }]);
  });
});
