import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/errors/api-error';
import { REDIS_LINK, REPLICA_ROUTER } from '../database/database.module';
import { ReplicaRouter } from '../database/replicas';
import { RedisLink } from '../shared-state/redis-link';

/** /ready's body: `redis` and `replicas` only when configured (issue #15); they degrade, never fail, readiness. */
export interface Readiness {
  status: 'ok';
  redis?: 'ok' | 'unavailable';
  replicas?: { name: string; serving: boolean; lag_seconds: number | null }[];
}

/** How long /ready waits for the database: a probe must answer within a second, whatever the database does. */
export const READY_BUDGET_MS = 750;

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_LINK) private readonly redis: RedisLink | null,
    @Inject(REPLICA_ROUTER) private readonly replicas: ReplicaRouter | null,
  ) {}

  /**
   * The primary database answers within READY_BUDGET_MS; else 503 rest_unavailable (with
   * Retry-After). Redis and the replicas are reported: without them the instance still serves.
   */
  async readiness(): Promise<Readiness> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer in time')), READY_BUDGET_MS)));
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), late]);
    } catch {
      throw new ApiError('rest_unavailable', undefined, {}, { headers: { 'Retry-After': '5' } });
    } finally {
      clearTimeout(timer);
    }
    const readiness: Readiness = { status: 'ok' };
    if (this.redis) readiness.redis = this.redis.available() ? 'ok' : 'unavailable';
    if (this.replicas) {
      readiness.replicas = this.replicas.status().map(({ name, serving, lagSeconds }) => ({ name, serving, lag_seconds: lagSeconds }));
    }
    return readiness;
  }
}
