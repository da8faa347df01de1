import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dialectOf } from './dialect';

/**
 * Server-side prepared statements for the hot statements whose plan cannot change with their
 * values (issue #14, "less work per request"), on MySQL/MariaDB: the server parses such a
 * statement once per connection instead of at every run, and the values travel in the binary
 * protocol instead of being quoted into its text.
 *
 * Measured on the 1,000,000-event seed, statements replayed in a list's order on one connection
 * (bench notes in the README): MariaDB spent 0.15 to 0.22 ms less per list page with the page's
 * relations and the credential re-read prepared, the same rows read (handler counts equal).
 *
 * Only statements that say so (`prepared(sql)`) are prepared: statements that read by primary
 * key or by a named index. MariaDB 10.11 re-plans a prepared `... WHERE <range> ORDER BY ...
 * LIMIT n` badly once another statement of its connection has read the same table: a list page's
 * ids, 0.2 ms as text, walked some 260,000 index entries (33 ms) at every run after the page's
 * relations. So pages, counts that walk an index and anything TypeORM builds stay text.
 *
 * Every statement still goes through TypeORM's runner (its logging, its errors, bounded-work.ts,
 * the replica routing); only the driver's last step changes. mysql2 keeps at most
 * MAX_PREPARED_PER_CONNECTION statements per connection and closes the least recently used one
 * beyond, so texts that vary (IN lists of other lengths) cannot pile up against the server's
 * `max_prepared_stmt_count`, which every connection of every instance shares; a statement the
 * server refuses to prepare for that reason (or must prepare again too often) runs as text.
 */
export const MAX_PREPARED_PER_CONNECTION = 64;

/** More parameters than this: a batch whose text changes with its size; as text (the server takes at most 65,535). */
const MAX_PREPARED_PARAMETERS = 512;
/** Texts remembered as preparable; when full it starts afresh (callers mark their text at every call). */
const MAX_MARKED = 4096;
/** ER_MAX_PREPARED_STMT_COUNT_REACHED: every prepared statement the server allows exists. */
const TOO_MANY_PREPARED = 1461;
/** ER_NEED_REPREPARE: a table changed under the statement more often than the server re-prepares it. */
const NEED_REPREPARE = 1615;

const marked = new Set<string>();

/**
 * `sql`, marked to run as a prepared statement on MySQL/MariaDB (nothing changes on SQLite, whose
 * driver prepares every statement). Only for statements whose plan the values cannot change: see above.
 */
export function prepared(sql: string): string {
  if (!marked.has(sql)) {
    if (marked.size >= MAX_MARKED) marked.clear();
    marked.add(sql);
  }
  return sql;
}

type Callback = (error: (Error & { errno?: number }) | null, ...results: unknown[]) => void;

/** The part of a mysql2 connection this module uses. */
interface Mysql2Connection {
  query(...args: unknown[]): unknown;
  execute(sql: string, values: unknown[], callback: Callback): unknown;
}

/** Runs the marked statements of `dataSource`'s connections as prepared statements (MySQL/MariaDB only). */
export function usePreparedStatements(dataSource: DataSource): DataSource {
  if (dialectOf(dataSource) !== 'mysql') return dataSource;
  // Every connection TypeORM hands a query runner, from the primary's pool or a replica's, passes here.
  const driver = dataSource.driver as unknown as { prepareDbConnection(connection: unknown): unknown };
  const prepareDbConnection = driver.prepareDbConnection.bind(driver);
  const routed = new WeakSet<Mysql2Connection>();
  driver.prepareDbConnection = (connection: unknown) => {
    const ready = prepareDbConnection(connection) as Mysql2Connection;
    if (!routed.has(ready)) {
      routed.add(ready);
      routeMarked(ready);
    }
    return ready;
  };
  return dataSource;
}

let warned = false;

/**
 * TypeORM runs every statement as `query(sql, values, callback)`: the marked ones go to `execute`.
 * One the server will not prepare runs as text; the first refusal for want of room is logged
 * once, for the operator (raise `max_prepared_stmt_count`): until then each marked statement
 * costs a refused prepare more.
 */
function routeMarked(connection: Mysql2Connection): void {
  const query = connection.query.bind(connection);
  connection.query = (...args: unknown[]) => {
    const [sql, values, callback] = args;
    if (typeof sql !== 'string' || typeof callback !== 'function' || !marked.has(sql) || !bindable(values)) return query(...args);
    return connection.execute(sql, values, (error, ...results) => {
      if (error?.errno === TOO_MANY_PREPARED || error?.errno === NEED_REPREPARE) {
        if (error.errno === TOO_MANY_PREPARED && !warned) {
          warned = true;
          new Logger('Database').warn(`the server refused to prepare a statement (${error.message}); such statements run as text`);
        }
        return query(sql, values, callback);
      }
      (callback as Callback)(error, ...results);
    });
  };
}

/** Values the binary protocol sends as the text protocol would quote them (else the text protocol keeps its meaning). */
function bindable(values: unknown): values is unknown[] {
  return Array.isArray(values) && values.length > 0 && values.length <= MAX_PREPARED_PARAMETERS && values.every(bindsAlike);
}

function bindsAlike(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      return value === null || (value instanceof Date && !Number.isNaN(value.getTime())) || Buffer.isBuffer(value);
    default:
      return false;
  }
}
