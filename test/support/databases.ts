import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

/** A database an e2e spec runs against: SQLite always, MySQL when MYSQL_TEST_URL is set. */
export interface TestDatabase {
  readonly kind: 'sqlite' | 'mysql';
  /** Creates a fresh, empty database and returns its DATABASE_URL and a function to drop it. */
  create(): Promise<{ url: string; drop: () => Promise<void> }>;
}

const sqlite: TestDatabase = {
  kind: 'sqlite',
  create() {
    const dir = mkdtempSync(join(tmpdir(), 'calendar-e2e-'));
    return Promise.resolve({
      url: `sqlite:${join(dir, 'calendar.sqlite')}`,
      drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    });
  },
};

function mysql(baseUrl: string): TestDatabase {
  const base = new URL(baseUrl);
  const baseName = decodeURIComponent(base.pathname.slice(1));
  // A guard against pointing the suite at real data: every test database is created and dropped.
  if (!/test/i.test(baseName)) throw new Error(`MYSQL_TEST_URL must name a database containing "test" (got "${baseName}")`);
  return {
    kind: 'mysql',
    async create() {
      const name = `${baseName}_e2e_${process.pid}_${randomBytes(3).toString('hex')}`;
      const server = new URL(base);
      server.pathname = '/';
      const admin = await createConnection({ uri: server.toString() });
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await admin.end();
      const url = new URL(base);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        drop: async () => {
          const connection = await createConnection({ uri: server.toString() });
          await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
          await connection.end();
        },
      };
    },
  };
}

export const TEST_DATABASES: readonly TestDatabase[] = [sqlite, ...(process.env.MYSQL_TEST_URL ? [mysql(process.env.MYSQL_TEST_URL)] : [])];
