import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/errors/api-error';
import { AlwaysAdmitted } from '../common/http/load-shedding';
import { Public } from '../auth/capability.decorator';

/** How long /ready waits for the database: a probe must answer within a second, whatever the database does. */
export const READY_BUDGET_MS = 750;

/** Outside the namespace: for load balancers and orchestrators. Never shed under load. */
@Controller()
@Public()
@AlwaysAdmitted()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The process is alive and serving; never touches the database. */
  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The database answers within READY_BUDGET_MS; else 503 rest_unavailable (with Retry-After). */
  @Get('ready')
  async ready(): Promise<{ status: 'ok' }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer in time')), READY_BUDGET_MS)));
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), late]);
    } catch {
      throw new ApiError('rest_unavailable', undefined, {}, { headers: { 'Retry-After': '5' } });
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok' };
  }
}
