import { Logger } from '@nestjs/common';
import { Connection, RowDataPacket, createConnection } from 'mysql2/promise';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, QueryRunner } from 'typeorm';
import { readsMayUseReplica } from './read-routing';
import { replicaFault } from './replica-faults';

/** How often each replica's replication state is read; while a write is not yet on every replica, this often. */
export const REPLICA_CHECK_MS = 1000;
const PENDING_CHECK_MS = 100;
const CHECK_TIMEOUT_MS = 1000;

export interface ReplicaStatus {
  /** `replica1`, `replica2`... in the order of DATABASE_READ_URLS (as in /metrics). */
  readonly name: string;
  /** In the rotation of anonymous reads. */
  readonly serving: boolean;
  /** Seconds_Behind_Master at the last check; `null` when replication is stopped or the replica did not answer. */
  readonly lagSeconds: number | null;
}

interface Replica {
  readonly name: string;
  /** mysql2's pool cluster node (TypeORM names them SLAVE0, SLAVE1...). */
  readonly node: string;
  readonly url: string;
  connection: Connection | null;
  serving: boolean;
  lagSeconds: number | null;
  /** Whether its state has been logged once: a replica that never serves (wrong URL, not replicating) is logged too. */
  reported: boolean;
  /** Its pool's connections running a request's statement now: cut when it stops answering. */
  readonly busy: Set<PooledConnection>;
  /** Requests waiting for a connection of its pool: sent to the primary when it stops answering. */
  readonly waiting: Set<() => void>;
}

/** The parts of mysql2's pooled connection used here. */
interface PooledConnection {
  release(): void;
  destroy(): void;
  stream?: { destroy(error?: Error): void };
}

/** One statement of a replica-routed runner: the replica it went to (once picked) and its connection. */
interface Attempt {
  replica: Replica | null;
  connection: PooledConnection | null;
  /** The statement has failed or answered: a connection that arrives now (after its wait ran out) is not its own. */
  finished: boolean;
}

/** The statement being run by withFallback: obtainSlaveConnection tells it where it went. */
const attempts = new AsyncLocalStorage<Attempt>();

/** What the statements still running on a replica that stopped answering fail with (then run elsewhere). */
export class ReplicaAbandonedError extends Error {
  readonly fatal = true;

  constructor(replica: string, why: string) {
    super(`${replica} left out of reads: ${why}`);
  }
}

type Flavour = 'mariadb' | 'mysql';

/**
 * Routes anonymous reads to healthy replicas and tells remembered reads when replicas have every
 * announced write (issue #15). A replica serves while both replication threads run and it is at
 * most `maxLagSeconds` behind; it is left out at the first check that finds otherwise (within
 * REPLICA_CHECK_MS) and taken back once it is within the lag and has applied everything the
 * primary had at that check (GTID: MariaDB MASTER_GTID_WAIT, MySQL GTID_SUBSET). With none
 * serving, the primary answers every read.
 *
 * A read a replica fails for its own reasons (no answer, a lost connection, a table or column it
 * does not have yet: replica-faults.ts) runs once more on the next serving replica or the
 * primary, and the replica is left out until a check finds it well and caught up. When a replica
 * stops answering, its statements in flight and the requests waiting for one of its connections
 * go elsewhere at once rather than waiting for their own time limits: a frozen replica costs the
 * reads in flight a second or two, not an error.
 */
export class ReplicaRouter {
  private readonly replicas: Replica[];
  private readonly logger = new Logger('Replicas');
  private flavour: Flavour | null = null;
  private next = 0;
  /** Writes announced, and how many of them every serving replica is known to have. */
  private writesSeen = 0;
  private writesApplied = 0;
  private timer: NodeJS.Timeout | undefined;
  /** When the scheduled check runs (epoch ms); Infinity when none is scheduled. */
  private due = Infinity;
  private checking: Promise<void> | null = null;
  private stopped = false;
  /** The replica each connection handed out for reads came from. */
  private readonly origin = new WeakMap<PooledConnection, Replica>();

  constructor(
    private readonly dataSource: DataSource,
    readUrls: readonly string[],
    private readonly maxLagSeconds: number,
  ) {
    this.replicas = readUrls.map((url, index) => ({
      name: `replica${index + 1}`,
      node: `SLAVE${index}`,
      url,
      connection: null,
      serving: false,
      reported: false,
      lagSeconds: null,
      busy: new Set(),
      waiting: new Set(),
    }));
  }

