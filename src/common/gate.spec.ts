import { Gate } from './gate';

describe('Gate', () => {
  it('runs at most `size` works at once, the others in arrival order, each when a slot frees', async () => {
    const gate = new Gate(2);
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const runs = [0, 1, 2, 3].map((n) =>
      gate.run(async () => {
        started.push(n);
        await new Promise<void>((resolve) => (finish[n] = resolve));
        return n;
      }),
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    expect(started).toEqual([0, 1]);
    finish[1]();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    finish[0]();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    finish[2]();
    finish[3]();
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2, 3]);
  });

  it('frees the slot of a work that fails', async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
