import http from 'node:http';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/load-config';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { TEST_DATABASES } from './support/databases';
import { startLoad } from './support/load-client';
import { freePort, runCli, startServer, waitForOutput } from './support/processes';

jest.setTimeout(180_000);

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe.each(TEST_DATABASES)('graceful shutdown on $kind', (database) => {
  it('finishes the request in flight on SIGTERM, then stops accepting and exits with code 0', async () => {
    const { url, drop } = await database.create();
    try {
      const env = { DATABASE_URL: url };
      await runCli(['user:create', '--username', 'slow', '--role', 'author'], env);
      // Every application password costs one slow hash to check: a wrong password against ten
      // of them keeps a request in flight for a good while.
      for (let i = 0; i < 9; i++) await runCli(['app-password:create', '--username', 'slow'], env);

      const port = await freePort();
      const server = startServer({ ...env, PORT: String(port) });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        server.on('exit', (code, signal) => resolve({ code, signal })),
      );
      await waitForOutput(server, /listening on/);
      const output = waitForOutput(server, /stopped \(SIGTERM\)/);

      const inFlight = get(port, '/health', { Authorization: `Basic ${Buffer.from('slow:wrong').toString('base64')}` });
      await new Promise((resolve) => setTimeout(resolve, 150));
      server.kill('SIGTERM');

      const answered = await inFlight;
      expect(answered.status).toBe(401);
      expect(JSON.parse(answered.body)).toMatchObject({ code: 'invalid_credentials' });

      const { code, signal } = await exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      await expect(output).resolves.toMatch(/stopped \(SIGTERM\)/);
      await expect(get(port, '/health')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await drop();
    }
  });

  it('lets a request whose client went away finish its writes before the database closes', async () => {
    const { url, drop } = await database.create();
    try {
      const env = { DATABASE_URL: url };
      await runCli(['user:create', '--username', 'gone', '--role', 'author'], env);
      // The password used is checked after nine others: the request stays in the guard a while.
      for (let i = 0; i < 8; i++) await runCli(['app-password:create', '--username', 'gone'], env);
      const last = await runCli(['app-password:create', '--username', 'gone'], env);
      const password = last.stdout.trim().split('\n').pop() ?? '';

      const port = await freePort();
      const server = startServer({ ...env, PORT: String(port) });
      const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
      const output = waitForOutput(server, /stopped \(SIGTERM\)/);
      await waitForOutput(server, /listening on/);

      const body = JSON.stringify({
        title: 'Written after the client left',
        start_date: '2030-01-10 10:00:00',
        end_date: '2030-01-10 12:00:00',
      });
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/calendar/events/v1/events',
        agent: false,
        headers: {
          Authorization: `Basic ${Buffer.from(`gone:${password}`).toString('base64')}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      });
      req.on('error', () => undefined);
      req.end(body);
      await new Promise((resolve) => setTimeout(resolve, 100));
      req.destroy(); // the client gives up while the server checks its password
      await new Promise((resolve) => setTimeout(resolve, 50));
      server.kill('SIGTERM');
      await exited;

      const log = await output;
      expect(log).not.toMatch(/Pool is closed|closed state|database unavailable|rest_internal_error/);
      const dataSource = new DataSource(buildDataSourceOptions(loadConfig(env).database));
      await dataSource.initialize();
      try {
        const rows: { title: string }[] = await dataSource.query('SELECT title FROM events');
        expect(rows.map((row) => row.title)).toEqual(['Written after the client left']);
      } finally {
        await dataSource.destroy();
      }
    } finally {
      await drop();
    }
  });

  it('resets no request of keep-alive clients on SIGTERM: answers during the drain say Connection: close', async () => {
    const { url, drop } = await database.create();
    try {
      const port = await freePort();
      const server = startServer({ DATABASE_URL: url, PORT: String(port) });
      const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
      await waitForOutput(server, /listening on/);

      // Eight clients in loops over keep-alive connections, as a busy proxy or app server would.
      const load = startLoad({ base: `http://127.0.0.1:${port}`, readers: 8, readPath: '/calendar/events/v1/events?per_page=2' });
      await load.until((records) => records.filter((r) => r.status === 200).length >= 300);
      server.kill('SIGTERM');
      await exited;
      // The clients go on until their new connections are refused.
      await load.until((records) => records.filter((r) => r.error === 'ECONNREFUSED').length >= 8);
      const records = await load.stop();

      const failures = records.filter((r) => r.error !== undefined && r.error !== 'ECONNREFUSED');
      expect(failures).toEqual([]);
      expect(records.filter((r) => r.status !== undefined && r.status !== 200)).toEqual([]);
      // Some answers came during the drain, each telling its client to stop using the connection.
      expect(records.filter((r) => r.connectionClose).length).toBeGreaterThan(0);
    } finally {
      await drop();
    }
  });
});
