import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { Request } from 'express';
import { ApiError } from '../common/errors/api-error';
import { AuthUser } from './auth-user';

/** The caller, or `null` for anonymous requests. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthUser | null => {
  return context.switchToHttp().getRequest<Request>().user ?? null;
});

/** The signed-in caller of a write route; @RequireCapability has already refused anonymous callers. */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<Request>().user;
  if (!user) throw ApiError.forbidden(false);
  return user;
});
