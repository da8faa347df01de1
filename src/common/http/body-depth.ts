/**
 * Whether `value` has arrays or objects nested more than `max` levels below itself. Iterative:
 * JSON.parse accepts nesting far deeper than the call stack, so code that walks a body
 * recursively (fingerprints, parsers) must only ever see bodies this has passed. Level by level
 * with for..in, the fastest of the walks measured: 9 to 13 ms for a 1 MB body of 80,000
 * containers (JSON.parse of it takes longer), about 1 µs for an ordinary event.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length; depth++) {
    const next: unknown[] = [];
    for (const container of level) {
      if (container === null || typeof container !== 'object') continue;
      if (depth > max) return true;
      if (Array.isArray(container)) {
        for (const child of container as unknown[]) if (child !== null && typeof child === 'object') next.push(child);
      } else {
        for (const key in container) {
          const child = (container as Record<string, unknown>)[key];
          if (child !== null && typeof child === 'object') next.push(child);
        }
      }
    }
    level = next;
  }
  return false;
}
