import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** METRICS_TOKEN: when set, `/metrics` needs `Authorization: Bearer <token>` (else 401 with a Bearer challenge). */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'metricsToken'>) {}

  canActivate(context: ExecutionContext): boolean {
    const token = this.config.metricsToken;
    const request = context.switchToHttp().getRequest<Request>();
    if (token && !sameSecret(bearerToken(request.headers.authorization), token)) {
      throw new ApiError('rest_forbidden', undefined, {}, { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });
    }
    return true;
  }
}

function bearerToken(header: string | undefined): string {
  return /^bearer\s+(\S+)$/i.exec(header?.trim() ?? '')?.[1] ?? '';
}

/** Compares digests, so the time taken says nothing about how much of the token was right. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
