import { Injectable, RequestMethod, SetMetadata, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import 'reflect-metadata';
import { RouteAccess, readAccess } from '../auth/route-access';
import { ArgSpec, getArgSpecs } from '../common/params/arg-spec';
import { ARGS_DTO } from '../common/params/args.decorator';
import { RouteKind, routeKind } from '../common/http/route-kind';
import { NAMESPACE, OUTSIDE_NAMESPACE } from '../namespace';

/**
 * The one walk over the route declarations (controllers, handlers, `@Args()` DTOs) that the
 * namespace index and the OpenAPI document are both built from. Nothing here lists a parameter:
 * they come from the `@Arg` declarations that also validate requests.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type { RouteKind } from '../common/http/route-kind';

export interface CatalogHandler {
  /** e.g. `CategoriesController`. */
  readonly controller: string;
  /** The handler's method name, e.g. `updateByPut`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Who may call it: the `Allow` header lists by it. */
  readonly access: RouteAccess;
}

/** One handler of a route, or the update handlers (POST, PUT, PATCH) that share one DTO. */
export interface CatalogEndpoint {
  readonly methods: readonly HttpMethod[];
  /** The DTO's declared parameters, path parameters first; empty when the handler takes none. */
  readonly args: readonly ArgSpec[];
  /** The `@Args()` DTO class, when the handler has one. */
  readonly dto: Function | undefined;
  readonly handlers: readonly CatalogHandler[];
}

export interface CatalogRoute {
  /** Relative to the namespace, Nest's syntax: `''` (the index), `/events/:id`. */
  readonly path: string;
  /** The WordPress route key: `/calendar/events/v1/events/(?P<id>\d+)`. */
  readonly pattern: string;
  /** The OpenAPI path: `/events/{id}`; `/` for the index. */
  readonly openApiPath: string;
  /** The first path segment (`events`), or null for the index. */
  readonly resource: string | null;
  readonly kind: RouteKind;
  readonly pathParams: readonly string[];
  /** Every method of every endpoint, in the reference's order. */
  readonly methods: readonly HttpMethod[];
  readonly endpoints: readonly CatalogEndpoint[];
}

/** Marks a controller or handler that is served under the namespace but is not an API route (the docs page). */
export const HIDDEN_FROM_INDEX = 'calendar:hidden-from-index';
export const HiddenFromIndex = (): ClassDecorator & MethodDecorator => SetMetadata(HIDDEN_FROM_INDEX, true);

/** The reference's registration order of resources (tec-other-api §1). */
const RESOURCE_ORDER = ['events', 'venues', 'organizers', 'categories', 'tags'];
/** Resources built on WordPress's terms controller: their single route has DELETE last. */
const TERM_RESOURCES = new Set(['categories', 'tags']);
const KIND_ORDER: readonly RouteKind[] = ['index', 'doc', 'collection', 'single', 'by-slug', 'other'];
const EDITABLE: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH'];
const POST_METHOD_ORDER: readonly HttpMethod[] = ['GET', 'DELETE', 'POST', 'PUT', 'PATCH'];
const TERM_METHOD_ORDER: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const METHODS: Partial<Record<RequestMethod, HttpMethod>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

interface FoundHandler extends CatalogHandler {
  readonly path: string;
  readonly dto: Function | undefined;
  readonly order: number;
}

/** Builds the catalog from controller classes (Nest's DiscoveryService gives them; tests walk the modules). */
export function buildRouteCatalog(controllers: readonly Function[], scanner = new MetadataScanner()): CatalogRoute[] {
  const found: FoundHandler[] = [];
  for (const controller of controllers) {
    if (Reflect.getMetadata(HIDDEN_FROM_INDEX, controller)) continue;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function' || Reflect.getMetadata(HIDDEN_FROM_INDEX, handler)) continue;
      const methodPaths: unknown = Reflect.getMetadata(PATH_METADATA, handler);
      const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      if (methodPaths === undefined || !method) continue;
      const dto = Reflect.getMetadata(ARGS_DTO, prototype, name) as Function | undefined;
      for (const base of asList(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const sub of asList(methodPaths)) {
          const path = joinPath(base, sub);
          if (isOutsideNamespace(path, method)) continue;
          found.push({
            controller: controller.name,
            name,
            method,
            access: readAccess(handler, controller),
            path,
            dto,
            order: found.length,
          });
        }
      }
    }
  }

  const byPath = new Map<string, FoundHandler[]>();
  for (const handler of found) byPath.set(handler.path, [...(byPath.get(handler.path) ?? []), handler]);
  const routes = [...byPath.entries()].map(([path, handlers]) => toRoute(path, handlers));
  return routes.sort(compareRoutes);
}

