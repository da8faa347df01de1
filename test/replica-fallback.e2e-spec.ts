import { Logger } from '@nestjs/common';
import { DataSource, Logger as OrmLogger } from 'typeorm';
import { boundDatabaseWork } from '../src/database/bounded-work';
import { allowReplicaReads, readQuery, routeReads } from '../src/database/read-routing';
import { ReplicaRouter } from '../src/database/replicas';
import { ThrowAwayMariaDb } from './support/mariadb-server';

/**
 * The retry of a read its replica failed (replicas.ts, replica-faults.ts), on a throw-away
 * MariaDB: a "primary" and a "replica" that are two databases of that server (nothing
 * replicates; the test says which replica serves, no check runs).
 */
jest.setTimeout(120_000);

/** Every statement TypeORM runs, in order. */
class Statements implements OrmLogger {
  readonly seen: string[] = [];
  logQuery(query: string): void {
    this.seen.push(query);
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

/** Runs `work` as the reads of an anonymous GET (they may use a replica). */
function anonymousRead<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    routeReads(null, null, () => {
      allowReplicaReads();
      work().then(resolve, reject);
    }),
  );
}

describe('a read a replica fails runs once more elsewhere (MariaDB: the spec starts its own server)', () => {
  let server: ThrowAwayMariaDb;
  const urls = { primary: '', replica: '' };
  /** `url` with another port (nothing listens on port 1). */
  const atPort = (url: string, port: number) => {
    const changed = new URL(url);
    changed.port = String(port);
    return changed.toString();
  };
  const opened: { dataSource: DataSource; router: ReplicaRouter }[] = [];

  /** The app's wiring (database.module.ts) over `replicaUrl`, which serves from the start. */
  async function routed(replicaUrl: string) {
    const statements = new Statements();
    const dataSource = await new DataSource({
      type: 'mariadb',
      replication: {
        master: { url: urls.primary },
        slaves: [{ url: replicaUrl }],
        defaultMode: 'master',
        restoreNodeTimeout: 1000,
      },
      logger: statements,
      extra: { connectTimeout: 1000 },
    }).initialize();
    const router = new ReplicaRouter(dataSource, [replicaUrl], 5).install();
    boundDatabaseWork(dataSource, { statementTimeoutMs: 2000, acquireTimeoutMs: 1000 });
    router.retryFailedReads();
    // No checks: the replica serves until a failure leaves it out.
    await router.stop();
    (router as unknown as { replicas: { serving: boolean }[] }).replicas[0].serving = true;
    opened.push({ dataSource, router });
    return { dataSource, statements };
  }

  beforeAll(async () => {
    server = await ThrowAwayMariaDb.start();
    urls.primary = await server.createDatabase('primary_db');
    urls.replica = await server.createDatabase('replica_db');
    // The replica lacks column `a` (a migration it has not applied yet).
    await server.sql('CREATE TABLE t (id INT PRIMARY KEY, a INT NOT NULL)', [], 'primary_db');
    await server.sql('INSERT INTO t VALUES (1, 10)', [], 'primary_db');
    await server.sql('CREATE TABLE t (id INT PRIMARY KEY)', [], 'replica_db');
    await server.sql('INSERT INTO t VALUES (1)', [], 'replica_db');
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    for (const { dataSource } of opened.splice(0)) await dataSource.destroy();
  });

  afterAll(async () => {
    await server?.remove();
  });

  it('reads from the primary what the replica has no column for (the retry works)', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { dataSource, statements } = await routed(urls.replica);
    const rows = await anonymousRead(() => readQuery<{ id: number; a: number }[]>(dataSource.manager, 'SELECT id, a FROM t', []));
    expect(rows).toEqual([{ id: 1, a: 10 }]);
    expect(statements.seen.filter((sql) => sql === 'SELECT id, a FROM t')).toHaveLength(2);
  });

  it('does not run again, nor blame the replica for, a statement the primary failed after the replica gave no connection', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    // Nothing listens on port 1: the replica refuses every connection, and the read goes to the primary.
    const { dataSource, statements } = await routed(atPort(urls.replica, 1));
    const sql = 'SELECT id, no_such_column FROM t';
    await expect(anonymousRead(() => readQuery(dataSource.manager, sql, []))).rejects.toThrow(/Unknown column 'no_such_column'/);
    // The primary failed it: it would fail it again.
    expect(statements.seen.filter((seen) => seen === sql)).toHaveLength(1);
    const warnings = warn.mock.calls.map(([line]) => String(line));
    expect(warnings.filter((line) => /schema behind/.test(line))).toEqual([]);
  });
});
