import { Request, Response } from 'express';
import { AuthUser } from '../auth/auth-user';
import { ApiError } from '../common/errors/api-error';
import { Json } from './linked-post.presenter';

/** The caller of a write route (the capability guard has already refused anonymous callers). */
export function writer(request: Request): AuthUser {
  if (!request.user) throw ApiError.forbidden(false);
  return request.user;
}

/** A 201's body, with `Location` set to the item's REST URL. */
export function sendCreated(response: Response, created: { body: Json; location: string }): Json {
  response.location(created.location);
  return created.body;
}
