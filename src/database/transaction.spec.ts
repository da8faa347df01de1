import { DataSource } from 'typeorm';
import { isolateSqliteReads, sqliteConnectionState, transaction, underPrecondition } from './transaction';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('transaction() on SQLite', () => {
  let dataSource: DataSource;

  beforeEach(async () => {
    dataSource = isolateSqliteReads(await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize());
    await dataSource.query('CREATE TABLE t (n INTEGER NOT NULL)');
  });
  afterEach(() => dataSource.destroy());

  const count = async () => Number((await dataSource.query<{ n: number }[]>('SELECT COUNT(*) AS n FROM t'))[0].n);

  it("keeps other requests' reads out of an open transaction: they never see rows it rolls back", async () => {
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const write = transaction(dataSource, async (manager) => {
      await manager.query('INSERT INTO t (n) VALUES (1)');
      inserted();
      await pause(50);
      throw new Error('changed my mind');
    });
    await insertedNow;
    const read = count(); // issued while the transaction is open, after its insert
    await expect(write).rejects.toThrow('changed my mind');
    expect(await read).toBe(0);
  });

  it('lets the statements of the transaction itself through, however they reach the connection', async () => {
    const seen = await transaction(dataSource, async (manager) => {
      await manager.query('INSERT INTO t (n) VALUES (1)');
      await pause(5);
      return count(); // through the DataSource, not the manager: still the transaction's own
    });
    expect(seen).toBe(1);
    expect(await count()).toBe(1);
  });

  it('queues transactions, and reads in between only ever see committed states', async () => {
    // Each transaction adds two rows with a pause between: an odd count would be a dirty read.
    const writes = [1, 2, 3].map(() =>
      transaction(dataSource, async (manager) => {
        await manager.query('INSERT INTO t (n) VALUES (1)');
        await pause(10);
        await manager.query('INSERT INTO t (n) VALUES (2)');
      }),
    );
    const reads: Promise<number>[] = [];
    for (let i = 0; i < 10; i++) {
      reads.push(count());
      await pause(4);
    }
    await Promise.all(writes);
    for (const seen of await Promise.all(reads)) expect(seen % 2).toBe(0);
    expect(await count()).toBe(6);
  });

  it('reports the connection held by a transaction and who waits for it (the pool gauges of /metrics)', async () => {
    expect(sqliteConnectionState(dataSource)).toEqual({ inUse: 0, waiting: 0 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const startedNow = new Promise<void>((resolve) => (started = resolve));
    const first = transaction(dataSource, async (manager) => {
      await manager.query('INSERT INTO t (n) VALUES (1)');
      started();
      await held;
    });
    const second = transaction(dataSource, (manager) => manager.query('INSERT INTO t (n) VALUES (2)'));
    await startedNow;
    const read = count();
    await pause(5);
    expect(sqliteConnectionState(dataSource)).toEqual({ inUse: 1, waiting: 2 });
    release();
    await Promise.all([first, second, read]);
    expect(sqliteConnectionState(dataSource)).toEqual({ inUse: 0, waiting: 0 });
  });

  it('does not let work left running after its own transaction into the next one', async () => {
    let late!: Promise<number>;
    await transaction(dataSource, () => {
      late = pause(30).then(count); // still running when this transaction has ended
      return Promise.resolve();
    });
    const next = transaction(dataSource, async (manager) => {
      await manager.query('INSERT INTO t (n) VALUES (1)');
      await pause(60);
      throw new Error('rolled back');
    });
    expect(await late).toBe(0);
    await expect(next).rejects.toThrow('rolled back');
  });
});

describe('underPrecondition', () => {
  let dataSource: DataSource;
  beforeEach(async () => {
    dataSource = isolateSqliteReads(await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize());
    await dataSource.query('CREATE TABLE t (n INTEGER NOT NULL)');
  });
  afterEach(() => dataSource.destroy());

  it('runs the check first in the transaction, and a refusal rolls the write back', async () => {
    const refuse = () => Promise.reject(new Error('412'));
    await expect(
      underPrecondition(refuse, () => transaction(dataSource, (manager) => manager.query('INSERT INTO t (n) VALUES (1)'))),
    ).rejects.toThrow('412');
    expect((await dataSource.query<{ n: number }[]>('SELECT COUNT(*) AS n FROM t'))[0].n).toBe(0);
  });

  it('checks only until a checked transaction has committed, and again after a failed one', async () => {
    const check = jest.fn(() => Promise.resolve());
    await underPrecondition(check, async () => {
      await expect(transaction(dataSource, () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
      await transaction(dataSource, (manager) => manager.query('INSERT INTO t (n) VALUES (1)'));
      await transaction(dataSource, (manager) => manager.query('INSERT INTO t (n) VALUES (2)'));
    });
    expect(check).toHaveBeenCalledTimes(2);
  });
});