  /** Installs the routing on the DataSource's driver (before boundDatabaseWork wraps it) and starts checking. */
  install(): this {
    const driver = this.dataSource.driver as unknown as {
      options: { replication?: { defaultMode?: string } };
      poolCluster: { getConnection(node: string, callback: (error: Error | null, connection: PooledConnection) => void): void };
      obtainMasterConnection(): Promise<PooledConnection>;
      obtainSlaveConnection(): Promise<PooledConnection>;
      prepareDbConnection(connection: PooledConnection): PooledConnection;
    };
    // Reads of query builders ask for a "slave" runner; the routing below decides who answers.
    if (driver.options.replication) driver.options.replication.defaultMode = 'slave';
    const primary = driver.obtainMasterConnection.bind(driver);
    driver.obtainSlaveConnection = () => {
      const replica = readsMayUseReplica() ? this.pick() : null;
      if (!replica) return primary();
      const attempt = attempts.getStore();
      if (attempt) attempt.replica = replica;
      return new Promise((resolve, reject) => {
        let settled = false;
        const elsewhere = () => {
          if (settled) return;
          settled = true;
          replica.waiting.delete(elsewhere);
          primary().then((connection) => {
            // The primary runs the statement: how it fails there is not the replica's doing, nor a
            // reason to run it again (a wait for this connection that ran out still counts as the replica's).
            if (attempt?.replica === replica) attempt.replica = null;
            resolve(connection);
          }, reject);
        };
        replica.waiting.add(elsewhere);
        driver.poolCluster.getConnection(replica.node, (error, connection) => {
          // Gone since the last check: leave it out until the next one finds it well, and ask the primary.
          if (error) return this.leaveOut(replica, `no connection (${error.message})`, true);
          // Sent elsewhere while it waited (the replica stopped answering).
          if (settled) return connection.release();
          settled = true;
          replica.waiting.delete(elsewhere);
          const ready = driver.prepareDbConnection(connection);
          this.origin.set(ready, replica);
          if (attempt && !attempt.finished) {
            attempt.connection = ready;
            replica.busy.add(ready);
          }
          resolve(ready);
        });
      });
    };
    this.schedule(0);
    return this;
  }

  /**
   * Runs a replica-routed read that its replica failed once more elsewhere (see the class). Wraps
   * the runners after boundDatabaseWork has, so that its time limits are among the failures seen.
   */
  retryFailedReads(): this {
    const driver = this.dataSource.driver as unknown as { createQueryRunner(mode: 'master' | 'slave'): QueryRunner };
    const create = driver.createQueryRunner.bind(driver);
    driver.createQueryRunner = (mode) => (mode === 'slave' ? this.withFallback(create(mode)) : create(mode));
    return this;
  }

  /** A content write was committed (here or on another instance): remembered reads wait until the serving replicas have it. */
  writeSeen(): void {
    this.writesSeen++;
    if (this.replicas.length) this.schedule(PENDING_CHECK_MS);
  }

  /** Every serving replica has applied every write announced so far (no replicas: trivially). */
  caughtUp(): boolean {
    return this.writesApplied === this.writesSeen;
  }

  status(): ReplicaStatus[] {
    return this.replicas.map(({ name, serving, lagSeconds }) => ({ name, serving, lagSeconds }));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.checking;
    await Promise.all(this.replicas.map((replica) => this.disconnect(replica)));
  }

  private withFallback(runner: QueryRunner): QueryRunner {
    const held = runner as unknown as { databaseConnection?: PooledConnection; databaseConnectionPromise?: Promise<unknown> };
    const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
    runner.query = (async (...args: unknown[]) => {
      // A connection taken by an earlier statement of this runner: find out whose it is.
      const replica = held.databaseConnection ? this.origin.get(held.databaseConnection) : undefined;
      const attempt: Attempt = { replica: replica ?? null, connection: replica ? held.databaseConnection! : null, finished: false };
      if (replica) replica.busy.add(attempt.connection!);
      try {
        return await attempts.run(attempt, () => query(...args));
      } catch (error) {
        attempt.finished = true;
        const fault = attempt.replica && !runner.isTransactionActive ? replicaFault(error) : null;
        if (!fault) throw error;
        this.leaveOut(attempt.replica!, fault.why, fault.cut);
        // Its connection goes (to the pool if only the statement failed); the runner takes another.
        const connection = held.databaseConnection;
        held.databaseConnection = undefined;
        held.databaseConnectionPromise = undefined;
        if (connection && fault.cut) connection.destroy();
        else connection?.release();
        return query(...args);
      } finally {
        attempt.finished = true;
        if (attempt.connection) attempt.replica?.busy.delete(attempt.connection);
      }
    }) as QueryRunner['query'];
    return runner;
  }

  /** Round robin over the serving replicas. */
  private pick(): Replica | null {
    const serving = this.replicas.filter((replica) => replica.serving);
    if (!serving.length) return null;
    this.next = (this.next + 1) % serving.length;
    return serving[this.next];
  }

  /**
   * Runs the next check within `ms`, or sooner when one is due sooner: never later, so that writes
   * announced more often than PENDING_CHECK_MS cannot keep pushing the checks back (a replica that
   * stopped would then serve reads, however far behind, as long as the writes go on).
   */
  private schedule(ms: number): void {
    if (this.stopped || !this.replicas.length) return;
    const due = Date.now() + ms;
    if (due >= this.due) return;
    clearTimeout(this.timer);
    this.due = due;
    this.timer = setTimeout(() => {
      this.due = Infinity;
      void this.checkAll();
    }, ms);
    this.timer.unref();
  }