function toRoute(path: string, handlers: FoundHandler[]): CatalogRoute {
  const segments = path.split('/').filter(Boolean);
  const resource = segments[0] ?? null;
  const kind = routeKind(path);
  const order = resource && TERM_RESOURCES.has(resource) ? TERM_METHOD_ORDER : POST_METHOD_ORDER;
  const rank = (method: HttpMethod) => order.indexOf(method);
  const sorted = [...handlers].sort((a, b) => rank(a.method) - rank(b.method) || a.order - b.order);

  // The update handlers (POST, PUT, PATCH) of one DTO are WordPress's one EDITABLE endpoint.
  const endpoints: { methods: HttpMethod[]; dto: Function | undefined; handlers: CatalogHandler[] }[] = [];
  for (const handler of sorted) {
    const editable = kind !== 'collection' && EDITABLE.includes(handler.method);
    const same = editable && endpoints.find((e) => e.dto === handler.dto && e.methods.every((m) => EDITABLE.includes(m)));
    const entry = { controller: handler.controller, name: handler.name, method: handler.method, access: handler.access };
    if (same) {
      same.methods.push(handler.method);
      same.handlers.push(entry);
    } else {
      endpoints.push({ methods: [handler.method], dto: handler.dto, handlers: [entry] });
    }
  }

  const declared = new Map<string, ArgSpec>();
  const withArgs = endpoints.map((endpoint) => {
    const args = endpoint.dto ? getArgSpecs(endpoint.dto) : [];
    for (const arg of args) if (arg.in === 'path' && !declared.has(arg.name)) declared.set(arg.name, arg);
    return { methods: endpoint.methods, args, dto: endpoint.dto, handlers: endpoint.handlers };
  });

  const pathParams = segments.filter((s) => s.startsWith(':')).map((s) => s.slice(1));
  const regexOf = (param: string) => {
    const spec = declared.get(param);
    const numeric = spec ? spec.type === 'integer' : param === 'id';
    return `(?P<${param}>${numeric ? '\\d+' : '[^/]+'})`;
  };
  const pattern = `/${NAMESPACE}${segments.map((s) => `/${s.startsWith(':') ? regexOf(s.slice(1)) : s}`).join('')}`;
  const openApiPath = `/${segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/')}`;

  return {
    path: segments.length ? `/${segments.join('/')}` : '',
    pattern,
    openApiPath,
    resource,
    kind,
    pathParams,
    methods: withArgs.flatMap((e) => e.methods),
    endpoints: withArgs,
  };
}

/** The reference's order: the index, /doc, then each resource's collection, by id, by slug; others after their resource. */
function compareRoutes(a: CatalogRoute, b: CatalogRoute): number {
  const group = (route: CatalogRoute) => {
    if (route.kind === 'index' || route.kind === 'doc') return -1;
    const index = route.resource ? RESOURCE_ORDER.indexOf(route.resource) : -1;
    return index === -1 ? RESOURCE_ORDER.length : index;
  };
  return group(a) - group(b) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || 0;
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return [typeof value === 'string' ? value : ''];
}

function joinPath(...parts: string[]): string {
  const segments = parts.flatMap((part) => part.split('/')).filter(Boolean);
  return segments.length ? `/${segments.join('/')}` : '';
}

function isOutsideNamespace(path: string, method: HttpMethod): boolean {
  return OUTSIDE_NAMESPACE.some(
    (route) => joinPath(route.path) === path && (route.method === RequestMethod.ALL || METHODS[route.method] === method),
  );
}

/** The catalog of the running app, built once from Nest's discovered controllers. */
@Injectable()
export class RouteCatalog {
  private routes?: readonly CatalogRoute[];
  private byHandler?: Map<string, CatalogRoute>;
  private patterns?: { route: CatalogRoute; regex: RegExp }[];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  all(): readonly CatalogRoute[] {
    this.routes ??= buildRouteCatalog(
      this.discovery
        .getControllers()
        .map((wrapper) => wrapper.metatype)
        .filter((type): type is Type => typeof type === 'function'),
      this.scanner,
    );
    return this.routes;
  }

  /**
   * The route the path segments under the namespace name (`[]` for the index, `['events', '12']`),
   * as WordPress matches its patterns (`(?P<id>\d+)` only digits, `(?P<slug>[^/]+)` one segment)
   * and as Express routes: case-insensitively, a trailing slash ignored.
   */
  match(segments: readonly string[]): CatalogRoute | undefined {
    this.patterns ??= this.all().map((route) => ({
      route,
      regex: new RegExp(`^${route.pattern.slice(NAMESPACE.length + 1).replace(/\(\?P</g, '(?<')}$`, 'i'),
    }));
    // Each segment as written in the URL, so that a slug holding an encoded "/" stays one segment.
    const path = segments
      .filter((segment, i) => segment !== '' || i < segments.length - 1)
      .map((segment) => `/${encodeURIComponent(segment)}`)
      .join('');
    return this.patterns.find(({ regex }) => regex.test(path))?.route;
  }

  /** The route a handler serves (`EventsController`, `read`), or undefined outside the namespace. */
  routeOf(controller: string, handler: string): CatalogRoute | undefined {
    if (!this.byHandler) {
      this.byHandler = new Map();
      for (const route of this.all()) {
        for (const endpoint of route.endpoints) for (const h of endpoint.handlers) this.byHandler.set(`${h.controller}.${h.name}`, route);
      }
    }
    return this.byHandler.get(`${controller}.${handler}`);
  }
}
