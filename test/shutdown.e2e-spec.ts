import http from 'node:http';
import { TEST_DATABASES } from './support/databases';
import { freePort, runCli, startServer, waitForOutput } from './support/processes';

jest.setTimeout(60_000);

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
  it('finishes the request in flight on SIGTERM, then stops accepting and exits', async () => {
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
      expect(code === 0 || signal === 'SIGTERM').toBe(true);
      await expect(output).resolves.toMatch(/stopped \(SIGTERM\)/);
      await expect(get(port, '/health')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await drop();
    }
  });
});
