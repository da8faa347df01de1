/**
 * What a committed write changed, and what a remembered read depends on (issue #14): a write ends
 * only the remembered reads it can change. Both sides are conservative: a list left out (`ANY`)
 * means "any of them", and a write that did not say what it touched ends everything.
 */

/** The posts a read shows and a write changes: events, terms (names, counts), venues, organizers. */
export const POST_KINDS = ['event', 'term', 'venue', 'organizer'] as const;
export type PostKind = (typeof POST_KINDS)[number];
/** The links an event list filters by (`categories`/`tags`, `venue`, `organizer`). */
export type LinkKind = Exclude<PostKind, 'event'>;

/** Any id of a kind: the list was too long to send, or is not known. */
export const ANY = 'any' as const;
export type Ids = readonly number[] | typeof ANY;

/** From `start` to `end`, both included, in ms since 1970 (UTC); ±Infinity for an open end. */
export type Span = readonly [start: number, end: number];

/** A committed write that says what it touched. */
export interface ScopedWrite {
  /** Posts whose own view changed: written events, terms whose counts may have changed, posts written inline. */
  readonly posts: Partial<Record<PostKind, Ids>>;
  /** Every state, before and after, of the written events: from their start to their end. */
  readonly spans: readonly Span[];
  /** The terms, venues and organizers the written events were linked to, before or after. */
  readonly links: Partial<Record<LinkKind, Ids>>;
}

/** `ALL`: a write that may have changed anything (unknown writes, resync, SQL behind the app's back). */
export const ALL = 'all' as const;
export type WriteScope = ScopedWrite | typeof ALL;

/** A write that changed no content (idempotency keys): ends nothing. */
export const NOTHING: ScopedWrite = { posts: {}, spans: [], links: {} };

/** What a remembered read depends on; `EVERYTHING` for reads that do not say. */
export interface ReadDeps {
  /** Posts whose views it shows (a page's events and the terms, venues and organizers they embed). */
  readonly posts?: Partial<Record<PostKind, readonly number[]>>;
  /** The events it selects (a list page or total): those that may lie in `span`, linked to one of each filter's ids. */
  readonly members?: { readonly span: Span; readonly filters?: Partial<Record<LinkKind, Ids>> };
}
export const EVERYTHING = 'everything' as const;
export type Dependencies = ReadDeps | typeof EVERYTHING;

/** A message stays small: longer id lists become ANY, more spans become the one span covering them. */
export const MAX_IDS = 64;
export const MAX_SPANS = 16;
/** Written spans are widened by a day on both sides: a conversion slip can only end more. */
const MARGIN_MS = 86_400_000;

const overlaps = (a: Span, b: Span) => a[0] <= b[1] && b[0] <= a[1];
const intersects = (written: Ids | undefined, read: Ids | undefined) =>
  written !== undefined && read !== undefined && (written === ANY || read === ANY || written.some((id) => read.includes(id)));

/** Whether `write` can change a read that depends on `deps`. */
export function endsRead(write: WriteScope, deps: Dependencies): boolean {
  if (write === ALL) return true;
  if (deps === EVERYTHING) return !isEmpty(write);
  for (const kind of POST_KINDS) if (intersects(write.posts[kind], deps.posts?.[kind])) return true;
  const members = deps.members;
  if (!members || !write.spans.some((span) => overlaps(span, members.span))) return false;
  // An event joins or leaves a filtered list only if it is (or was) linked to one of each filter's ids.
  for (const [kind, ids] of Object.entries(members.filters ?? {}) as [LinkKind, Ids][]) {
    if (!intersects(write.links[kind], ids)) return false;
  }
  return true;
}

export function isEmpty(write: ScopedWrite): boolean {
  return (
    !write.spans.length && POST_KINDS.every((kind) => !write.posts[kind]?.length) && Object.values(write.links).every((ids) => !ids?.length)
  );
}

