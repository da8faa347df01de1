import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { freePort, killNow } from './processes';

const INSTALL_DB = '/usr/bin/mariadb-install-db';
const MARIADBD = '/usr/sbin/mariadbd';

/**
 * A throw-away MariaDB server for fault tests (MariaDB 10.11's binaries, as on CI): its own data
 * folder in the temp folder, its own free port on 127.0.0.1, root without a password. The tests
 * kill, freeze and restart it by its pid; the shared server on 3306 is never touched.
 */
export class ThrowAwayMariaDb {
  private process: ChildProcess | null = null;

  private constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly extraArgs: readonly string[],
  ) {}

  /** Creates the data folder (a few seconds) and starts the server, with `extraArgs` (binary log, server id) if any. */
  static async start(extraArgs: readonly string[] = []): Promise<ThrowAwayMariaDb> {
    const dir = mkdtempSync(join(tmpdir(), 'calendar-mariadb-'));
    // A temp folder of its own: two servers set up at once would clash over temporary table names in /tmp.
    mkdirSync(join(dir, 'tmp'));
    try {
      await promisify(execFile)(INSTALL_DB, [
        '--no-defaults',
        `--datadir=${join(dir, 'data')}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        '--user=root',
        `--tmpdir=${join(dir, 'tmp')}`,
      ]);
      const server = new ThrowAwayMariaDb(dir, await freePort(), extraArgs);
      await server.restart();
      return server;
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** The server's error log (deadlocks too, with --innodb-print-all-deadlocks). */
  get errorLog(): string {
    return join(this.dir, 'error.log');
  }

  /** The DATABASE_URL of `database` on this server. */
  url(database: string): string {
    return `mariadb://root@127.0.0.1:${this.port}/${database}`;
  }

  async createDatabase(name: string): Promise<string> {
    await this.sql(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    return this.url(name);
  }

  /** Runs one statement as root (on `database` if given) and returns its rows. */
  async sql<T = Record<string, unknown>>(statement: string, values: unknown[] = [], database?: string): Promise<T[]> {
    const connection = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root', database });
    try {
      const [rows] = await connection.query(statement, values);
      return rows as T[];
    } finally {
      await connection.end();
    }
  }

  /** Makes this server a replica of `primary` by GTID (both started with distinct --server-id, the primary with --log-bin). */
  async replicate(primary: ThrowAwayMariaDb): Promise<void> {
    await this.sql(
      `CHANGE MASTER TO MASTER_HOST = '127.0.0.1', MASTER_PORT = ${primary.port}, MASTER_USER = 'root', MASTER_CONNECT_RETRY = 1, MASTER_USE_GTID = slave_pos`,
    );
    await this.sql('START SLAVE');
  }

  get pid(): number {
    if (!this.process?.pid) throw new Error('the throw-away MariaDB is not running');
    return this.process.pid;
  }

  /** Starts the server on the same data folder and port (after kill()), and waits until it answers. */
  async restart(): Promise<void> {
    const dir = this.dir;
    const child = spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${join(dir, 'data')}`,
        `--socket=${join(dir, 'sock')}`,
        `--pid-file=${join(dir, 'pid')}`,
        `--log-error=${join(dir, 'error.log')}`,
        `--port=${this.port}`,
        '--bind-address=127.0.0.1',
        '--user=root',
        '--skip-name-resolve',
        '--innodb-buffer-pool-size=32M',
        `--tmpdir=${join(dir, 'tmp')}`,
        ...this.extraArgs,
      ],
      { stdio: 'ignore' },
    );
    this.process = child;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`mariadbd exited with ${child.exitCode}; see ${join(dir, 'error.log')}`);
      try {
        const connection = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root', connectTimeout: 1000 });
        await connection.end();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  /** SIGKILL: the server dies at once, as in a crash (committed transactions survive in its redo log). */
  async kill(): Promise<void> {
    await killNow(this.process);
    this.process = null;
  }

  /** SIGSTOP: the server keeps its sockets open (the kernel even accepts new connections) but answers nothing. */
  freeze(): void {
    process.kill(this.pid, 'SIGSTOP');
  }

  thaw(): void {
    process.kill(this.pid, 'SIGCONT');
  }

  /** Stops the server (thawing it first) and deletes its data folder. */
  async remove(): Promise<void> {
    const child = this.process;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    this.process = null;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
