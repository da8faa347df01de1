import { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ALL, Dependencies, EVERYTHING, WriteScope, endsRead, isEmpty } from './write-scope';

const caches = new WeakMap<DataSource, Set<ReadCache>>();
const announced = new WeakMap<DataSource, ((scope: WriteScope) => void)[]>();

/** Ends the remembered reads of `dataSource` in this process that `scope` can change. */
export function endRemembered(dataSource: DataSource, scope: WriteScope): void {
  for (const cache of caches.get(dataSource) ?? []) cache.end(scope);
}

/** Content was written in a way nobody described (the seed, SQL of tests and the CLI): ends every remembered read here. */
export function markWritten(dataSource: DataSource): void {
  endRemembered(dataSource, ALL);
}

/** A write through `transaction()` has committed: ends the remembered reads it can change here, and tells the listeners (other instances). */
export function announceWritten(dataSource: DataSource, scope: WriteScope = ALL): void {
  endRemembered(dataSource, scope);
  for (const listener of announced.get(dataSource) ?? []) listener(scope);
}

/** Hears announceWritten() of `dataSource` (the invalidation transport, src/database/invalidation.ts). */
export function onWriteAnnounced(dataSource: DataSource, listener: (scope: WriteScope) => void): void {
  announced.set(dataSource, [...(announced.get(dataSource) ?? []), listener]);
}

/** Whether values may be remembered now (false while other instances' writes could go unnoticed). */
export interface RememberGate {
  remembering(): boolean;
}

/** The default of READ_CACHE_SECONDS: how long a remembered read is used at most (writes of other instances show after this). */
export const READ_CACHE_TTL_MS = 5_000;
/**
 * What the remembered values may weigh together, in the callers' units (about bytes of JSON). As
 * objects they take two to three times that: at 8 MB (some 300 default list pages, or 1,500
 * single events) they stay well inside the server's 128 MB heap (start:prod) beside its live
 * 40-60 MB.
 */
export const READ_CACHE_BUDGET = 8 * 1024 * 1024;
const DEFAULT_WEIGHT = 256;
/** At most this many values, whatever they weigh: the map's own overhead stays bounded too. */
export const READ_CACHE_MAX_ENTRIES = 10_000;

export interface RememberOptions<T> {
  /** The value's weight against READ_CACHE_BUDGET (default 256, right for a number). */
  readonly weigh?: (value: T) => number;
  /**
   * Deep-freeze the value: it is shared by every request that reads it, so a caller that changed
   * it would change the answer of the others. Frozen, such a change throws instead (strict mode).
   */
  readonly freeze?: boolean;
  /** What the value depends on (write-scope.ts), known once computed; without it, any write ends it. */
  readonly depends?: (value: T) => Dependencies;
}

/** About the bytes of a value's JSON: the weight of remembered response bodies. */
export function jsonWeight(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

interface Entry {
  readonly expires: number;
  readonly value: Promise<unknown>;
  weight: number;
  /** What it depends on; null while it is computed. */
  deps: Dependencies | null;
  /** The writes announced while it was computed: it is kept only if none of them can change it. */
  heard: WriteScope[];
}

/** A value whose computation heard more writes than this is not kept (a bound on the list, not on correctness). */
const MAX_HEARD = 64;

/**
 * Reads that change only when content is written (list totals, anonymous pages, issue #7): each
 * is computed once per key and remembered until a write that can change it (issue #14: each value
 * says what it depends on, each write what it touched, see write-scope.ts) commits through
 * `transaction()` here or is announced by another instance, or at most `ttlMs` (writes made
 * outside the app). Concurrent requests for the same key share one computation (not one that
 * heard a write before they asked). A value whose
 * computation overlapped a write that can change it is never kept: the writes announced meanwhile
 * are checked against its dependencies once they are known. When the values and their keys
 * outweigh READ_CACHE_BUDGET, or there are more than READ_CACHE_MAX_ENTRIES, the oldest go first.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private weight = 0;

  private onLookup: (hit: boolean) => void = () => undefined;

  /** `ttlMs` 0 turns remembering off: every read is computed (READ_CACHE_SECONDS=0); so does `gate` while it says no. */
  constructor(
    dataSource: DataSource,
    private readonly ttlMs: number = READ_CACHE_TTL_MS,
    private readonly gate: RememberGate = { remembering: () => true },
  ) {
    caches.set(dataSource, (caches.get(dataSource) ?? new Set()).add(this));
  }

  /** `onLookup` hears whether each read was remembered (the hit and miss counters of /metrics). */
  listen(onLookup: (hit: boolean) => void): void {
    this.onLookup = onLookup;
  }

  /** Whether reads are remembered now (READ_CACHE_SECONDS above 0 and the gate open). */
  remembering(): boolean {
    return this.ttlMs > 0 && this.gate.remembering();
  }

  get<T>(key: string, compute: () => Promise<T>, options: RememberOptions<T> = {}): Promise<T> {
    if (!this.remembering()) {
      this.onLookup(false);
      return compute();
    }
    const now = Date.now();
    const known = this.entries.get(key);
    // One still computed that heard a write may not have it: asked after that write, compute anew
    // (a writer reads its own write; those who asked before the write share it, as before).
    if (known && known.expires > now && !(known.deps === null && known.heard.length)) {
      this.onLookup(true);
      return known.value as Promise<T>;
    }
    this.onLookup(false);
    if (known) this.forget(key, known);
    const value = options.freeze ? compute().then(deepFreeze) : compute();
    // Keys count too: a count's key is its SQL with the parameters, which callers choose (ids).
    const entry: Entry = { expires: now + this.ttlMs, value, weight: key.length + DEFAULT_WEIGHT, deps: null, heard: [] };
    this.entries.set(key, entry);
    this.weight += entry.weight;
    value.then(
      (result) => {
        if (this.entries.get(key) !== entry) return;
        const deps = options.depends ? options.depends(result) : EVERYTHING;
        if (entry.heard.some((write) => endsRead(write, deps))) {
          this.forget(key, entry);
          return;
        }
        entry.deps = deps;
        entry.heard = [];
        const weight = key.length + (options.weigh ? Math.max(1, options.weigh(result)) : DEFAULT_WEIGHT);
        this.weight += weight - entry.weight;
        entry.weight = weight;
        this.evict();
      },
      // A failure is not remembered.
      () => {
        if (this.entries.get(key) === entry) this.forget(key, entry);
      },
    );
    this.evict();
    return value;
  }

  /** A count of the rows `builder` selects (`count`, default `getCount()`), remembered per statement and parameters. */
  count(
    builder: SelectQueryBuilder<ObjectLiteral>,
    count: () => Promise<number> = () => builder.getCount(),
    deps: Dependencies = EVERYTHING,
  ): Promise<number> {
    const [sql, parameters] = builder.getQueryAndParameters();
    return this.get(`count\0${sql}\0${JSON.stringify(parameters)}`, count, { depends: () => deps });
  }

  /** Ends the values `write` can change; those being computed hear of it (see `get`). */
  end(write: WriteScope): void {
    if (write !== ALL && isEmpty(write)) return;
    for (const [key, entry] of this.entries) {
      if (entry.deps !== null ? endsRead(write, entry.deps) : write === ALL || entry.heard.push(write) > MAX_HEARD) this.forget(key, entry);
    }
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.weight <= READ_CACHE_BUDGET && this.entries.size <= READ_CACHE_MAX_ENTRIES) return;
      this.forget(key, entry);
    }
  }

  private forget(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
