import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { DatabaseConfig } from '../config/app-config';
import { MYSQL_MIGRATIONS } from './migrations/mysql';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';
import { MAX_PREPARED_PER_CONNECTION } from './prepared-statements';

/**
 * Every entity, found by its file name in the resources' folders (`*.entity.ts`, `.js` once
 * built), so that a new resource adds no line here. Not Nest's autoLoadEntities: ormconfig.ts,
 * the CLI (which loads only AuthModule) and standalone DataSources see no module's forFeature.
 */
export const ENTITY_FILES = join(__dirname, '..', '**', '*.entity.{ts,js}');

/**
 * The one place that turns the database setting into TypeORM options, for the app, the CLI and
 * `ormconfig.ts` alike. Schema changes only ever come from migrations (never `synchronize`).
 * The app passes its statement limit (see bounded-work.ts); the CLI's long seeds and recounts do not.
 */
export function buildDataSourceOptions(database: DatabaseConfig, limits: { statementTimeoutMs?: number } = {}): DataSourceOptions {
  const common = {
    entities: [ENTITY_FILES],
    synchronize: false,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each' as const,
    // Not 'error': expected unique-key races are handled by the services, and every unexpected
    // failure is logged once by the exception filter, with its request id.
    logging: ['warn', 'migration'] as ('warn' | 'migration')[],
  };

  if (database.type === 'sqlite') {
    const file = database.file === ':memory:' ? ':memory:' : resolve(database.file);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: file,
      migrations: SQLITE_MIGRATIONS,
      // WAL lets readers run while a write commits; busy_timeout waits instead of failing on a lock
      // (blocking the event loop meanwhile, so the app waits no longer than its statement limit).
      prepareDatabase: (db: {
        pragma(sql: string): unknown;
        function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
      }) => {
        db.pragma('journal_mode = WAL');
        db.pragma(`busy_timeout = ${limits.statementTimeoutMs ?? 5000}`);
        db.pragma('foreign_keys = ON');
        db.pragma('synchronous = NORMAL');
        // SQLite's lower() folds ASCII only; case-insensitive search needs all of Unicode (CONTRACT §2.2).
        db.function('unicode_lower', { deterministic: true }, (value) => (typeof value === 'string' ? value.toLowerCase() : value));
      },
    };
  }

  const connection = (url: string) => ({ url });
  return {
    ...common,
    // Same driver (mysql2); TypeORM needs to know MariaDB to read its schema correctly.
    type: database.url.startsWith('mariadb:') ? 'mariadb' : 'mysql',
    ...(database.readUrls.length
      ? {
          // Reads default to the primary (the CLI, migrations); the app routes anonymous reads to
          // healthy replicas itself (src/database/replicas.ts). A node that failed is tried again
          // after a second rather than dropped from the cluster for good (mysql2's default).
          replication: {
            master: connection(database.url),
            slaves: database.readUrls.map(connection),
            defaultMode: 'master' as const,
            restoreNodeTimeout: 1000,
          },
        }
      : { url: database.url }),
    charset: 'utf8mb4_unicode_ci',
    // Dates travel as UTC; the wall clocks of events are stored in their own columns.
    timezone: 'Z',
    migrations: MYSQL_MIGRATIONS,
    poolSize: database.poolSize,
    // connectTimeout bounds the handshake with a server that accepts connections but never answers;
    // maxPreparedStatements what each connection keeps prepared (prepared-statements.ts).
    extra: {
      connectionLimit: database.poolSize,
      enableKeepAlive: true,
      connectTimeout: limits.statementTimeoutMs ?? 10_000,
      maxPreparedStatements: MAX_PREPARED_PER_CONNECTION,
    },
  };
}
