import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { ApiError } from '../common/errors/api-error';
import { mayCall, readAccess } from './route-access';

/**
 * Closed by default (issue #13): a route answers only what it declares. A write needs a
 * @RequireCapability; a read needs one too or @Public(). Anything undeclared (a resource fresh
 * from `nest g resource`, say) is refused: anonymous callers get 401 (with WWW-Authenticate),
 * signed-in callers without the right 403.
 */
@Injectable()
export class CapabilityGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (mayCall(readAccess(context.getHandler(), context.getClass()), request.method, request.user)) return true;
    throw ApiError.forbidden(Boolean(request.user));
  }
}