  private async checkAll(): Promise<void> {
    if (this.checking) return;
    const run = (async () => {
      const seen = this.writesSeen;
      const anyOut = this.replicas.some((replica) => !replica.serving);
      // What the primary has now includes every write announced before this check.
      const target = seen !== this.writesApplied || anyOut ? await this.primaryPosition() : null;
      let allApplied = target !== undefined;
      for (const replica of this.replicas) {
        const applied = await this.check(replica, target ?? null);
        if (replica.serving && !applied) allApplied = false;
      }
      if (allApplied && target !== undefined) this.writesApplied = Math.max(this.writesApplied, seen);
    })();
    this.checking = run;
    try {
      await run;
    } finally {
      this.checking = null;
      this.schedule(this.caughtUp() ? REPLICA_CHECK_MS : PENDING_CHECK_MS);
    }
  }

  /** The primary's GTID position now; `undefined` when it did not answer (nothing is taken back then). */
  private async primaryPosition(): Promise<string | undefined> {
    try {
      if (!this.flavour) {
        const [{ version }] = await this.dataSource.query<{ version: string }[]>('SELECT VERSION() AS version');
        this.flavour = /mariadb/i.test(version) ? 'mariadb' : 'mysql';
      }
      const sql = this.flavour === 'mariadb' ? 'SELECT @@GLOBAL.gtid_binlog_pos AS position' : 'SELECT @@GLOBAL.gtid_executed AS position';
      const [{ position }] = await this.dataSource.query<{ position: string | null }[]>(sql);
      return position ?? '';
    } catch {
      return undefined;
    }
  }

  /** Reads the replica's state and updates whether it serves; resolves whether it has applied `target`. */
  private async check(replica: Replica, target: string | null): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    // A frozen replica never answers: give up after a second, and use a new connection next time.
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer within 1 s')), CHECK_TIMEOUT_MS)));
    try {
      return await Promise.race([this.read(replica, target), late]);
    } catch (error) {
      // Not known: /ready says `null`, not the lag of an earlier check.
      replica.lagSeconds = null;
      this.leaveOut(replica, (error as Error).message, true);
      const connection = replica.connection;
      replica.connection = null;
      connection?.destroy();
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  private async read(replica: Replica, target: string | null): Promise<boolean> {
    const connection = (replica.connection ??= await connect(replica.url));
    const [rows] = await connection.query<RowDataPacket[]>('SHOW REPLICA STATUS');
    const row = rows[0] as Record<string, unknown> | undefined;
    const io = row?.Slave_IO_Running ?? row?.Replica_IO_Running;
    const sql = row?.Slave_SQL_Running ?? row?.Replica_SQL_Running;
    const lag = row?.Seconds_Behind_Master ?? row?.Seconds_Behind_Source;
    replica.lagSeconds = io === 'Yes' && sql === 'Yes' && lag !== null && lag !== undefined ? Number(lag) : null;
    if (replica.lagSeconds === null || replica.lagSeconds > this.maxLagSeconds) {
      this.leaveOut(replica, replica.lagSeconds === null ? 'replication is not running' : `${replica.lagSeconds} s behind`);
      return false;
    }
    const applied = target === null || (await this.hasApplied(connection, target));
    if (!replica.serving && applied) {
      replica.serving = true;
      replica.reported = true;
      this.logger.log(`${replica.name} serves reads (${replica.lagSeconds} s behind)`);
    }
    return applied;
  }

  private async hasApplied(connection: Connection, position: string): Promise<boolean> {
    if (this.flavour === 'mariadb') {
      const [rows] = await connection.query<RowDataPacket[]>('SELECT MASTER_GTID_WAIT(?, 0) AS waited', [position]);
      return Number(rows[0].waited) === 0;
    }
    const [rows] = await connection.query<RowDataPacket[]>('SELECT GTID_SUBSET(?, @@GLOBAL.gtid_executed) AS applied', [position]);
    return Number(rows[0].applied) === 1;
  }

  /**
   * Takes the replica out of the rotation. `cut`: it does not answer (or its connections fail), so
   * the reads still running on it or waiting for one of its connections go elsewhere now.
   */
  private leaveOut(replica: Replica, why: string, cut = false): void {
    if (cut) {
      for (const connection of replica.busy) {
        // As bounded-work.ts does with a hung statement: its callback fails, and the connection is not pooled again.
        connection.stream?.destroy(new ReplicaAbandonedError(replica.name, why));
        connection.destroy();
      }
      replica.busy.clear();
      for (const elsewhere of [...replica.waiting]) elsewhere();
    }
    if (!replica.serving) {
      if (!replica.reported) this.logger.warn(`${replica.name} does not serve reads: ${why}`);
      replica.reported = true;
      return;
    }
    replica.serving = false;
    this.logger.warn(`${replica.name} left out of reads: ${why}`);
  }

  private async disconnect(replica: Replica): Promise<void> {
    const connection = replica.connection;
    replica.connection = null;
    await connection?.end().catch(() => connection.destroy());
  }
}

/** A connection of its own for the checks, so a busy pool never delays them. */
function connect(url: string): Promise<Connection> {
  const parsed = new URL(url);
  return createConnection({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.slice(1)),
    connectTimeout: 1000,
  });
}
