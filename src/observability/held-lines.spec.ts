import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs, { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { HeldLines, heldLines, stopHolding } from './held-lines';

// stdout's lines are held and written together (issue #14): none may be lost, and each write
// must stay whole lines of at most PIPE_BUF bytes, which the workers sharing a pipe rely on.
describe('held log lines', () => {
  let dir: string;
  let file: string;
  let held: HeldLines;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'held-lines-'));
    file = join(dir, 'out.log');
    held = heldLines(openSync(file, 'w'));
  });
  // Closing the destination closes its file and stops its timer, which would otherwise write into
  // the next test's file once the descriptor's number is reused.
  afterEach(async () => {
    const closed = once(held, 'close');
    held.destroy();
    await closed;
    rmSync(dir, { recursive: true, force: true });
  });
  const written = () => readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const numbers = () => written().map((line) => (JSON.parse(line) as { i: number }).i);

  it('holds a few lines, writes every one of them in order when told to stop, and then each at once', () => {
    const logger = pino(held);
    for (let i = 0; i < 5; i++) logger.info({ i }, 'line');
    expect(written()).toEqual([]);
    stopHolding(held);
    expect(numbers()).toEqual([0, 1, 2, 3, 4]);
    logger.info({ i: 5 }, 'line');
    expect(numbers()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('writes without being asked once 3 KB have gathered, in whole lines and at most 4096 bytes a write', () => {
    const writes = jest.spyOn(fs, 'writeSync');
    try {
      const logger = pino(held);
      // About 2.5 KB a line: two of them pass 3 KB together, and a write of both would pass 4096 bytes.
      const text = 'x'.repeat(2450);
      logger.info({ i: 0, text }, 'line');
      expect(written()).toEqual([]);
      for (let i = 1; i < 40; i++) logger.info({ i, text }, 'line');
      const sizes = writes.mock.calls.map(([, data]) => Buffer.byteLength(String(data)));
      expect(sizes.length).toBeGreaterThan(4);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(4096);
      expect(writes.mock.calls.every(([, data]) => String(data).endsWith('\n'))).toBe(true);
      stopHolding(held);
      expect(numbers()).toEqual([...Array(40).keys()]);
    } finally {
      writes.mockRestore();
    }
  });

  it('writes what it holds within a second when nothing more comes', async () => {
    const logger = pino(held);
    logger.info('alone');
    expect(written()).toEqual([]);
    for (let waited = 0; waited < 1000 && !written().length; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written()).toHaveLength(1);
    expect(JSON.parse(written()[0])).toMatchObject({ msg: 'alone' });
  });

  it('writes what it holds when the process exits', () => {
    const exitFile = join(dir, 'exit.log');
    const script = `
      const { pino } = require('pino');
      const { heldLines } = require(${JSON.stringify(join(__dirname, 'held-lines'))});
      const logger = pino(heldLines(require('node:fs').openSync(${JSON.stringify(exitFile)}, 'w')));
      for (let i = 0; i < 3; i++) logger.info({ i }, 'before exit');
      process.exit(3);`;
    const child = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { cwd: join(__dirname, '../..') });
    expect(child.status).toBe(3);
    const lines = readFileSync(exitFile, 'utf8').split('\n').filter(Boolean);
    expect(lines.map((line) => (JSON.parse(line) as { i: number }).i)).toEqual([0, 1, 2]);
  });
});
