import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Metrics } from './metrics';
import { Public } from '../auth/capability.decorator';
import { AlwaysAdmitted } from '../common/http/load-shedding';

/**
 * `GET /metrics`: Prometheus text, outside the namespace like /health (never in the index or /doc).
 * Never shed (MAX_PENDING_REQUESTS): an overload is when its numbers are needed, and it reads no table.
 */
@Controller()
@Public()
@AlwaysAdmitted()
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('metrics')
  async scrape(@Req() request: Request, @Res() response: Response): Promise<void> {
    if (this.config.metricsToken && !sameSecret(bearerToken(request.headers.authorization), this.config.metricsToken)) {
      throw new ApiError('rest_forbidden', undefined, {}, { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });
    }
    const text = await this.metrics.registry.metrics();
    response.type(this.metrics.registry.contentType).send(text);
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
