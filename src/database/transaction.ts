import { AsyncLocalStorage } from 'node:async_hooks';
import { randomInt } from 'node:crypto';
import { DataSource, EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import { announceWritten } from './read-cache';
import { collectingWrites } from './write-notes';
import { ALL } from './write-scope';
import { isSqlite } from './dialect';

const sqliteQueues = new WeakMap<DataSource, Promise<unknown>>();
/** The SQLite transaction running now: its token, and its end (settled, never rejected). */
const sqliteRunning = new WeakMap<DataSource, { token: object; settled: Promise<unknown> }>();
/**
 * The token of the transaction whose work this async flow is: its statements belong to it. One
 * token per transaction, so work left running after its own transaction ended (a Promise.all
 * branch after another failed) does not pass as part of the next one.
 */
const insideTransaction = new AsyncLocalStorage<object>();
/** Transactions queued and statements held at the gate: the SQLite "requests waiting" of /metrics. */
const sqliteWaiting = new WeakMap<DataSource, number>();
const addWaiting = (dataSource: DataSource, delta: number) => sqliteWaiting.set(dataSource, (sqliteWaiting.get(dataSource) ?? 0) + delta);

/** The one SQLite connection as a pool of one: held by a transaction or not, and who waits for it. */
export function sqliteConnectionState(dataSource: DataSource): { inUse: number; waiting: number } {
  return { inUse: sqliteRunning.has(dataSource) ? 1 : 0, waiting: sqliteWaiting.get(dataSource) ?? 0 };
}

/** A check the first transaction() of an async flow runs first (If-Match, see underPrecondition). */
interface Precondition {
  readonly check: (manager: EntityManager) => Promise<void>;
  /** A transaction that ran the check has committed: the write it guarded is done. */
  satisfied: boolean;
}
const preconditions = new AsyncLocalStorage<Precondition>();
/** What every transaction() of an async flow does last with its work's result, before it commits (see underFinisher). */
type Finisher = (manager: EntityManager, result: unknown) => Promise<void>;
const finishers = new AsyncLocalStorage<Finisher>();
// Deadlock victims are retried; concurrent writers sharing rows (term counts, the gaps of a unique
// index) can still collide a few times in a burst, so allow several attempts with a short random
// pause between them.
const MAX_ATTEMPTS = 8;

/**
 * Runs `work` in one transaction. better-sqlite3 has a single connection, and TypeORM fails
 * ("cannot start a transaction within a transaction") when two requests open transactions at
 * once, so on SQLite transactions are queued (and other requests' statements wait for the one
 * running: see isolateSqliteReads). On MySQL/MariaDB a transaction chosen as a deadlock victim is
 * retried (it was rolled back, so running it again is safe). Never call it from inside `work`: on
 * SQLite the inner call would wait for the outer one forever. `readCommitted` (MySQL/MariaDB):
 * every plain read sees what has committed by then, not the snapshot of the first one; for writes
 * that take their locks after reading what to lock (TermsService's deletes and moves).
 */
export function transaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  options: { readonly readCommitted?: boolean } = {},
): Promise<T> {
  const precondition = preconditions.getStore();
  const finisher = finishers.getStore();
  const finished = finisher
    ? async (manager: EntityManager) => {
        const result = await work(manager);
        await finisher(manager, result);
        return result;
      }
    : work;
  const guarded =
    precondition && !precondition.satisfied
      ? async (manager: EntityManager) => {
          await precondition.check(manager);
          const result = await finished(manager);
          return { result, guarded: true };
        }
      : async (manager: EntityManager) => ({ result: await finished(manager), guarded: false });
  // The server's isolation (REPEATABLE READ) unless asked: naming it would cost every write a statement.
  const inTransaction = <R>(fn: (manager: EntityManager) => Promise<R>) =>
    options.readCommitted && !isSqlite(dataSource) ? dataSource.transaction('READ COMMITTED', fn) : dataSource.transaction(fn);
  // Once it has committed, the remembered reads (ReadCache) it can change end, here and on other
  // instances (issues #14, #15): the work notes what it wrote (write-notes.ts).
  const bracketed = async () => {
    let workFailed = false;
    const notes = collectingWrites(() =>
      inTransaction((manager) =>
        guarded(manager).catch((error: unknown) => {
          workFailed = true;
          throw error;
        }),
      ),
    );
    try {
      const done = await notes.done;
      // Committed: later transactions of the same request are not the guarded write.
      if (done.guarded && precondition) precondition.satisfied = true;
      announceWritten(dataSource, notes.scope());
      return done.result;
    } catch (error) {
      // The work failed: rolled back, nothing to end. A failed commit may have committed: end everything.
      if (!workFailed) announceWritten(dataSource, ALL);
      throw error;
    }
  };
  if (!isSqlite(dataSource)) return withDeadlockRetry(dataSource, bracketed);
  const previous = sqliteQueues.get(dataSource) ?? Promise.resolve();
  addWaiting(dataSource, 1);
  const run = previous.then(() => {
    addWaiting(dataSource, -1);
    const token = {};
    const current = insideTransaction.run(token, bracketed);
    const running = {
      token,
      settled: current.then(
        () => undefined,
        () => undefined,
      ),
    };
    sqliteRunning.set(dataSource, running);
    void running.settled.then(() => {
      if (sqliteRunning.get(dataSource) === running) sqliteRunning.delete(dataSource);
    });
    return current;
  });
  sqliteQueues.set(
    dataSource,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Runs `run` so that its transaction() first runs `check` with the transaction's manager: a
 * conditional write (If-Match) compares the item's current tag there, after locking its row, so
 * that no write can land between the comparison and the update. Retries (a rollback) check again;
 * once a checked transaction has committed, the request's later transactions do not.
 */
export function underPrecondition<T>(check: (manager: EntityManager) => Promise<void>, run: () => T): T {
  return preconditions.run({ check, satisfied: false }, run);
}

/**
 * Runs `run` so that each of its transaction()s ends by passing its work's result to `finish`,
 * with the transaction's manager, before it commits: what `finish` writes commits or rolls back
 * with the work. An idempotent create stores its response so (IdempotencyInterceptor): a create
 * whose COMMIT reached the server but whose answer was lost is then replayed, not made twice.
 */
export function underFinisher<T>(finish: Finisher, run: () => T): T {
  return finishers.run(finish, run);
}

/**
 * The row `id` of `target`, read for update: on MySQL/MariaDB locked until the transaction ends,
 * so concurrent writers of one row take turns, each seeing what the previous one committed.
 * SQLite transactions take turns already (see transaction()), and TypeORM refuses the lock there.
 */
export function lockForUpdate<E extends ObjectLiteral & { id: number }>(
  manager: EntityManager,
  target: EntityTarget<E>,
  id: number,
): Promise<E | null> {
  const lock = isSqlite(manager) ? {} : { lock: { mode: 'pessimistic_write' as const } };
  return manager.findOne(target, { where: { id } as FindOptionsWhere<E>, ...lock });
}

/**
 * better-sqlite3 gives TypeORM one connection, and every statement runs on it: a read of another
 * request arriving while a transaction() is open would run inside that transaction and could see
 * its uncommitted rows (and a rollback would take them back after they were served). After this,
 * a statement waits while a transaction() is open, unless it belongs to that transaction (its
 * async flow). Statements of the transaction's own work, however they reach the connection, pass.
 */
export function isolateSqliteReads(dataSource: DataSource): DataSource {
  if (!isSqlite(dataSource)) return dataSource;
  const runner = dataSource.driver.createQueryRunner('master');
  // The class's method, looked up at each call (not bound once), so wrappers of it, such as the
  // query counters of tests, still see every statement.
  const classQuery = () => (Object.getPrototypeOf(runner) as { query: (...args: unknown[]) => Promise<unknown> }).query;
  runner.query = (async (...args: unknown[]) => {
    let open = sqliteRunning.get(dataSource);
    if (open && insideTransaction.getStore() !== open.token) {
      addWaiting(dataSource, 1);
      while (open && insideTransaction.getStore() !== open.token) {
        await open.settled;
        open = sqliteRunning.get(dataSource);
      }
      addWaiting(dataSource, -1);
    }
    return classQuery().apply(runner, args);
  }) as typeof runner.query;
  return dataSource;
}

/** How often transaction() ran work again, by cause, per data source (MySQL/MariaDB). */
export interface TransactionRetries {
  /** Attempts chosen as a deadlock victim, retried or (the last one) given up on. */
  deadlocks: number;
  /** Attempts that found their snapshot stale (StaleReadError, a foreign key refused). */
  staleReads: number;
  /** Transactions that ran out of attempts on either. */
  exhausted: number;
}
const retryCounts = new WeakMap<DataSource, TransactionRetries>();

/** The retries transaction() made on `dataSource` so far (a copy; zeros on SQLite). */
export function transactionRetries(dataSource: DataSource): TransactionRetries {
  return { ...(retryCounts.get(dataSource) ?? { deadlocks: 0, staleReads: 0, exhausted: 0 }) };
}

async function withDeadlockRetry<T>(dataSource: DataSource, attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      const deadlock = isDeadlock(error);
      if (!deadlock && !isStaleRead(error)) throw error;
      let counts = retryCounts.get(dataSource);
      if (!counts) retryCounts.set(dataSource, (counts = { deadlocks: 0, staleReads: 0, exhausted: 0 }));
      if (deadlock) counts.deadlocks++;
      else counts.staleReads++;
      if (n >= MAX_ATTEMPTS) {
        counts.exhausted++;
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, randomInt(2, 10 * n)));
    }
  }
}

