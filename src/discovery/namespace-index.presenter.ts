import { DECORATORS } from '@nestjs/swagger';
import { UNTYPED } from '../common/params/arg-docs';
import { ArgSpec, ParseContext } from '../common/params/arg-spec';
import { inNamespace } from '../namespace';
import { CatalogRoute, HttpMethod } from './route-catalog';
import { Translate } from './texts';

/** One parameter as WordPress's namespace index shows it: JSON-schema keywords, then `required`. */
export interface IndexArgView {
  /** Absent only on the index's own `namespace` and `context` (ArgSpec.indexBare). */
  description?: string;
  type?: string;
  format?: string;
  items?: { type: string; enum?: string[] };
  enum?: string[];
  default?: unknown;
  required: boolean;
}

export interface IndexRouteView {
  namespace: string;
  methods: HttpMethod[];
  endpoints: { methods: HttpMethod[]; args: Record<string, IndexArgView> }[];
  _links?: { self: { href: string }[] };
}

export interface NamespaceIndexView {
  namespace: string;
  routes: Record<string, IndexRouteView>;
  _links: { up: { href: string }[] };
}

export interface IndexUrls {
  /** The namespace the index is served under: NAMESPACE or an alias (NAMESPACE_ALIASES). */
  readonly namespace: string;
  /** The namespace's REST root without a trailing slash: `<site><prefix>/calendar/events/v1`. */
  readonly restRoot: string;
  /** The REST root of the site with a trailing slash: `<site><prefix>/`. */
  readonly restBase: string;
}

/**
 * A parameter as the index shows it, read from the `@ApiProperty` metadata its declaration
 * recorded (the metadata /doc is built from); untyped parameters carry no `type` (CONTRACT §6).
 * A default that depends on the clock is shown as this request gets it.
 */
export function presentArg(dto: Function, spec: ArgSpec, t: Translate, context: ParseContext): IndexArgView {
  const meta = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype as object, spec.property) ?? {}) as SwaggerProperty;
  if (spec.indexBare) return { default: meta.default, required: meta.required === true };
  return {
    description: t(meta.description ?? spec.description),
    ...(meta[UNTYPED] || typeof meta.type !== 'string' ? {} : { type: meta.type }),
    ...(meta.format ? { format: meta.format } : {}),
    ...(meta.items ? { items: { type: meta.items.type, ...(meta.items.enum ? { enum: [...meta.items.enum] } : {}) } } : {}),
    ...(meta.enum ? { enum: [...meta.enum] } : {}),
    // `null` included: WordPress shows `"default": null`.
    ...(meta.default !== undefined ? { default: meta.default } : {}),
    ...(spec.requestDefault ? { default: spec.requestDefault(context) } : {}),
    required: meta.required === true,
  };
}

interface SwaggerProperty {
  readonly description?: string;
  readonly type?: unknown;
  readonly format?: string;
  readonly items?: { readonly type: string; readonly enum?: readonly string[] };
  readonly enum?: readonly string[];
  readonly default?: unknown;
  readonly required?: boolean;
  readonly [UNTYPED]?: boolean;
}

/**
 * One route as WordPress describes it (in the index, and alone to `OPTIONS`): its methods, each
 * endpoint's parameters, and `_links.self` only on routes without path parameters.
 */
export function presentRoute(route: CatalogRoute, urls: IndexUrls, t: Translate, context: ParseContext): IndexRouteView {
  return {
    namespace: urls.namespace,
    methods: [...route.methods],
    endpoints: route.endpoints.map((endpoint) => ({
      methods: [...endpoint.methods],
      args: Object.fromEntries(
        endpoint.args.filter((spec) => !spec.unlisted).map((spec) => [spec.name, presentArg(endpoint.dto!, spec, t, context)]),
      ),
    })),
    ...(route.pathParams.length ? {} : { _links: { self: [{ href: `${urls.restRoot}${route.path}` }] } }),
  };
}

/** `GET /calendar/events/v1` (reference tec-other-api §5.1): every route under its WordPress pattern, in registration order. */
export function presentNamespaceIndex(
  routes: readonly CatalogRoute[],
  urls: IndexUrls,
  t: Translate,
  context: ParseContext,
): NamespaceIndexView {
  const views: Record<string, IndexRouteView> = {};
  for (const route of routes) views[inNamespace(route.pattern, urls.namespace)] = presentRoute(route, urls, t, context);
  // The index's own `namespace` parameter defaults to the namespace it is served under: an
  // alias's index (tribe/events/v1) shows the alias, as the original's does.
  const own = views[`/${urls.namespace}`]?.endpoints[0]?.args.namespace;
  if (own) own.default = urls.namespace;
  return { namespace: urls.namespace, routes: views, _links: { up: [{ href: urls.restBase }] } };
}
