import { Controller, Get } from '@nestjs/common';
import { AlwaysAdmitted } from '../common/http/load-shedding';
import { Public } from '../auth/capability.decorator';
import { HealthService, Readiness } from './health.service';

/** Outside the namespace: for load balancers and orchestrators. Never shed under load. */
@Controller()
@Public()
@AlwaysAdmitted()
export class HealthController {
  constructor(private readonly service: HealthService) {}

  /** The process is alive and serving; never touches the database. */
  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The primary database answers in time (else 503); Redis and replicas are reported. */
  @Get('ready')
  ready(): Promise<Readiness> {
    return this.service.readiness();
  }
}
