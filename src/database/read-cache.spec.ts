import { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import {
  READ_CACHE_BUDGET,
  READ_CACHE_MAX_ENTRIES,
  READ_CACHE_TTL_MS,
  ReadCache,
  jsonWeight,
  announceWritten,
  markWritten,
} from './read-cache';
import { ALL, ReadDeps, ScopedWrite } from './write-scope';

function setup() {
  const dataSource = {} as DataSource;
  return { dataSource, cache: new ReadCache(dataSource) };
}

function counter(values: number[] = [1, 2, 3, 4]) {
  let calls = 0;
  const compute = jest.fn(() => Promise.resolve(values[calls++]));
  return compute;
}

describe('ReadCache', () => {
  afterEach(() => jest.useRealTimers());

  it('computes a key once and serves it until the next write', async () => {
    const { dataSource, cache } = setup();
    const compute = counter();
    expect(await cache.get('k', compute)).toBe(1);
    expect(await cache.get('k', compute)).toBe(1);
    expect(compute).toHaveBeenCalledTimes(1);
    markWritten(dataSource);
    expect(await cache.get('k', compute)).toBe(2);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('computes every read when its time to live is 0 (READ_CACHE_SECONDS=0)', async () => {
    const cache = new ReadCache({} as DataSource, 0);
    const compute = counter();
    expect(await cache.get('k', compute)).toBe(1);
    expect(await cache.get('k', compute)).toBe(2);
  });

  it('tells its listener whether each read was remembered (the /metrics hit and miss counters)', async () => {
    const dataSource = {} as DataSource;
    const lookups: boolean[] = [];
    const cache = new ReadCache(dataSource, READ_CACHE_TTL_MS);
    cache.listen((hit) => lookups.push(hit));
    const compute = counter();
    await cache.get('k', compute);
    await cache.get('k', compute);
    markWritten(dataSource);
    await cache.get('k', compute);
    expect(lookups).toEqual([false, true, false]);

    const off: boolean[] = [];
    const uncached = new ReadCache(dataSource, 0);
    uncached.listen((hit) => off.push(hit));
    await uncached.get('k', compute);
    await uncached.get('k', compute);
    expect(off).toEqual([false, false]);
  });

  it('keeps keys apart', async () => {
    const { cache } = setup();
    expect(await cache.get('a', () => Promise.resolve('A'))).toBe('A');
    expect(await cache.get('b', () => Promise.resolve('B'))).toBe('B');
  });

  it('lets concurrent requests share one computation', async () => {
    const { cache } = setup();
    let resolve!: (value: number) => void;
    const compute = jest.fn(() => new Promise<number>((r) => (resolve = r)));
    const both = Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    resolve(7);
    expect(await both).toEqual([7, 7]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('never serves a value computed while a write was in flight once the write is done', async () => {
    const { dataSource, cache } = setup();
    markWritten(dataSource); // a transaction starts
    const during = await cache.get('k', counter([10]));
    markWritten(dataSource); // ...and commits
    expect(during).toBe(10);
    expect(await cache.get('k', counter([11]))).toBe(11);
  });

  it('ends only the remembered values of its own DataSource', async () => {
    const one = {} as DataSource;
    const other = {} as DataSource;
    const [a, b] = [new ReadCache(one), new ReadCache(other)];
    const [computeA, computeB] = [counter(), counter()];
    await a.get('k', computeA);
    await b.get('k', computeB);
    markWritten(one);
    expect(await a.get('k', computeA)).toBe(2);
    expect(await b.get('k', computeB)).toBe(1);
  });

  describe('scoped writes (issue #14)', () => {
    const day = 86_400_000;
    const eventWrite = (id: number, startDay: number, terms: number[] = []): ScopedWrite => ({
      posts: { event: [id], term: terms },
      spans: [[startDay * day, startDay * day + 3_600_000]],
      links: { term: terms },
    });
    const listOf = (fromDay: number, toDay: number): ReadDeps => ({ members: { span: [fromDay * day, toDay * day] } });

    it('keeps a value a write cannot change and ends one it can', async () => {
      const { dataSource, cache } = setup();
      const [near, far, single] = [counter(), counter(), counter()];
      const read = () =>
        Promise.all([
          cache.get('near', near, { depends: () => listOf(0, 30) }),
          cache.get('far', far, { depends: () => listOf(180, 220) }),
          cache.get('single', single, { depends: () => ({ posts: { event: [7], term: [3] } }) }),
        ]);
      expect(await read()).toEqual([1, 1, 1]);
      announceWritten(dataSource, eventWrite(99, 200));
      expect(await read()).toEqual([1, 2, 1]);
      announceWritten(dataSource, eventWrite(7, 500));
      expect(await read()).toEqual([1, 2, 2]);
      // Another event of term 3 changes the count the single read shows.
      announceWritten(dataSource, eventWrite(8, 500, [3]));
      expect(await read()).toEqual([1, 2, 3]);
      announceWritten(dataSource, ALL);
      expect(await read()).toEqual([2, 3, 4]);
    });

    it('ends values that do not say what they depend on at any write that changed content, and none at a write that changed none', async () => {
      const { dataSource, cache } = setup();
      const compute = counter();
      await cache.get('k', compute);
      announceWritten(dataSource, { posts: {}, spans: [], links: {} });
      expect(await cache.get('k', compute)).toBe(1);
      announceWritten(dataSource, eventWrite(1, 10_000));
      expect(await cache.get('k', compute)).toBe(2);
    });

    it('does not keep a value whose computation overlapped a write that changes it, and keeps one that overlapped an unrelated write', async () => {
      const { dataSource, cache } = setup();
      const gates: (() => void)[] = [];
      const slow = (value: number) => () => new Promise<number>((resolve) => gates.push(() => resolve(value)));
      const changed = cache.get('changed', slow(1), { depends: () => listOf(0, 30) });
      const unrelated = cache.get('unrelated', slow(1), { depends: () => listOf(180, 220) });
      announceWritten(dataSource, eventWrite(5, 10));
      gates.forEach((open) => open());
      // Asked before the commit: their callers get them.
      expect(await Promise.all([changed, unrelated])).toEqual([1, 1]);
      expect(await cache.get('changed', () => Promise.resolve(2), { depends: () => listOf(0, 30) })).toBe(2);
      expect(await cache.get('unrelated', () => Promise.resolve(2), { depends: () => listOf(180, 220) })).toBe(1);
    });

    it('does not share a computation that overlapped a write with a read asked after that write (the writer reads its own write)', async () => {
      const { dataSource, cache } = setup();
      let open!: () => void;
      // Started before the write committed: its snapshot may not have it.
      const before = cache.get('k', () => new Promise<number>((resolve) => (open = () => resolve(1))), { depends: () => listOf(0, 30) });
      announceWritten(dataSource, eventWrite(5, 10));
      const after = cache.get('k', () => Promise.resolve(2), { depends: () => listOf(0, 30) });
      open();
      expect(await before).toBe(1);
      expect(await after).toBe(2);
      expect(await cache.get('k', () => Promise.resolve(3), { depends: () => listOf(0, 30) })).toBe(2);
    });

    it('does not keep a value still computed when everything ends', async () => {
      const { dataSource, cache } = setup();
      let open!: () => void;
      const value = cache.get('k', () => new Promise<number>((resolve) => (open = () => resolve(1))), { depends: () => listOf(0, 1) });
      markWritten(dataSource);
      open();
      expect(await value).toBe(1);
      expect(await cache.get('k', () => Promise.resolve(2))).toBe(2);
    });
  });

  it('forgets a value after its time to live (writes of other instances)', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { cache } = setup();
    const compute = counter();
    expect(await cache.get('k', compute)).toBe(1);
    jest.setSystemTime(1_000_000 + READ_CACHE_TTL_MS - 1);
    expect(await cache.get('k', compute)).toBe(1);
    jest.setSystemTime(1_000_000 + READ_CACHE_TTL_MS + 1);
    expect(await cache.get('k', compute)).toBe(2);
  });

  it('does not remember failures', async () => {
    const { cache } = setup();
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', () => Promise.resolve(3))).toBe(3);
  });

  it('lets the oldest values go when the values outweigh the budget', async () => {
    const { cache } = setup();
    const weigh = (value: string) => value.length;
    const big = 'x'.repeat(READ_CACHE_BUDGET / 2);
    await cache.get('first', () => Promise.resolve(big), { weigh });
    await cache.get('second', () => Promise.resolve(big), { weigh });
    await cache.get('third', () => Promise.resolve(big), { weigh });
    const recomputed = jest.fn(() => Promise.resolve('again'));
    expect(await cache.get('first', recomputed, { weigh })).toBe('again');
    expect(await cache.get('third', recomputed, { weigh })).toBe(big);
    expect(recomputed).toHaveBeenCalledTimes(1);
  });

  it('remembers counts per statement and parameters', async () => {
    const { cache } = setup();
    const counted = jest.fn();
    const builder = (sql: string, parameters: unknown[], count: number) =>
      ({
        getQueryAndParameters: () => [sql, parameters],
        getCount: () => {
          counted(sql, parameters);
          return Promise.resolve(count);
        },
      }) as unknown as SelectQueryBuilder<ObjectLiteral>;
    expect(await cache.count(builder('SELECT 1 WHERE a = ?', [1], 5))).toBe(5);
    expect(await cache.count(builder('SELECT 1 WHERE a = ?', [1], 99))).toBe(5);
    expect(await cache.count(builder('SELECT 1 WHERE a = ?', [2], 6))).toBe(6);
    expect(counted).toHaveBeenCalledTimes(2);
  });

  it('counts with the given function when there is one', async () => {
    const { cache } = setup();
    const builder = { getQueryAndParameters: () => ['SELECT COUNT(*) FROM t', []] } as unknown as SelectQueryBuilder<ObjectLiteral>;
    expect(await cache.count(builder, () => Promise.resolve(42))).toBe(42);
  });

  it('freezes shared values deeply when asked, so a caller cannot change what others are served', async () => {
    const { cache } = setup();
    const value = await cache.get('page', () => Promise.resolve({ items: [{ title: 'a' }] }), { freeze: true });
    expect(() => {
      value.items[0].title = 'b';
    }).toThrow(TypeError);
    expect(() => value.items.push({ title: 'c' })).toThrow(TypeError);
    expect((await cache.get('page', () => Promise.resolve({ items: [] }), { freeze: true })).items).toEqual([{ title: 'a' }]);
  });

  it('leaves values unfrozen by default', async () => {
    const { cache } = setup();
    const value = await cache.get('k', () => Promise.resolve({ n: 1 }));
    value.n = 2;
    expect(value.n).toBe(2);
  });

  it('weighs values by the length of their JSON', () => {
    expect(jsonWeight({ a: 'xyz' })).toBe('{"a":"xyz"}'.length);
    expect(jsonWeight(undefined)).toBe(0);
  });

  it('weighs keys too, so long keys chosen by callers cannot outgrow the budget', async () => {
    const { cache } = setup();
    const key = (n: number) => `${n}`.padEnd(READ_CACHE_BUDGET / 3, 'k');
    for (const n of [1, 2, 3]) await cache.get(key(n), () => Promise.resolve(n));
    const recomputed = jest.fn(() => Promise.resolve(0));
    expect(await cache.get(key(1), recomputed)).toBe(0);
    expect(await cache.get(key(3), recomputed)).toBe(3);
    expect(recomputed).toHaveBeenCalledTimes(1);
  });

  it('keeps at most READ_CACHE_MAX_ENTRIES values, however light', async () => {
    const { cache } = setup();
    for (let n = 0; n <= READ_CACHE_MAX_ENTRIES; n++) await cache.get(`k${n}`, () => Promise.resolve(n));
    expect(await cache.get('k0', () => Promise.resolve(-1))).toBe(-1);
    expect(await cache.get(`k${READ_CACHE_MAX_ENTRIES}`, () => Promise.resolve(-1))).toBe(READ_CACHE_MAX_ENTRIES);
  });
});
