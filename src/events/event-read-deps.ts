import { DateWindow } from '../listing/date-window';
import { Ids, LinkKind, PostKind, ReadDeps, Span } from '../database/write-scope';

/** The filters of an event list that select by links (categories and tags together: a superset of either). */
export interface LinkFilters {
  readonly termIds?: readonly number[];
  readonly venueIds?: readonly number[];
  readonly organizerIds?: readonly number[];
}

/**
 * The instants an event must reach into to match the window: a matching event ends at or after
 * the lower bound (start_date, starts_after, ends_after) and starts at or before the upper bound
 * (end_date, starts_before, ends_before). `include` lists have no window: everything.
 */
export function windowSpan(window: DateWindow): Span {
  const time = (name: keyof DateWindow) => window[name]?.instant.getTime();
  const lower = [time('start_date'), time('starts_after'), time('ends_after')].filter((t): t is number => t !== undefined);
  const upper = [time('end_date'), time('starts_before'), time('ends_before')].filter((t): t is number => t !== undefined);
  return [lower.length ? Math.max(...lower) : -Infinity, upper.length ? Math.min(...upper) : Infinity];
}

/** What a list's events are chosen by: the events in `span` linked to the filters' posts. */
export function listMembers(span: Span, filters: LinkFilters): NonNullable<ReadDeps['members']> {
  const linked: Partial<Record<LinkKind, Ids>> = {};
  if (filters.termIds) linked.term = filters.termIds;
  if (filters.venueIds) linked.venue = filters.venueIds;
  if (filters.organizerIds) linked.organizer = filters.organizerIds;
  return { span, filters: linked };
}

/**
 * The span that decides a page's items: in (start, id) order, only events starting up to its
 * last item's start can enter, leave or shift it; a page that is not full may grow up to the window's end.
 */
export function pageSpan(window: Span, starts: readonly Date[], full: boolean): Span {
  if (!full || !starts.length) return window;
  return [window[0], Math.min(window[1], starts[starts.length - 1].getTime())];
}

interface ShownEvent {
  readonly id: number;
  readonly categories: readonly { readonly id: number }[];
  readonly tags: readonly { readonly id: number }[];
  readonly venue: unknown;
  readonly organizer: readonly unknown[];
}

/** The posts event views show: the events, and the terms (their counts too), venues and organizers they embed. */
export function shownPosts(views: readonly ShownEvent[]): Partial<Record<PostKind, number[]>> {
  const idOf = (post: unknown) => (post as { id?: unknown }).id;
  const ids = (posts: readonly unknown[]) => posts.map(idOf).filter((id): id is number => typeof id === 'number');
  return {
    event: views.map((view) => view.id),
    term: ids(views.flatMap((view) => [...view.categories, ...view.tags])),
    venue: ids(views.flatMap((view) => (Array.isArray(view.venue) ? (view.venue as unknown[]) : [view.venue]))),
    organizer: ids(views.flatMap((view) => view.organizer)),
  };
}
