import { Injectable } from '@nestjs/common';
import { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

const generations = new WeakMap<DataSource, number>();

/** Every content write goes through `transaction()`, which calls this when it starts and when it has committed. */
export function markWritten(dataSource: DataSource): void {
  generations.set(dataSource, (generations.get(dataSource) ?? 0) + 1);
}

export function writeGeneration(dataSource: DataSource): number {
  return generations.get(dataSource) ?? 0;
}

/** How long a remembered read is used at most: writes of other instances show after this. */
export const READ_CACHE_TTL_MS = 5_000;
// Bounds memory (a list page is some 100 KB of objects) under the server's 128 MB heap (start:prod).
const MAX_ENTRIES = 500;

interface Entry {
  readonly generation: number;
  readonly expires: number;
  readonly value: Promise<unknown>;
}

/**
 * Reads that change only when content is written (list totals, issue #7): each is computed once
 * per key and remembered until the next write through `transaction()` in this process, or at most
 * READ_CACHE_TTL_MS (writes of other instances, or made outside the app). Concurrent requests for
 * the same key share one computation. A value computed while a write was in flight is never
 * served after it: entries carry the write generation they started in.
 */
@Injectable()
export class ReadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly dataSource: DataSource) {}

  get<T>(key: string, compute: () => Promise<T>, ttlMs = READ_CACHE_TTL_MS): Promise<T> {
    const generation = writeGeneration(this.dataSource);
    const now = Date.now();
    const known = this.entries.get(key);
    if (known && known.generation === generation && known.expires > now) return known.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = compute();
    const entry: Entry = { generation, expires: now + ttlMs, value };
    this.entries.set(key, entry);
    // A failure is not remembered.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** `builder.getCount()`, remembered per statement and parameters. */
  count(builder: SelectQueryBuilder<ObjectLiteral>): Promise<number> {
    const [sql, parameters] = builder.getQueryAndParameters();
    return this.get(`count\0${sql}\0${JSON.stringify(parameters)}`, () => builder.getCount());
  }

  clear(): void {
    this.entries.clear();
  }
}
