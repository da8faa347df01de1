import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Request } from 'express';
import { ApiError } from '../common/errors/api-error';
import { CAPABILITY_KEY, PUBLIC_KEY } from './capability.decorator';
import { can } from './permissions';
import { Capability } from './roles';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Closed by default (issue #13): a route answers only what it declares. A write needs a
 * @RequireCapability; a read needs one too or @Public(). Anything undeclared (a resource fresh
 * from `nest g resource`, say) is refused: anonymous callers get 401 (with WWW-Authenticate),
 * signed-in callers without the right 403.
 */
@Injectable()
export class CapabilityGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<Request>();
    const user = request.user;
    const capability = this.reflector.getAllAndOverride<Capability | undefined>(CAPABILITY_KEY, targets);
    if (capability) {
      if (!can(user, capability)) throw ApiError.forbidden(Boolean(user));
      return true;
    }
    if (READS.has(request.method) && this.reflector.getAllAndOverride<boolean | undefined>(PUBLIC_KEY, targets)) return true;
    throw ApiError.forbidden(Boolean(user));
  }
}
