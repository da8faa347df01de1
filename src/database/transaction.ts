import { randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { markWritten } from './read-cache';

const sqliteQueues = new WeakMap<DataSource, Promise<unknown>>();
// Deadlock victims are retried; concurrent writers sharing rows (term counts, the gaps of a unique
// index) can still collide a few times in a burst, so allow several attempts with a short random
// pause between them.
const MAX_ATTEMPTS = 8;

/**
 * Runs `work` in one transaction. better-sqlite3 has a single connection, and TypeORM fails
 * ("cannot start a transaction within a transaction") when two requests open transactions at
 * once, so on SQLite transactions are queued. On MySQL/MariaDB a transaction chosen as a deadlock
 * victim is retried (it was rolled back, so running it again is safe). Never call it from inside
 * `work`: on SQLite the inner call would wait for the outer one forever.
 */
export function transaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  // Remembered reads (ReadCache) end when a write starts and again once it has committed.
  const bracketed = () => {
    markWritten(dataSource);
    return dataSource.transaction(work).finally(() => markWritten(dataSource));
  };
  if (dataSource.options.type !== 'better-sqlite3') return withDeadlockRetry(bracketed);
  const previous = sqliteQueues.get(dataSource) ?? Promise.resolve();
  const run = previous.then(bracketed);
  sqliteQueues.set(
    dataSource,
    run.catch(() => undefined),
  );
  return run;
}

async function withDeadlockRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= MAX_ATTEMPTS || !isDeadlock(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, randomInt(2, 10 * n)));
    }
  }
}

function isDeadlock(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: string; errno?: number } }).driverError;
  return driverError?.code === 'ER_LOCK_DEADLOCK' || driverError?.errno === 1213;
}

/** A UNIQUE index refused a row (both databases). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
