import { EntityManager } from 'typeorm';
import { CategoryTrees } from './category-trees';
import { COUNT_KIND, COUNT_LEVELS, CountedEvent, utcDay } from './event-day-counts';

/** A bucket pair as one number: both buckets shifted to be non-negative (MySQL's datetimes span years 1000-9999). */
const BUCKET_OFFSET = 2 ** 22;
const BUCKET_SPAN = 2 ** 23;
/** Post ids are positive 32-bit integers. */
const POST_SPAN = 2 ** 32;

/** What decides the rows an event counts in, besides its links. */
type ListedState = Pick<CountedEvent, 'status' | 'hideFromListings' | 'startUtc' | 'endUtc'>;

/** One row of event_day_counts: kind, post_id, status, level, start_bucket, end_bucket, n. */
export type CountRow = readonly [number, number, string, number, number, number, number];

/**
 * The changes to event_day_counts of some events, summed per row key: the one place that knows
 * which rows an event counts in. Used for one write's before/after states, and by the seed for
 * every event it writes (held as numbers per group, so a million events fit in a few hundred MB).
 */
export class DayCountDeltas {
  /** status -> kind * POST_SPAN + post id -> per level: encoded bucket pair -> summed delta. */
  private readonly groups = new Map<string, Map<number, Map<number, number>[]>>();

  /** `trees`: the parents of (at least) every category of the events added. */
  constructor(private readonly trees: CategoryTrees) {}

  /** For rows of event_category_trees alone (addTreeRow), which name their category themselves. */
  static ofTreeRows(): DayCountDeltas {
    return new DayCountDeltas(new CategoryTrees(new Map()));
  }

  add(event: CountedEvent | null, sign: number): void {
    if (!event || event.hideFromListings) return;
    const count = this.counter(event, sign);
    count(COUNT_KIND.all, 0);
    for (const id of new Set(event.termIds)) count(COUNT_KIND.term, id);
    // Once per category tree, however many of its categories the event has.
    for (const id of this.trees.of(event.termIds)) count(COUNT_KIND.tree, id);
    for (const id of new Set(event.venueIds)) count(COUNT_KIND.venue, id);
    for (const id of new Set(event.organizerIds)) count(COUNT_KIND.organizer, id);
    if (event.featured) count(COUNT_KIND.featured, 0);
    if (event.ticketed) count(COUNT_KIND.ticketed, 0);
  }

  /** One row of event_category_trees (the event in category `categoryId`'s tree) added or taken away. */
  addTreeRow(categoryId: number, row: ListedState, sign: number): void {
    if (!row.hideFromListings) this.counter(row, sign)(COUNT_KIND.tree, categoryId);
  }

  /** Adds `sign` to the rows of one event's status and days, for the kind and post id given. */
  private counter(event: ListedState, sign: number): (kind: number, id: number) => void {
    const startDay = utcDay(event.startUtc);
    const endDay = utcDay(event.endUtc);
    let byPost = this.groups.get(event.status);
    if (!byPost) this.groups.set(event.status, (byPost = new Map<number, Map<number, number>[]>()));
    return (kind, id) => {
      const key = kind * POST_SPAN + id;
      let levels = byPost.get(key);
      if (!levels) byPost.set(key, (levels = COUNT_LEVELS.map(() => new Map<number, number>())));
      COUNT_LEVELS.forEach((size, level) => {
        const pair = (Math.floor(startDay / size) + BUCKET_OFFSET) * BUCKET_SPAN + Math.floor(endDay / size) + BUCKET_OFFSET;
        levels[level].set(pair, (levels[level].get(pair) ?? 0) + sign);
      });
    };
  }

  /** The non-zero rows in key order (the indexes' order: concurrent writers lock shared rows in the same order). */
  *rows(): Generator<CountRow> {
    const groups = [...this.groups].flatMap(([status, byPost]) => [...byPost].map(([key, levels]) => ({ status, key, levels })));
    groups.sort((a, b) => a.key - b.key || (a.status === b.status ? 0 : a.status < b.status ? -1 : 1));
    for (const { status, key, levels } of groups) {
      const kind = Math.floor(key / POST_SPAN);
      const postId = key % POST_SPAN;
      for (const [level, buckets] of levels.entries()) {
        for (const [pair, n] of [...buckets].sort((a, b) => a[0] - b[0])) {
          if (n === 0) continue;
          yield [kind, postId, status, level, Math.floor(pair / BUCKET_SPAN) - BUCKET_OFFSET, (pair % BUCKET_SPAN) - BUCKET_OFFSET, n];
        }
      }
    }
  }

  /** INSERTs the rows, `perStatement` at a time; returns how many. */
  async write(manager: EntityManager, perStatement = 500): Promise<number> {
    let slice: CountRow[] = [];
    let total = 0;
    const flush = async () => {
      await manager.query(
        `INSERT INTO event_day_counts (kind, post_id, status, level, start_bucket, end_bucket, n) VALUES ${slice
          .map(() => '(?, ?, ?, ?, ?, ?, ?)')
          .join(', ')}`,
        slice.flat(),
      );
      total += slice.length;
      slice = [];
    };
    for (const row of this.rows()) {
      slice.push(row);
      if (slice.length === perStatement) await flush();
    }
    if (slice.length) await flush();
    return total;
  }
}
