import { AuthUser } from '../auth/auth-user';
import { mayCall } from '../auth/route-access';
import { CatalogRoute, HttpMethod } from './route-catalog';

/** The methods of a route this caller may use, in the index's order: what `Allow` says. */
export function allowedMethods(route: CatalogRoute, user: AuthUser | null | undefined): HttpMethod[] {
  const handlers = route.endpoints.flatMap((endpoint) => endpoint.handlers);
  return route.methods.filter((method) => handlers.some((handler) => handler.method === method && mayCall(handler.access, method, user)));
}
