import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ApiError } from '../errors/api-error';
import { requestsWorking } from './in-flight';

const ALWAYS_ADMITTED = 'alwaysAdmitted';
/** Seconds a shed client is asked to wait: the overload is usually over by then. */
export const SHED_RETRY_AFTER = '1';

/** The probes (/health, /ready) are never shed: they tell an orchestrator about the process and the database. */
export const AlwaysAdmitted = () => SetMetadata(ALWAYS_ADMITTED, true);

let shed = 0;

/** Requests shed since the process started (/metrics counts them with every other 503). */
export function requestsShed(): number {
  return shed;
}

/**
 * The second global guard, before authentication (which reads the database and hashes): with
 * MAX_PENDING_REQUESTS requests already being worked on, a new one is refused at once with 503
 * `rest_unavailable` and Retry-After, instead of waiting in a queue that only grows (issue #12).
 */
@Injectable()
export class LoadSheddingGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    // requestsWorking() counts this request too (InFlightGuard ran first).
    if (requestsWorking() <= this.config.maxPendingRequests) return true;
    if (this.reflector.getAllAndOverride<boolean>(ALWAYS_ADMITTED, [context.getHandler(), context.getClass()])) return true;
    shed++;
    throw new ApiError('rest_unavailable', undefined, {}, { headers: { 'Retry-After': SHED_RETRY_AFTER } });
  }
}
