import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { Response } from 'express';
import { Metrics } from './metrics';
import { MetricsTokenGuard } from './metrics-token.guard';
import { Public } from '../auth/capability.decorator';
import { AlwaysAdmitted } from '../common/http/load-shedding';

/**
 * `GET /metrics`: Prometheus text, outside the namespace like /health (never in the index or /doc).
 * Never shed (MAX_PENDING_REQUESTS): an overload is when its numbers are needed, and it reads no table.
 */
@Controller()
@Public()
@AlwaysAdmitted()
@UseGuards(MetricsTokenGuard)
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get('metrics')
  async scrape(@Res() response: Response): Promise<void> {
    const text = await this.metrics.registry.metrics();
    response.type(this.metrics.registry.contentType).send(text);
  }
}
