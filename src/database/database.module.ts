import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { CountingQueryLogger } from '../bench-mode/query-log';
import { buildDataSourceOptions } from './data-source-options';
import { DatabaseLogger } from './database-logger';
import { ReadCache } from './read-cache';
import { isolateSqliteReads } from './transaction';

/** The app's DataSource (pending migrations run before the server accepts requests) and the ReadCache over it. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const options = buildDataSourceOptions(config.database);
        return {
          ...options,
          // `npm run bench` reports queries per request; the counting logger logs like the default one.
          logger: config.benchMode ? new CountingQueryLogger(options.logging) : new DatabaseLogger(options.logging),
          migrationsRun: true,
          retryAttempts: 5,
          retryDelay: 2000,
        };
      },
      dataSourceFactory: async (options) => isolateSqliteReads(await new DataSource(options!).initialize()),
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
