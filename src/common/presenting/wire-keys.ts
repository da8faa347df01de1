/**
 * Each resource declares its wire key order once (`VENUE_KEYS`, `EVENT_KEYS`, ...) next to its view
 * type: the presenter writes the keys in that order (venues and organizers select through it,
 * events and terms write a literal that the unit specs compare with it), /doc lists its schema
 * properties in it, the tests assert it.
 */

/** `true` only when `View` has exactly the keys of `Keys`, so a view type cannot drift from its constant. */
export type ExactKeys<View, Keys extends readonly PropertyKey[]> = [
  Exclude<keyof View, Keys[number]>,
  Exclude<Keys[number], keyof View>,
] extends [never, never]
  ? true
  : false;

/** Every key of `keys`, each from `entries`, in the order of `keys`; a key missing or extra throws. */
export function describeKeys<K extends string, T>(keys: readonly K[], entries: Record<K, T>): Record<K, T> {
  const extra = Object.keys(entries).filter((key) => !(keys as readonly string[]).includes(key));
  const missing = keys.filter((key) => !(key in entries));
  if (extra.length || missing.length)
    throw new Error(`Keys differ from the declared order: extra ${extra.join(', ')}; missing ${missing.join(', ')}`);
  const ordered = {} as Record<K, T>;
  for (const key of keys) ordered[key] = entries[key];
  return ordered;
}