/**
 * What a transaction read in its snapshot was changed by a write that committed since (MySQL/MariaDB,
 * REPEATABLE READ): rolled back and run again, the work reads the new state (a deleted term named
 * by id is then a 400, by name created again; a trashed venue is a 400).
 */
export class StaleReadError extends Error {
  constructor(what: string) {
    super(`changed by a concurrent write: ${what}`);
  }
}

/**
 * A row this transaction read in its snapshot and now references was deleted by a concurrent write
 * (a term deleted while an event write links it: the link's foreign key refuses it), or the work
 * found its snapshot stale (StaleReadError). Both are retried like a deadlock.
 */
function isStaleRead(error: unknown): boolean {
  if (error instanceof StaleReadError) return true;
  const driverError = driverErrorOf(error);
  return driverError?.code === 'ER_NO_REFERENCED_ROW_2' || driverError?.errno === 1452;
}

/**
 * MySQL/MariaDB: throws StaleReadError unless the rows `selects` read (each a SELECT whose first
 * two columns are a constant kind and the id) are the same read now as the last committed rows,
 * share-locked until the commit, as they were in the transaction's snapshot: two statements
 * whatever their number. A write that planned from the snapshot (venues it links not trashed,
 * terms it links or unlinks existing) then either commits before a concurrent trash or delete of
 * those rows (which waits for the lock and sees its links), or runs again after it.
 */
export async function assertSnapshotCurrent(
  manager: EntityManager,
  selects: readonly { readonly sql: string; readonly params: readonly unknown[] }[],
): Promise<void> {
  if (isSqlite(manager) || !selects.length) return;
  const params = selects.flatMap((select) => select.params);
  const read = (sql: string) => manager.query(`${sql} ORDER BY 1, 2`, params);
  const seen = JSON.stringify(await read(selects.map((select) => select.sql).join(' UNION ALL ')));
  const current = JSON.stringify(await read(selects.map((select) => `(${select.sql} LOCK IN SHARE MODE)`).join(' UNION ALL ')));
  if (seen !== current) throw new StaleReadError('a linked term, venue or organizer');
}

function isDeadlock(error: unknown): boolean {
  const driverError = driverErrorOf(error);
  return driverError?.code === 'ER_LOCK_DEADLOCK' || driverError?.errno === 1213;
}

/** The mysql2 error TypeORM wraps in a QueryFailedError. */
function driverErrorOf(error: unknown): { code?: string; errno?: number } | undefined {
  return (error as { driverError?: { code?: string; errno?: number } }).driverError;
}

/** A UNIQUE index refused a row (both databases). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
