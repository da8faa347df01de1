import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, QueryRunner } from 'typeorm';
import { Logger } from '@nestjs/common';
import { dialectOf } from './dialect';

/**
 * Bounds on the database work of a request (issue #12), applied to the app's DataSource only:
 * the CLI's seed and recount and the migrations run without them.
 *
 * - MySQL/MariaDB: a connection from the pool is waited for at most `acquireTimeoutMs` (mysql2's
 *   pool has a queue limit but no acquire timeout); each session gets the server's own statement
 *   limit (MariaDB `max_statement_time`, MySQL `max_execution_time`, SELECTs only); and the client
 *   gives up on a statement `CLIENT_GRACE_MS` after that limit (a frozen server never says it gave
 *   up), destroying its connection, since mysql2's own per-query `timeout` leaves a hung connection
 *   in the pool. Both failures are DatabaseBusyError: 503 `rest_unavailable` with Retry-After.
 * - SQLite: better-sqlite3 runs each statement synchronously on the main thread and offers no way
 *   to interrupt it from JavaScript, so nothing here can stop a running statement: its work is
 *   bounded by the query shapes (indexed lists, `per_page` at most MAX_PER_PAGE, feeds at most
 *   500 events) and `busy_timeout` (see buildDataSourceOptions).
 * - Both: a statement of a request whose client has gone away (see whileClientWaits) is not run.
 */
export interface WorkLimits {
  readonly statementTimeoutMs: number;
  readonly acquireTimeoutMs: number;
}

/** How much longer than the server's limit the client waits for a statement's answer. */
export const CLIENT_GRACE_MS = 250;

/** The database did not answer in time: no connection within the acquire timeout, or a statement over its limit. */
export class DatabaseBusyError extends Error {
  readonly code: 'DATABASE_ACQUIRE_TIMEOUT' | 'DATABASE_STATEMENT_TIMEOUT';

  constructor(kind: 'acquire' | 'statement', ms: number) {
    super(kind === 'acquire' ? `no database connection within ${ms} ms` : `statement gave no answer within ${ms} ms`);
    this.code = kind === 'acquire' ? 'DATABASE_ACQUIRE_TIMEOUT' : 'DATABASE_STATEMENT_TIMEOUT';
  }
}

/** The request's client went away before this statement: its answer would go nowhere. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client went away; statement not run');
  }
}

const clientGone = new AsyncLocalStorage<() => boolean>();

/** Runs `work` (a request's handling) so that its statements are skipped once `gone()` says its client left. */
export function whileClientWaits<T>(gone: () => boolean, work: () => T): T {
  return clientGone.run(gone, work);
}

/** The mysql2 connection objects this module touches. */
interface PooledConnection {
  query(sql: string, callback: (error: Error | null) => void): unknown;
  release(): void;
  destroy(): void;
  stream?: { destroy(error?: Error): void };
  serverVersion?: string;
  _handshakePacket?: { serverVersion?: string };
}

type Obtain = () => Promise<PooledConnection>;

/** Applies the limits to `dataSource` (already initialized) and returns it. */
export function boundDatabaseWork(dataSource: DataSource, limits: WorkLimits): DataSource {
  const driver = dataSource.driver as unknown as {
    createQueryRunner(mode: 'master' | 'slave'): QueryRunner;
    obtainMasterConnection?: Obtain;
    obtainSlaveConnection?: Obtain;
  };
  const mysql = dialectOf(dataSource) === 'mysql';
  if (mysql) {
    const limited = new WeakSet<PooledConnection>();
    const logger = new Logger('Database');
    let warned = false;
    const withSessionLimit = (connection: PooledConnection): PooledConnection => {
      if (limited.has(connection)) return connection;
      limited.add(connection);
      // Queued on the connection, so it runs before the statement the connection was taken for.
      connection.query(sessionLimitSql(connection, limits.statementTimeoutMs), (error) => {
        // A fatal error is the connection's, and its statement reports it; this is about the variable.
        if (error && !(error as { fatal?: boolean }).fatal && !warned) {
          warned = true;
          logger.warn(`the server refused its statement time limit (${error.message}); only the client's applies`);
        }
      });
      return connection;
    };
    for (const name of ['obtainMasterConnection', 'obtainSlaveConnection'] as const) {
      const obtain = driver[name]?.bind(driver);
      if (!obtain) continue;
      driver[name] = () => acquireWithin(obtain, limits.acquireTimeoutMs).then(withSessionLimit);
    }
  }

  const create = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => guardStatements(create(mode), mysql ? limits.statementTimeoutMs + CLIENT_GRACE_MS : null);
  return dataSource;
}

/** MariaDB takes seconds (fractions allowed) and bounds every statement; MySQL takes ms and bounds SELECTs only. */
function sessionLimitSql(connection: PooledConnection, ms: number): string {
  const version = connection.serverVersion ?? connection._handshakePacket?.serverVersion ?? '';
  return /mariadb/i.test(version) ? `SET SESSION max_statement_time = ${(ms / 1000).toFixed(3)}` : `SET SESSION max_execution_time = ${ms}`;
}

/** A pooled connection within `ms`; one that arrives later goes straight back to the pool. */
function acquireWithin(obtain: Obtain, ms: number): Promise<PooledConnection> {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new DatabaseBusyError('acquire', ms));
    }, ms);
    obtain().then(
      (connection) => {
        clearTimeout(timer);
        if (late) connection.release();
        else resolve(connection);
      },
      (error: Error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const guarded = new WeakSet<QueryRunner>();

/**
 * Wraps the runner's `query`: a statement of a request whose client left is not run, and (on
 * MySQL/MariaDB, `clientTimeoutMs` set) one without an answer in time fails and its connection
 * is destroyed. The class's method is looked up at each call, as isolateSqliteReads does, so
 * wrappers of it (the query counters of tests) still see every statement.
 */
function guardStatements(runner: QueryRunner, clientTimeoutMs: number | null): QueryRunner {
  // better-sqlite3's driver hands out its one runner again and again: wrap it once.
  if (guarded.has(runner)) return runner;
  guarded.add(runner);
  type Query = (...args: unknown[]) => Promise<unknown>;
  const own = Object.prototype.hasOwnProperty.call(runner, 'query') ? (runner as unknown as { query: Query }).query : undefined;
  const next = (args: unknown[]) => (own ?? (Object.getPrototypeOf(runner) as { query: Query }).query).apply(runner, args);
  runner.query = (async (...args: unknown[]) => {
    if (clientGone.getStore()?.()) throw new ClientGoneError();
    if (clientTimeoutMs === null || runner.isReleased) return next(args);
    // The wait for a connection has its own bound (acquireWithin); the statement's starts now.
    await runner.connect();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new DatabaseBusyError('statement', clientTimeoutMs);
        const connection = (runner as unknown as { databaseConnection?: PooledConnection }).databaseConnection;
        // A hung connection must not go back to the pool (later statements would queue behind it);
        // the stream's error also fails the statement's own callback, so nothing is left waiting.
        connection?.stream?.destroy(error);
        connection?.destroy();
        reject(error);
      }, clientTimeoutMs);
    });
    try {
      return await Promise.race([next(args), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }) as QueryRunner['query'];
  return runner;
}
