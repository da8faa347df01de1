import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Request } from 'express';
import { ApiError } from '../common/errors/api-error';
import { CAPABILITY_KEY } from './capability.decorator';
import { can } from './permissions';
import { Capability } from './roles';

/** Anonymous callers get 401 (with WWW-Authenticate), signed-in callers without the right 403. */
@Injectable()
export class CapabilityGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const capability = this.reflector.getAllAndOverride<Capability | undefined>(CAPABILITY_KEY, [context.getHandler(), context.getClass()]);
    if (!capability) return true;
    const user = context.switchToHttp().getRequest<Request>().user;
    if (!user) throw ApiError.forbidden(false);
    if (!can(user, capability)) throw ApiError.forbidden(true);
    return true;
  }
}
