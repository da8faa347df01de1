import { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runCli, startServer } from './support/processes';

jest.setTimeout(90_000);

/** Everything the process wrote, and how it ended. */
function outcome(child: ChildProcess): Promise<{ code: number | null; lines: string[] }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, lines: output.split('\n').filter(Boolean) })));
}

function parsed(lines: string[]): Array<Record<string, unknown>> {
  // Every line is JSON: a log pipeline reads a failed start like any other (Nest's text lines before).
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('a server that cannot start', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'calendar-startup-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says why in JSON lines and exits 1: its port is taken', async () => {
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const { code, lines } = await outcome(startServer({ DATABASE_URL: `sqlite://${join(dir, 'port.db')}`, PORT: String(port) }));
      expect(code).toBe(1);
      const last = parsed(lines).pop();
      expect(last).toMatchObject({ level: 'fatal', context: 'Main' });
      expect(last?.msg).toMatch(new RegExp(`^could not start: listen EADDRINUSE.*:${port}$`));
    } finally {
      taken.close();
    }
  });

  it('says why in JSON lines and exits 1: its HOST does not resolve, naming HOST', async () => {
    // .invalid never resolves (RFC 6761); Node's bare `getaddrinfo ENOTFOUND` did not say which setting it was.
    const { code, lines } = await outcome(
      startServer({ DATABASE_URL: `sqlite://${join(dir, 'host.db')}`, PORT: String(await freePort()), HOST: 'calendar.invalid' }),
    );
    expect(code).toBe(1);
    const last = parsed(lines).pop();
    expect(last).toMatchObject({ level: 'fatal', context: 'Main' });
    expect(last?.msg).toMatch(/^could not start: HOST "calendar\.invalid": getaddrinfo \w+ calendar\.invalid$/);
  });

  it('says why in JSON lines and exits 1: the database refuses connections', async () => {
    const nothing = await freePort();
    const { code, lines } = await outcome(
      startServer({ DATABASE_URL: `mysql://root@127.0.0.1:${nothing}/calendar`, PORT: String(await freePort()) }),
    );
    expect(code).toBe(1);
    const entries = parsed(lines);
    // Retried as documented, each retry one line, then the reason.
    expect(entries.filter((entry) => entry.context === 'TypeOrmModule' && entry.level === 'error')).toHaveLength(5);
    expect(entries.pop()).toMatchObject({
      level: 'fatal',
      context: 'Main',
      msg: `could not start: connect ECONNREFUSED 127.0.0.1:${nothing}`,
    });
  });
});

describe('a CLI command whose database refuses connections', () => {
  it('prints one line per retry and the reason, without a stack, and exits 1', async () => {
    const nothing = await freePort();
    const { code, stdout, stderr } = await runCli(['user:list'], { DATABASE_URL: `mysql://root@127.0.0.1:${nothing}/calendar` });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      [1, 2, 3, 4, 5].map((attempt) => `error: Unable to connect to the database. Retrying (${attempt})...\n`).join('') +
        `error: cannot use the database: connect ECONNREFUSED 127.0.0.1:${nothing}\n`,
    );
  });
});
