import { DataSource } from 'typeorm';
import { InvalidationTransport, LOCAL_ONLY, WriteNotices } from './invalidation';
import { ReadCache, announceWritten } from './read-cache';
import { NOTHING, WriteScope, decodeScope, encodeScope } from './write-scope';

/** An in-memory stand-in for Redis pub/sub: what one instance publishes, every listener hears. */
class Bus {
  private readonly listeners: ((scope: WriteScope) => void)[] = [];
  private readonly resyncs: (() => void)[] = [];
  up = true;

  transport(): InvalidationTransport & { published: number } {
    const transport = {
      published: 0,
      publish: (scope: WriteScope) => {
        transport.published++;
        // Through the wire format, as Redis carries it.
        if (this.up) for (const listener of this.listeners) listener(decodeScope(encodeScope(scope)));
      },
      listen: (onWrite: (scope: WriteScope) => void, onResync: () => void) => {
        this.listeners.push(onWrite);
        this.resyncs.push(onResync);
      },
      connected: () => this.up,
    };
    return transport;
  }

  back(): void {
    this.up = true;
    for (const resync of this.resyncs) resync();
  }
}

function instance(bus: Bus) {
  const dataSource = {} as DataSource;
  const transport = bus.transport();
  const cache = new ReadCache(dataSource, 60_000, new WriteNotices(dataSource, transport, null));
  return { dataSource, transport, cache };
}

function counter() {
  let calls = 0;
  return jest.fn(() => Promise.resolve(++calls));
}

describe('WriteNotices (remembered reads across instances, issue #15)', () => {
  it('ends the remembered reads of every instance when one announces a write', async () => {
    const bus = new Bus();
    const [a, b] = [instance(bus), instance(bus)];
    const compute = counter();
    expect(await b.cache.get('k', compute)).toBe(1);
    expect(await b.cache.get('k', compute)).toBe(1);
    announceWritten(a.dataSource);
    expect(a.transport.published).toBe(1);
    expect(await b.cache.get('k', compute)).toBe(2);
  });

  it('ends on every instance only the remembered reads a scoped write can change', async () => {
    const bus = new Bus();
    const [a, b] = [instance(bus), instance(bus)];
    const [changed, unrelated] = [counter(), counter()];
    const read = () =>
      Promise.all([
        b.cache.get('event 1', changed, { depends: () => ({ posts: { event: [1] } }) }),
        b.cache.get('event 2', unrelated, { depends: () => ({ posts: { event: [2] } }) }),
      ]);
    expect(await read()).toEqual([1, 1]);
    announceWritten(a.dataSource, { posts: { event: [1] }, spans: [[0, 1]], links: {} });
    expect(await read()).toEqual([2, 1]);
  });

  it('publishes no write that changed no content', () => {
    const bus = new Bus();
    const a = instance(bus);
    announceWritten(a.dataSource, NOTHING);
    expect(a.transport.published).toBe(0);
  });

  it('remembers nothing while the transport is away, and nothing from before once it is back', async () => {
    const bus = new Bus();
    const b = instance(bus);
    const compute = counter();
    expect(await b.cache.get('k', compute)).toBe(1);
    bus.up = false;
    expect(await b.cache.get('k', compute)).toBe(2);
    expect(await b.cache.get('k', compute)).toBe(3);
    bus.back();
    expect(await b.cache.get('k', compute)).toBe(4);
    expect(await b.cache.get('k', compute)).toBe(4);
  });

  it('publishes nothing and always remembers with one process (no REDIS_URL)', async () => {
    const dataSource = {} as DataSource;
    const cache = new ReadCache(dataSource, 60_000, new WriteNotices(dataSource, LOCAL_ONLY, null));
    const compute = counter();
    expect(await cache.get('k', compute)).toBe(1);
    expect(await cache.get('k', compute)).toBe(1);
    announceWritten(dataSource);
    expect(await cache.get('k', compute)).toBe(2);
  });
});
