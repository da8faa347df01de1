import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { CountingQueryLogger } from '../bench-mode/query-log';
import { buildDataSourceOptions } from './data-source-options';
import { DatabaseLogger } from './database-logger';
import { ReadCache } from './read-cache';
import { isolateSqliteReads } from './transaction';
import { WorkLimits, boundDatabaseWork } from './bounded-work';
import { LOCAL_ONLY, WriteNotices } from './invalidation';
import { ReplicaRouter } from './replicas';
import { usePreparedStatements } from './prepared-statements';
import { initializeMigrated } from './migrations-run';
import { RedisLink } from '../shared-state/redis-link';
import { RedisInvalidation } from '../shared-state/redis-invalidation';

/** Carries the bounds from the options factory (which gets the config) to the DataSource factory. */
const WORK_LIMITS = Symbol('workLimits');
/** Likewise the replicas whose health the app checks (issue #15): none in the CLI. */
const READ_REPLICAS = Symbol('readReplicas');

/** The connections to Redis when REDIS_URL is set (the app only), else `null`. */
export const REDIS_LINK = Symbol('RedisLink');
/** The router of anonymous reads when DATABASE_READ_URLS is set (the app only), else `null`. */
export const REPLICA_ROUTER = Symbol('ReplicaRouter');

const routers = new WeakMap<DataSource, ReplicaRouter>();

/** Stops the replica checks and closes Redis when the app shuts down (after the requests in flight). */
@Injectable()
class ScaleOutShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS_LINK) private readonly redis: RedisLink | null,
    @Inject(REPLICA_ROUTER) private readonly replicas: ReplicaRouter | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.redis?.close(), this.replicas?.stop()]);
  }
}

/** The app's DataSource (pending migrations are applied before the server accepts requests) and the ReadCache over it. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // 0: the CLI, whose work is not a request's (see CliModule).
        const limits: WorkLimits | null = config.statementTimeoutMs
          ? { statementTimeoutMs: config.statementTimeoutMs, acquireTimeoutMs: config.acquireTimeoutMs }
          : null;
        const options = buildDataSourceOptions(config.database, limits ?? {});
        return {
          ...options,
          // `npm run bench` reports queries per request; the counting logger logs like the default one.
          logger: config.benchMode ? new CountingQueryLogger(options.logging) : new DatabaseLogger(options.logging),
          retryAttempts: 5,
          retryDelay: 2000,
          [WORK_LIMITS]: limits,
          [READ_REPLICAS]: limits && config.database.type === 'mysql' && config.database.readUrls.length ? config.database : null,
        };
      },
      // The migrations run in initialize(), before the bounds of a request's work apply.
      dataSourceFactory: async (options) => {
        const carried = options as unknown as {
          [WORK_LIMITS]: WorkLimits | null;
          [READ_REPLICAS]: { readUrls: readonly string[]; replicaMaxLagSeconds: number } | null;
        };
        const limits = carried[WORK_LIMITS];
        const replicas = carried[READ_REPLICAS];
        const dataSource = usePreparedStatements(isolateSqliteReads(await initializeMigrated(options!)));
        // Routing first: the bounds then wrap whichever connection it obtains, and the retry of a
        // read a replica failed wraps the bounds (their time limits are among its failures).
        const router = replicas && new ReplicaRouter(dataSource, replicas.readUrls, replicas.replicaMaxLagSeconds).install();
        const bounded = limits ? boundDatabaseWork(dataSource, limits) : dataSource;
        if (router) routers.set(dataSource, router.retryFailedReads());
        return bounded;
      },
    }),
  ],
  providers: [
    {
      provide: REDIS_LINK,
      inject: [APP_CONFIG],
      // 0: the CLI, which shares nothing.
      useFactory: (config: AppConfig) => (config.redis && config.statementTimeoutMs ? new RedisLink(config.redis) : null),
    },
    { provide: REPLICA_ROUTER, inject: [DataSource], useFactory: (dataSource: DataSource) => routers.get(dataSource) ?? null },
    {
      provide: ReadCache,
      inject: [DataSource, APP_CONFIG, REDIS_LINK, REPLICA_ROUTER],
      useFactory: (dataSource: DataSource, config: AppConfig, redis: RedisLink | null, replicas: ReplicaRouter | null) =>
        new ReadCache(
          dataSource,
          config.readCacheSeconds * 1000,
          new WriteNotices(dataSource, redis ? new RedisInvalidation(redis) : LOCAL_ONLY, replicas),
        ),
    },
    ScaleOutShutdown,
  ],
  exports: [ReadCache, REDIS_LINK, REPLICA_ROUTER],
})
export class DatabaseModule {}
