import { Response } from 'express';
import { AuthUser } from '../auth/auth-user';
import { ObjectAction, OwnedObject, canOnObject } from '../auth/permissions';
import { mayCall } from '../auth/route-access';
import { CatalogRoute, HttpMethod } from './route-catalog';

const ACTIONS: Record<HttpMethod, ObjectAction> = { GET: 'read', POST: 'edit', PUT: 'edit', PATCH: 'edit', DELETE: 'delete' };

/**
 * The methods of a route this caller may use, in the index's order: what `Allow` says. When the
 * route loaded the event, venue or organizer it addresses before the handler (@LoadSubject: venue
 * and organizer reads, every update and delete), the caller's right on that object too, as
 * WordPress asks each method's permission check about the request's object: a contributor is not
 * told DELETE on someone else's venue. An event read does not load it first: by role only.
 */
export function allowedMethods(route: CatalogRoute, user: AuthUser | null | undefined, subject?: unknown): HttpMethod[] {
  const handlers = route.endpoints.flatMap((endpoint) => endpoint.handlers);
  const owned = isOwned(subject) ? subject : undefined;
  return route.methods.filter(
    (method) =>
      handlers.some((handler) => handler.method === method && mayCall(handler.access, method, user)) &&
      (!owned || canOnObject(user, ACTIONS[method], owned)),
  );
}

function isOwned(subject: unknown): subject is OwnedObject {
  return typeof subject === 'object' && subject !== null && 'authorId' in subject && 'status' in subject;
}

/** `Allow: <allowedMethods>`, none when the caller may use none (the interceptor and OPTIONS). */
export function setAllowHeader(response: Response, route: CatalogRoute, user: AuthUser | null | undefined, subject?: unknown): void {
  const allowed = allowedMethods(route, user, subject);
  if (allowed.length) response.setHeader('Allow', allowed.join(', '));
}
