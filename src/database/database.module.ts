import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { CountingQueryLogger } from '../bench-mode/query-log';
import { buildDataSourceOptions } from './data-source-options';
import { DatabaseLogger } from './database-logger';
import { ReadCache } from './read-cache';
import { isolateSqliteReads } from './transaction';
import { WorkLimits, boundDatabaseWork } from './bounded-work';

/** Carries the bounds from the options factory (which gets the config) to the DataSource factory. */
const WORK_LIMITS = Symbol('workLimits');

/** The app's DataSource (pending migrations run before the server accepts requests) and the ReadCache over it. */
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
          migrationsRun: true,
          retryAttempts: 5,
          retryDelay: 2000,
          [WORK_LIMITS]: limits,
        };
      },
      // The migrations run in initialize(), before the bounds of a request's work apply.
      dataSourceFactory: async (options) => {
        const limits = (options as unknown as { [WORK_LIMITS]: WorkLimits | null })[WORK_LIMITS];
        const dataSource = isolateSqliteReads(await new DataSource(options!).initialize());
        return limits ? boundDatabaseWork(dataSource, limits) : dataSource;
      },
    }),
  ],
  providers: [
    {
      provide: ReadCache,
      inject: [DataSource, APP_CONFIG],
      useFactory: (dataSource: DataSource, config: AppConfig) => new ReadCache(dataSource, config.readCacheSeconds * 1000),
    },
  ],
  exports: [ReadCache],
})
export class DatabaseModule {}
