import { nestedDeeperThan } from './body-depth';

/** `levels` arrays inside one another under `key` of a body object. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return { key: value };
}

describe('nestedDeeperThan', () => {
  it.each([[null], [undefined], ['text'], [5], [{}], [{ a: 1, b: 'x' }], [[1, 2, 3]]])('finds nothing nested in %p', (value) => {
    expect(nestedDeeperThan(value, 0)).toBe(false);
  });

  it('counts the containers below the top level, as qs counts the brackets of a form field', () => {
    expect(nestedDeeperThan(nested(32), 32)).toBe(false);
    expect(nestedDeeperThan(nested(33), 32)).toBe(true);
    expect(nestedDeeperThan({ a: { b: { c: 1 } } }, 2)).toBe(false);
    expect(nestedDeeperThan({ a: { b: { c: {} } } }, 2)).toBe(true);
  });

  it('looks at every branch, not only the first', () => {
    expect(nestedDeeperThan({ shallow: [1], deep: [[[[1]]]] }, 3)).toBe(true);
  });

  it('walks nesting far deeper than the call stack without overflowing it', () => {
    expect(nestedDeeperThan(nested(1_000_000), 32)).toBe(true);
  });
});
