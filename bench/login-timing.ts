/**
 * Login latency by what a user name tells (issue #12): an unknown user, and a wrong password of a
 * user with 1 and with 3 application passwords, through the real app on a fresh SQLite file.
 * Prints the median and spread of `--rounds` sequential attempts each; asserts nothing.
 *   node -r ts-node/register/transpile-only bench/login-timing.ts [--rounds 30]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.factory';
import { UsersService } from '../src/auth/users.service';
import { loadConfig } from '../src/config/load-config';

async function main(): Promise<void> {
  const roundsArg = process.argv.indexOf('--rounds');
  const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 30;
  const dir = mkdtempSync(join(tmpdir(), 'login-timing-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'timing.sqlite')}`,
    LOGIN_RATE_LIMIT: '100000',
    LOGIN_ADDRESS_RATE_LIMIT: '100000',
    LOG_LEVEL: 'error',
  });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  try {
    const users = app.get(UsersService);
    const one = (await users.createUser({ username: 'one-password', role: 'editor' })).user.username;
    const three = (await users.createUser({ username: 'three-passwords', role: 'editor' })).user.username;
    for (const name of ['second', 'third']) await users.createApplicationPassword(three, name);

    const cases: [string, string][] = [
      ['unknown user', 'nobody'],
      ['user with 1 password, wrong password', one],
      ['user with 3 passwords, wrong password', three],
    ];
    // Interleaved, so a change in the machine's load touches every case alike.
    const times = new Map<string, number[]>(cases.map(([label]) => [label, []]));
    for (let round = 0; round < rounds; round++) {
      for (const [label, username] of cases) {
        const started = process.hrtime.bigint();
        const response = await fetch(`${base}/health`, {
          headers: { Authorization: `Basic ${Buffer.from(`${username}:wrong-${round}`).toString('base64')}` },
        });
        await response.arrayBuffer();
        times.get(label)!.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (response.status !== 401) throw new Error(`${label}: expected 401, got ${response.status}`);
      }
    }
    for (const [label, values] of times) {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(0);
      console.log(`${label.padEnd(40)} median ${at(0.5)} ms   p10 ${at(0.1)} ms   p90 ${at(0.9)} ms   (${rounds} attempts)`);
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
