import Database from 'better-sqlite3';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, createConnection } from 'mysql2/promise';

export type DatabaseKind = 'mysql' | 'sqlite';

export type Row = Record<string, unknown>;

/** The bench's own database: created empty, queried for fixtures, EXPLAINed; never the app's. */
export interface BenchDatabase {
  readonly kind: DatabaseKind;
  /** DATABASE_URL for the app and the CLI. */
  readonly url: string;
  recreate(): Promise<void>;
  /** Events in the bench database, 0 when it does not exist (for --reuse). */
  countEvents(): Promise<number>;
  query(sql: string, parameters?: readonly unknown[]): Promise<Row[]>;
  /** The plan of one statement as the server logged it (MySQL EXPLAIN, SQLite EXPLAIN QUERY PLAN). */
  explain(sql: string, parameters: readonly unknown[]): Promise<Row[]>;
  version(): Promise<string>;
  close(): Promise<void>;
}

const DEFAULT_BENCH_DATABASE = 'calendar_bench';

/**
 * `mysql://root@127.0.0.1:3306[/name]`: the server, and the database the bench drops and creates
 * on it (`calendar_bench` by default; the name must contain "bench", so no real data is touched).
 */
export async function mysqlBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const server = new URL(serverUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(server.hostname))
    throw new Error(`the bench database must be local, not ${server.hostname}`);
  const BENCH_DATABASE = decodeURIComponent(server.pathname.slice(1)) || DEFAULT_BENCH_DATABASE;
  if (!/^\w*bench\w*$/i.test(BENCH_DATABASE)) throw new Error(`the bench database's name must contain "bench" (got "${BENCH_DATABASE}")`);
  const admin = await createConnection({
    uri: `mysql://${server.username ? `${server.username}${server.password ? `:${server.password}` : ''}@` : ''}${server.host}`,
    timezone: 'Z',
  });
  const [[{ v }]] = (await admin.query('SELECT VERSION() AS v')) as unknown as [[{ v: string }]];
  const scheme = /mariadb/i.test(v) ? 'mariadb' : 'mysql';
  const url = `${scheme}://${server.username ? `${server.username}${server.password ? `:${server.password}` : ''}@` : ''}${server.host}/${BENCH_DATABASE}`;
  let connection: Connection | undefined;
  const open = async () =>
    (connection ??= await createConnection({ uri: url.replace(/^mariadb:/, 'mysql:'), timezone: 'Z', dateStrings: false }));
  return {
    kind: 'mysql',
    url,
    async recreate() {
      await connection?.end();
      connection = undefined;
      await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE}`);
      await admin.query(`CREATE DATABASE ${BENCH_DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    },
    async countEvents() {
      try {
        const [rows] = await (await open()).query('SELECT COUNT(*) AS n FROM events');
        return Number((rows as Row[])[0].n);
      } catch {
        connection = undefined;
        return 0;
      }
    },
    async query(sql, parameters = []) {
      const [rows] = await (await open()).query(sql, parameters as unknown[]);
      return rows as Row[];
    },
    async explain(sql, parameters) {
      const [rows] = await (await open()).query(`EXPLAIN ${sql}`, parameters.map(revive));
      return (rows as Row[]).map((row) => pick(row, ['id', 'select_type', 'table', 'type', 'key', 'key_len', 'rows', 'Extra']));
    },
    version: () => Promise.resolve(v),
    async close() {
      await connection?.end();
      await admin.end();
    },
  };
}

/** A temporary SQLite file, removed on recreate. */
export function sqliteBenchDatabase(): BenchDatabase {
  const file = join(tmpdir(), 'calendar-bench.sqlite');
  let db: Database.Database | undefined;
  const open = () => (db ??= new Database(file, { readonly: true, fileMustExist: true }));
  return {
    kind: 'sqlite',
    url: `sqlite:${file}`,
    recreate() {
      db?.close();
      db = undefined;
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) rmSync(file + suffix);
      return Promise.resolve();
    },
    countEvents() {
      if (!existsSync(file)) return Promise.resolve(0);
      try {
        return Promise.resolve(Number((open().prepare('SELECT COUNT(*) AS n FROM events').get() as Row).n));
      } catch {
        return Promise.resolve(0);
      }
    },
    query(sql, parameters = []) {
      return Promise.resolve(
        open()
          .prepare(sql)
          .all(...(parameters as unknown[])) as Row[],
      );
    },
    explain(sql, parameters) {
      const database = open();
      // The server registers unicode_lower on its connection; the plan only needs the name to exist.
      database.function('unicode_lower', { deterministic: true }, (value: unknown) =>
        typeof value === 'string' ? value.toLowerCase() : value,
      );
      const rows = database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(parameters as unknown[])) as Row[];
      return Promise.resolve(rows.map((row) => pick(row, ['id', 'parent', 'detail'])));
    },
    version() {
      return Promise.resolve(`SQLite ${String((open().prepare('SELECT sqlite_version() AS v').get() as { v: string }).v)}`);
    },
    close() {
      db?.close();
      db = undefined;
      return Promise.resolve();
    },
  };
}

/** Parameters logged as JSON: dates came back as ISO strings. */
function revive(value: unknown): unknown {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value) ? new Date(value) : value;
}

function pick(row: Row, keys: readonly string[]): Row {
  return Object.fromEntries(keys.filter((key) => key in row).map((key) => [key, row[key]]));
}