/** Several writes of one transaction as one, within the message bounds. */
export function mergeWrites(writes: readonly WriteScope[]): WriteScope {
  if (writes.some((write) => write === ALL)) return ALL;
  const scoped = writes as readonly ScopedWrite[];
  const union = <K extends string>(kinds: readonly K[], pick: (write: ScopedWrite) => Partial<Record<K, Ids>>) => {
    const merged: Partial<Record<K, Ids>> = {};
    for (const kind of kinds) {
      const lists = scoped.map(pick).map((ids) => ids[kind]);
      if (lists.some((ids) => ids === ANY)) merged[kind] = ANY;
      else {
        const ids = [...new Set(lists.flatMap((list) => (list as readonly number[] | undefined) ?? []))];
        if (ids.length) merged[kind] = ids.length > MAX_IDS ? ANY : ids.sort((a, b) => a - b);
      }
    }
    return merged;
  };
  let spans = scoped.flatMap((write) => write.spans);
  if (spans.length > MAX_SPANS) spans = [[Math.min(...spans.map((s) => s[0])), Math.max(...spans.map((s) => s[1]))]];
  return {
    posts: union(POST_KINDS, (write) => write.posts),
    spans,
    links: union(['term', 'venue', 'organizer'] as const, (write) => write.links),
  };
}

/** What an event write changed, from the states of the events before and after (null: absent); `id` unknown: any event. */
export interface WrittenEvent {
  readonly id?: number;
  readonly before: EventState | null;
  readonly after: EventState | null;
}
export interface EventState {
  readonly startUtc: Date;
  readonly endUtc: Date;
  readonly termIds: readonly number[];
  readonly venueIds: readonly number[];
  readonly organizerIds: readonly number[];
}

/**
 * The scope of event rows written: the events themselves, every state's span, the terms,
 * venues and organizers linked before or after (a term's count may change with any of its events).
 */
export function eventsWritten(changes: readonly WrittenEvent[]): WriteScope {
  const states = changes.flatMap((change) => [change.before, change.after]).filter((state): state is EventState => state !== null);
  const ids = changes.map((change) => change.id);
  const terms = states.flatMap((state) => state.termIds);
  return mergeWrites([
    {
      posts: { event: ids.some((id) => id === undefined) ? ANY : (ids as number[]), term: terms },
      spans: states.map((state) => [state.startUtc.getTime() - MARGIN_MS, state.endUtc.getTime() + MARGIN_MS] as const),
      links: { term: terms, venue: states.flatMap((state) => state.venueIds), organizer: states.flatMap((state) => state.organizerIds) },
    },
  ]);
}

/** The scope as sent to other instances (JSON); anything unreadable is ALL. */
export function encodeScope(write: WriteScope): string {
  return JSON.stringify(write === ALL ? ALL : { p: write.posts, s: write.spans.map(([a, b]) => [finite(a), finite(b)]), l: write.links });
}

export function decodeScope(text: string): WriteScope {
  try {
    const parsed = JSON.parse(text) as { p?: unknown; s?: unknown; l?: unknown } | string;
    if (typeof parsed !== 'object' || parsed === null || !Array.isArray(parsed.s)) return ALL;
    const spans = (parsed.s as unknown[]).map((span) => {
      if (!Array.isArray(span) || span.length !== 2) throw new Error('span');
      return [infinite(span[0], -Infinity), infinite(span[1], Infinity)] as const;
    });
    return { posts: idLists(parsed.p, POST_KINDS), spans, links: idLists(parsed.l, ['term', 'venue', 'organizer'] as const) };
  } catch {
    return ALL;
  }
}

// JSON has no Infinity: an open end travels as null.
const finite = (n: number) => (Number.isFinite(n) ? n : null);
function infinite(value: unknown, open: number): number {
  if (value === null) return open;
  if (typeof value !== 'number') throw new Error('bound');
  return value;
}

function idLists<K extends string>(value: unknown, kinds: readonly K[]): Partial<Record<K, Ids>> {
  if (typeof value !== 'object' || value === null) throw new Error('ids');
  const lists: Partial<Record<K, Ids>> = {};
  for (const kind of kinds) {
    const ids = (value as Record<string, unknown>)[kind];
    if (ids === undefined) continue;
    if (ids === ANY) lists[kind] = ANY;
    else if (Array.isArray(ids) && ids.every((id) => Number.isInteger(id))) lists[kind] = ids as number[];
    else throw new Error('ids');
  }
  return lists;
}
