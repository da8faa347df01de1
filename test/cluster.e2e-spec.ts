import { spawn } from 'node:child_process';
import { join } from 'node:path';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '..');

/** Runs `npm run start:cluster`'s entry (through ts-node) and waits for it to exit. */
function cluster(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/cluster.ts'], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

// Running workers over MariaDB and Redis is covered by scale-out.e2e-spec.ts (its instance B).
describe('npm run start:cluster refuses what several processes cannot share (issue #15)', () => {
  it.each([
    [{ CLUSTER_WORKERS: '2', DATABASE_URL: 'sqlite::memory:' }, 'start:cluster needs MySQL or MariaDB: SQLite is for one process'],
    [{ CLUSTER_WORKERS: '2', DATABASE_URL: 'mariadb://root@127.0.0.1:1/none' }, 'start:cluster needs REDIS_URL'],
    [{ CLUSTER_WORKERS: '0', DATABASE_URL: 'sqlite::memory:' }, 'CLUSTER_WORKERS must be an integer from 1 to 256 (got "0")'],
    [{ CLUSTER_WORKERS: '2', REDIS_URL: 'http://cache' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
  ])('refuses %j, saying why, before starting any worker', async (env, message) => {
    const { code, stderr } = await cluster(env);
    expect(code).toBe(1);
    expect(stderr).toContain(message);
    expect(stderr).not.toContain('listening');
  });
});
