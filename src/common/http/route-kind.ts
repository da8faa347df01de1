import { PATH_METADATA } from '@nestjs/common/constants';
import 'reflect-metadata';

/** What a route is, by the shape of its path (`/events`, `/events/:id`, `/events/by-slug/:slug`). */
export type RouteKind = 'index' | 'doc' | 'collection' | 'single' | 'by-slug' | 'other';

/** The kind of a path relative to the namespace, e.g. `/events/:id` is `single`. */
export function routeKind(path: string): RouteKind {
  const segments = path.split('/').filter(Boolean);
  if (!segments.length) return 'index';
  if (segments.length === 1) return segments[0] === 'doc' ? 'doc' : 'collection';
  if (segments.length === 2 && segments[1].startsWith(':')) return 'single';
  if (segments.length === 3 && segments[1] === 'by-slug' && segments[2].startsWith(':')) return 'by-slug';
  return 'other';
}

/**
 * The kind of the route a handler serves, from its controller's and its own path: the same rule
 * the route catalog (and so /doc) uses, so what is documented and what is enforced agree.
 */
export function handlerRouteKind(controller: Function, handler: Function): RouteKind {
  const first = (value: unknown) => (Array.isArray(value) ? String(value[0] ?? '') : typeof value === 'string' ? value : '');
  return routeKind(`${first(Reflect.getMetadata(PATH_METADATA, controller))}/${first(Reflect.getMetadata(PATH_METADATA, handler))}`);
}

/** Single-item routes: by id or by slug. */
export function isSingleItemRoute(kind: RouteKind): boolean {
  return kind === 'single' || kind === 'by-slug';
}
