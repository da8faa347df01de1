import { once } from 'node:events';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { flushLogs, heldLines } from './access-log';

// stdout's lines are held and written together (issue #14); none may be lost when the app says so.
describe('held log lines', () => {
  let dir: string;
  let file: string;
  let held: ReturnType<typeof heldLines>;
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

  it('holds a few lines, then writes every one of them, in order, when flushed', () => {
    const logger = pino(held);
    for (let i = 0; i < 5; i++) logger.info({ i }, 'line');
    expect(written()).toEqual([]);
    flushLogs(logger);
    expect(written().map((line) => (JSON.parse(line) as { i: number }).i)).toEqual([0, 1, 2, 3, 4]);
  });

  it('writes without being asked once 4 KB have gathered', () => {
    const logger = pino(held);
    const text = 'x'.repeat(1000);
    for (let i = 0; i < 3; i++) logger.info({ text }, 'line');
    expect(written()).toEqual([]);
    for (let i = 3; i < 5; i++) logger.info({ text }, 'line');
    expect(written().length).toBeGreaterThanOrEqual(4);
  });

  it('writes what it holds within a fraction of a second when nothing more comes', async () => {
    const logger = pino(held);
    logger.info('alone');
    expect(written()).toEqual([]);
    for (let waited = 0; waited < 5000 && !written().length; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written()).toHaveLength(1);
    expect(JSON.parse(written()[0])).toMatchObject({ msg: 'alone' });
  });
});
