import { describeKeys } from './wire-keys';

describe('describeKeys', () => {
  it('orders the entries like the keys', () => {
    expect(Object.keys(describeKeys(['b', 'a'] as const, { a: 1, b: 2 }))).toEqual(['b', 'a']);
  });

  it('refuses entries that miss a declared key or add an undeclared one', () => {
    expect(() => describeKeys(['a', 'b'] as const, { a: 1 } as Record<'a' | 'b', number>)).toThrow(/missing b/);
    expect(() => describeKeys(['a'] as const, { a: 1, z: 2 } as Record<'a', number>)).toThrow(/extra z/);
  });
});
