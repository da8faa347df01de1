import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/errors/api-error';

/** Outside the namespace: for load balancers and orchestrators. */
@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The process is alive and serving. */
  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The database answers; 503 rest_unavailable (with Retry-After) when it does not. */
  @Get('ready')
  async ready(): Promise<{ status: 'ok' }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ApiError('rest_unavailable', undefined, {}, { headers: { 'Retry-After': '5' } });
    }
    return { status: 'ok' };
  }
}
