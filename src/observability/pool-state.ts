import { DataSource } from 'typeorm';
import { sqliteConnectionState } from '../database/transaction';
import { isSqlite } from '../database/dialect';

/** How busy one connection pool is right now. */
export interface PoolState {
  /** `primary`, or `replica1`, `replica2`... in the order of DATABASE_READ_URLS. */
  readonly pool: string;
  readonly inUse: number;
  readonly waiting: number;
}

/** The fields of a mysql2 pool that tell its use; mysql2 has no public API for them. */
interface Mysql2Pool {
  readonly _allConnections?: { readonly length: number };
  readonly _freeConnections?: { readonly length: number };
  readonly _connectionQueue?: { readonly length: number };
}

/**
 * The app's connection pools. MySQL/MariaDB: connections lent out, and requests for one waiting
 * in the queue. SQLite has one connection: in use while a transaction holds it, and waiting are
 * the transactions queued behind it and the statements held back until it commits.
 */
export function poolStates(dataSource: DataSource): PoolState[] {
  if (!dataSource.isInitialized) return [];
  if (isSqlite(dataSource)) return [{ pool: 'primary', ...sqliteConnectionState(dataSource) }];
  const driver = dataSource.driver as unknown as { pool?: Mysql2Pool; poolCluster?: { _nodes?: Record<string, { pool: Mysql2Pool }> } };
  if (driver.pool) return [mysqlState('primary', driver.pool)];
  // TypeORM names the cluster's nodes MASTER and SLAVE0, SLAVE1...
  return Object.entries(driver.poolCluster?._nodes ?? {}).map(([id, node]) =>
    mysqlState(id === 'MASTER' ? 'primary' : `replica${Number(id.replace(/\D/g, '')) + 1}`, node.pool),
  );
}

function mysqlState(pool: string, state: Mysql2Pool): PoolState {
  const all = state._allConnections?.length ?? 0;
  const free = state._freeConnections?.length ?? 0;
  return { pool, inUse: all - free, waiting: state._connectionQueue?.length ?? 0 };
}
