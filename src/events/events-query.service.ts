import { slugNamedBy } from '../common/slug';
import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { canOnObject } from '../auth/permissions';
import { ApiError } from '../common/errors/api-error';
import { Message, msg } from '../common/i18n/message';
import { isPasswordLocked } from '../posts/password';
import { missingEventError, missingEventSlugError } from './event-not-found';
import { unreadableRead } from '../posts/readable';
import { mapRead, readTogether } from '../database/read-together';
import { StatusScope, listStatusScope, whereStatusScope } from '../posts/status';
import { Urls } from '../common/urls/urls';
import { requestNamespace } from '../namespace';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ReadCache, jsonWeight } from '../database/read-cache';
import { ReadDeps, Span } from '../database/write-scope';
import { FilterValue, ListPage, PageRequest, buildListLinks, resolvePage, totalPages } from '../listing';
import { DateWindow, resolveDateWindow } from '../listing/date-window';
import { OrganizerEntity } from '../organizers/organizer.entity';
import { OrganizerView, presentOrganizer } from '../organizers/organizer.presenter';
import { CATEGORY, TAG, Taxonomy } from '../terms/taxonomy';
import { presentEmbeddedTerm } from '../terms/term.presenter';
import { VenueEntity } from '../venues/venue.entity';
import { VenueView, presentVenue } from '../venues/venue.presenter';
import { LinkedPostsLoaded, linkedPostContext } from '../linked-posts/linked-post.presenter';
import { DEFAULT_GEOLOC_RADIUS_KM, ListEventsQuery } from './dto/list-events.query';
import { summaryTotalSql } from './event-list-total';
import { LinkFilters, listMembers, pageSpan, shownPosts, windowSpan } from './event-read-deps';
import { termRefsRead, termTreesRead } from './event-terms';
import { EventCategoryTreeEntity, EventEntity, EventOrganizerEntity, EventTermEntity, EventVenueEntity } from './event.entity';
import { EventLinks } from './event-links';
import { EventView, presentEvent } from './event.presenter';
import { EventIdsSql, EventRelations, EventRelationsReader, LinkedPosts, eventIdsSql } from './event-relations';
import { MAX_UNION_BRANCHES, unionPageSql } from './link-union-page';
import { seriesInFeed } from './recurrence/recurrence-ics';
import { SqlPiece } from '../database/placeholders';
import { dialectOf } from '../database/dialect';
import {
  GeoPoint,
  LinkFilter,
  countRowsSql,
  countedScope,
  listFilters,
  outermost,
  whereGeoloc,
  whereLinked,
  whereSearch,
  whereWindow,
} from './event-list-where';

/** A row of one of the link tables (they share the copied columns). */
type LinkEntity = EventTermEntity | EventVenueEntity | EventOrganizerEntity | EventCategoryTreeEntity;

/** Where a page's ids come from: the events, one link's rows, or one branch per id of a link. */
type PageSource =
  | SelectQueryBuilder<EventEntity>
  | SelectQueryBuilder<LinkEntity>
  | { readonly branch: (id: number) => SelectQueryBuilder<LinkEntity>; readonly ids: readonly number[] };

/** How the caller sees one event: single reads add `json_ld`; `password` may unlock protected ones. */
export interface ViewOptions {
  readonly single?: boolean;
  readonly password?: string;
  /**
   * Write responses: a writer who may edit the event (and so set its password) gets what was
   * written. The original blanks lists and refuses single reads, not its write responses.
   */
  readonly written?: boolean;
}

/**
 * Reads of events: the list (CONTRACT §3 "List") and single reads (reference §4). A list runs a
 * fixed number of queries whatever `per_page` is: the lookups its filters need, the page, the
 * count (skipped when the page tells it), then one batched query per relation of the whole page.
 */
@Injectable()
export class EventsQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly urls: Urls,
    private readonly relations: EventRelationsReader,
    private readonly cache: ReadCache,
    private readonly links: EventLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(query: ListEventsQuery, user: AuthUser | null | undefined): Promise<ListPage> {
    const paging = resolvePage(query.page, query.perPage, this.config);
    const scope = listStatusScope(user, query.status);
    const point = this.geolocPoint(query);
    const window = resolveDateWindow({
      given: {
        start_date: query.startDate,
        end_date: query.endDate,
        starts_before: query.startsBefore,
        starts_after: query.startsAfter,
        ends_before: query.endsBefore,
        ends_after: query.endsAfter,
      },
      strict: query.strictDates,
      now: DateTime.now(),
      siteZone: this.config.siteTimezone,
      ignore: query.include !== undefined,
    });
    const filters = listFilters(query, window, scope, point);
    // Every anonymous caller gets the same page for the same effective filters: they are the whole
    // input (the links carry them so that following one keeps the result set, and the window is
    // resolved, so the default one changes with the site's day). Remembered until a write that can
    // change it (issue #14). The namespace is part of the key: the page's URLs are under the one the request came in on.
    const key =
      user || query.password !== undefined
        ? undefined
        : `events-list\0${requestNamespace()}\0${JSON.stringify([paging.page, paging.perPage, filters])}`;
    const build = () => this.listPage(query, user, { paging, scope, point, window, filters, itemsKey: key && `${key}\0items` });
    if (!key) return (await build()).page;
    const remembered = await this.cache.get(key, build, {
      weigh: (result) => jsonWeight(result.page.body),
      freeze: true,
      depends: (result) => result.deps,
    });
    return remembered.page;
  }

  private async listPage(
    query: ListEventsQuery,
    user: AuthUser | null | undefined,
    request: {
      paging: PageRequest;
      scope: StatusScope;
      point: GeoPoint | undefined;
      window: DateWindow;
      filters: [string, FilterValue][];
      /** Anonymous lists: the key under which the page's items are remembered apart from the total. */
      itemsKey?: string;
    },
  ): Promise<{ page: ListPage; deps: ReadDeps }> {
    const { scope, point, window, filters } = request;
    const { page, perPage, offset } = request.paging;
    const { categories, tags } = await this.lookUpFilters(query, user);
    const categoryIds = categories?.ids;
    const tagIds = tags?.ids;

    const linkFilters: LinkFilter[] = [
      ...(query.venue ? [{ kind: 'venue' as const, param: 'venue', ids: query.venue }] : []),
      ...(query.organizer ? [{ kind: 'organizer' as const, param: 'organizer', ids: query.organizer }] : []),
      ...(tagIds ? [{ kind: 'term' as const, param: 'tag', ids: tagIds }] : []),
      // A category's list holds its descendants' events: one range of event_category_trees per given category.
      ...(categories ? [{ kind: 'tree' as const, param: 'cat', ids: categories.roots }] : []),
    ];
    const builder = this.dataSource.getRepository(EventEntity).createQueryBuilder('e');
    builder.where('e.hideFromListings = :hidden', { hidden: false });
    whereStatusScope(builder, 'e', scope);
    whereWindow(builder, 'e', window);
    for (const link of linkFilters) whereLinked(builder, 'e.id', link);
    this.whereEventColumns(builder, query, user, point);
    // With a term, venue or organizer, the page's ids and the count come from its link table's
    // index in start order (issue #14); the rows are then read by primary key in the same statement. The filter
    // with the fewest ids drives: each of its ids is a range of the index to read.
    const [driving, ...checked] = [...linkFilters].sort((a, b) => new Set(a.ids).size - new Set(b.ids).size);
    const filtered = { query, user, point, scope, window };
    const ids = driving ? this.linkDriven(driving, checked, filtered) : builder;
    // Several ids: the page from one bounded branch per id (link-union-page.ts).
    const driveIds = [...new Set(driving?.ids ?? [])];
    const branches =
      driving && driveIds.length > 1 && driveIds.length <= MAX_UNION_BRANCHES
        ? { branch: (id: number) => this.linkDriven({ ...driving, ids: [id] }, checked, filtered), ids: driveIds }
        : undefined;
    const order = driving ? 'l' : 'e';
    const counted = countedScope(query, scope, point, { categoryTree: categories?.tree, categoryIds, tagIds });
    // Several ids of the driving link may link one event more than once.
    const distinct = driveIds.length > 1;
    // The total as SQL: from the summaries, with the edge days from the events' start and end
    // indexes (the link index is in start order only), else by walking the index.
    const totalSql = () =>
      counted ? summaryTotalSql(builder, window, counted) : countRowsSql(ids, distinct ? 'DISTINCT l.event_id' : '*');

    const span = windowSpan(window);
    const linked: LinkFilters = {
      termIds: categoryIds || tagIds ? [...(categoryIds ?? []), ...(tagIds ?? [])] : undefined,
      venueIds: query.venue,
      organizerIds: query.organizer,
    };
    // The page first: when it is the first page and not full, it is the whole result. An anonymous
    // page's items are remembered apart from its total: a write later than its last item changes only the total.
    // When nothing is remembered, a full page's total is read with its relations (one round trip
    // less); else it is a statement of its own, remembered apart from the page.
    const inlineTotal = this.cache.remembering() ? undefined : totalSql;
    const items = () =>
      this.pageItems(branches ?? ids, order, { offset, perPage, user, password: query.password, span, linked, total: inlineTotal });
    const {
      views,
      matched,
      total: inlined,
    } = request.itemsKey
      ? await this.cache.get(request.itemsKey, items, {
          weigh: (result) => jsonWeight(result.views),
          freeze: true,
          depends: (result) => result.deps,
        })
      : await items();
    if (!matched && page > 1) throw ApiError.of('event-archive-page-not-found');
    // A page that is not full is the last one: it tells the total without counting. Otherwise the
    // total is remembered per statement until a write in its window.
    const members = listMembers(span, linked);
    const total =
      matched < perPage
        ? offset + matched
        : (inlined ?? (await this.cache.count(ids, () => selectNumber(this.dataSource.manager, totalSql()), { members })));

    const pages = totalPages(total, perPage);
    const links = buildListLinks({ collectionUrl: this.urls.rest('events'), page, perPage, totalPages: pages, filters });
    return { page: ListPage.posts('events', [...views], total, pages, links), deps: { posts: shownPosts(views), members } };
  }

  /** A page's events presented, and what they depend on (issue #14). */
  private async pageItems(
    ids: PageSource,
    order: 'e' | 'l',
    request: {
      offset: number;
      perPage: number;
      user: AuthUser | null | undefined;
      password?: string;
      span: Span;
      linked: LinkFilters;
      /** The total's SQL, read with the relations when the page is full (else the page tells it). */
      total?: () => SqlPiece;
    },
  ): Promise<{ views: EventView[]; matched: number; deps: ReadDeps; total?: number }> {
    const { events, matched } = await this.pageOf(ids, order, request.offset, request.perPage);
    const full = matched === request.perPage;
    const { views, scalar: total } = await this.presentWith(
      events,
      request.user,
      { password: request.password },
      full ? request.total?.() : undefined,
    );
    const span = pageSpan(
      request.span,
      events.map((event) => event.startUtc),
      matched === request.perPage,
    );
    return { views, matched, total, deps: { posts: shownPosts(views), members: listMembers(span, request.linked) } };
  }

  /**
   * The page as a deferred join in one statement: its ids first (for the default list from
   * idx_events_start alone, without reading the rows the offset skips), then those rows by primary
   * key, in list order (event-relations.ts). `matched` is how many ids the page had. Several
   * branches: one per id of the driving link, their union cut to the page (link-union-page.ts).
   */
  private async pageOf(
    ids: PageSource,
    alias: 'e' | 'l',
    offset: number,
    perPage: number,
  ): Promise<{ events: EventEntity[]; matched: number }> {
    const source = 'branch' in ids ? unionPageSql(ids.branch, ids.ids, offset, perPage) : pageIdsSql(ids, alias, offset, perPage);
    const events = await this.relations.page(this.dataSource.manager, source);
    return { events, matched: events.length };
  }

  /**
   * The page's ids and count driven by one link filter: its link table's
   * `(post, hide_from_listings, start_utc, event_id, status, end_utc)` index gives the events in
   * start order with the status and the window checked in the index (migration 1763700300000);
   * other links are checked by primary key (EXISTS), and the events' own columns only when
   * another filter needs them (joined by primary key).
   */
  private linkDriven(
    driving: LinkFilter,
    checked: readonly LinkFilter[],
    request: {
      query: ListEventsQuery;
      user: AuthUser | null | undefined;
      point: GeoPoint | undefined;
      scope: StatusScope;
      window: DateWindow;
    },
  ): SelectQueryBuilder<LinkEntity> {
    const { query, user, point, scope, window } = request;
    const table = this.links.table(driving.kind);
    const ids = this.dataSource.createQueryBuilder(table.entity as new () => LinkEntity, 'l');
    ids.where(`l.${table.property} IN (:...driveIds)`, { driveIds: driving.ids });
    ids.andWhere('l.hideFromListings = :hidden', { hidden: false });
    whereWindow(ids, 'l', window);
    for (const link of checked) whereLinked(ids, 'l.eventId', link);
    const needsEvents =
      scope.ownerId !== null ||
      query.search !== undefined ||
      query.featured !== undefined ||
      query.ticketed !== undefined ||
      query.postParent !== undefined ||
      query.include !== undefined ||
      query.geoloc !== undefined ||
      point !== undefined;
    if (!needsEvents) {
      whereStatusScope(ids, 'l', scope);
      return ids;
    }
    ids.innerJoin(EventEntity, 'e', 'e.id = l.eventId');
    whereStatusScope(ids, 'e', scope);
    this.whereEventColumns(ids, query, user, point);
    return ids;
  }

  /** The filters on the events' own columns (not the window, the status or the links). */
  private whereEventColumns(
    builder: SelectQueryBuilder<EventEntity> | SelectQueryBuilder<LinkEntity>,
    query: ListEventsQuery,
    user: AuthUser | null | undefined,
    point: GeoPoint | undefined,
  ): void {
    whereSearch(builder, query.search, query.password, dialectOf(this.dataSource));
    if (query.featured !== undefined) builder.andWhere('e.featured = :featured', { featured: query.featured });
    if (query.ticketed !== undefined) builder.andWhere('e.ticketed = :ticketed', { ticketed: query.ticketed });
    if (query.postParent !== undefined) builder.andWhere('e.postParent = :postParent', { postParent: query.postParent });
    if (query.include) builder.andWhere('e.id IN (:...include)', { include: query.include });
    if (query.geoloc || point) whereGeoloc(builder, point, user);
  }

  /** GET by id or slug, with the reference's order of checks (§4) and `json_ld`. */
  async read(
    where: { id: number } | { slug: string },
    user: AuthUser | null | undefined,
    password: string | undefined,
    manager?: EntityManager,
  ): Promise<EventView> {
    // Inside a transaction (`manager`) nothing is remembered: it may see its own uncommitted writes.
    if (user || password !== undefined || manager) return this.readUncached(where, user, password, manager);
    // What an anonymous caller without a password sees of an event is the same for all of them.
    const key = `event\0${requestNamespace()}\0${'id' in where ? `id\0${where.id}` : `slug\0${where.slug.toLowerCase()}`}`;
    return this.cache.get(key, () => this.readUncached(where, null, undefined), {
      weigh: jsonWeight,
      freeze: true,
      depends: (view) => ({ posts: shownPosts([view]) }),
    });
  }

  /** The event and everything it shows in one statement (event-relations.ts), then the reference's checks. */
  private async readUncached(
    where: { id: number } | { slug: string },
    user: AuthUser | null | undefined,
    password: string | undefined,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<EventView> {
    const ids = 'id' in where ? eventIdsSql([where.id]) : slugIdSql(where.slug);
    const loaded = ids ? await this.relations.load(manager, ids, { withEvents: true }) : undefined;
    const event = loaded?.events[0];
    if (!loaded || !event) throw await notFound(manager, where);
    if (event.status === 'trash') throw ApiError.of('event-no-longer-available');
    if (!canOnObject(user, 'read', event)) throw ApiError.of('event-not-accessible');
    if (isPasswordLocked(event, password)) throw ApiError.of('event-password-protected');
    const [view] = this.compose([event], loaded.relations, user, { single: true, password });
    return view;
  }

  async findOrFail(where: { id: number } | { slug: string }, manager: EntityManager = this.dataSource.manager): Promise<EventEntity> {
    const slug = 'slug' in where ? slugNamedBy(where.slug) : undefined;
    const criteria = 'id' in where ? { id: where.id } : slug && { slug };
    const event = criteria ? await manager.findOne(EventEntity, { where: criteria }) : null;
    if (!event) throw await notFound(manager, where);
    return event;
  }

  /** The public JSON of events, every relation loaded for all of them at once, in one statement (event-relations.ts). */
  async present(
    events: readonly EventEntity[],
    user: AuthUser | null | undefined,
    options: ViewOptions = {},
    manager: EntityManager = this.dataSource.manager,
  ): Promise<EventView[]> {
    return (await this.presentWith(events, user, options, undefined, manager)).views;
  }

  /** `present`, with the number `scalar` selects read in the same statement. */
  private async presentWith(
    events: readonly EventEntity[],
    user: AuthUser | null | undefined,
    options: ViewOptions,
    scalar: SqlPiece | undefined,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ views: EventView[]; scalar?: number }> {
    if (!events.length) return { views: [] };
    const loaded = await this.relations.load(manager, eventIdsSql(events.map((event) => event.id)), { scalar });
    return { views: this.compose(events, loaded.relations, user, options), scalar: loaded.scalar };
  }

  /** The events' views from their loaded relations. Venues and organizers the viewer may not read are left out, as if not linked. */
  private compose(
    events: readonly EventEntity[],
    relations: EventRelations,
    user: AuthUser | null | undefined,
    options: ViewOptions,
  ): EventView[] {
    const { terms, recurrences, images } = relations;
    const venues = readableLinks(relations.venues, user);
    const organizers = readableLinks(relations.organizers, user);
    // Linked venues and organizers are shown as the event is; a protected one needs its own password.
    const loaded: LinkedPostsLoaded = { urls: this.urls, images, single: options.single ?? false };
    const venueViews = groupByEvent(
      venues,
      venues.posts.map((venue) => presentVenue(venue, linkedPostContext(venue, loaded))),
    );
    const organizerViews = groupByEvent(
      organizers,
      organizers.posts.map((organizer) => presentOrganizer(organizer, linkedPostContext(organizer, loaded))),
    );
    return events.map((event) => {
      const eventTerms = terms.get(event.id) ?? [];
      return presentEvent(
        event,
        {
          categories: eventTerms.filter((term) => term.taxonomy === CATEGORY.name).map((term) => presentEmbeddedTerm(term, this.urls)),
          tags: eventTerms.filter((term) => term.taxonomy !== CATEGORY.name).map((term) => presentEmbeddedTerm(term, this.urls)),
          venues: venueViews.get(event.id) ?? [],
          organizers: organizerViews.get(event.id) ?? [],
          image: event.imageId === null ? null : (images.get(event.imageId) ?? null),
          ...(recurrences.has(event.id) ? { recurrence: recurrences.get(event.id) } : {}),
        },
        this.urls,
        {
          single: options.single,
          blanked: isPasswordLocked(event, options.password) && !(options.written && canOnObject(user, 'edit', event)),
        },
      );
    });
  }

  /** The feed's view of series (issue #16): their first events added, and how each event of a series is written. */
  withSeries(events: readonly EventView[], user: AuthUser | null | undefined): ReturnType<typeof seriesInFeed> {
    return seriesInFeed(this.dataSource.manager, events, {
      present: (series) => this.present(series, user),
      // As a single read would answer: a trashed series is no longer available to anyone.
      readable: (series) => series.status !== 'trash' && canOnObject(user, 'read', series),
    });
  }

  /**
   * The filters that name rows, looked up in one statement (issue #14): category or tag ids,
   * slugs or names must exist in their taxonomy, and categories add their descendants
   * (reference §2.2); venue, organizer and parent ids must name items the caller may read, others
   * being reported like unknown ids (CONTRACT §2.4). Every filter that fails is named in one 400.
   * `tree`: the one given category whose descendants are all of them, when there is one (its
   * counts are summarised).
   */
  private async lookUpFilters(
    query: ListEventsQuery,
    user: AuthUser | null | undefined,
  ): Promise<{
    /** ids: the given categories and their descendants; roots: those the list pages from (outermost); tree: the one whose counts apply. */
    categories?: { ids: number[]; roots: number[]; tree?: number };
    tags?: { ids: number[] };
  }> {
    const linked = [
      { param: 'venue', entity: VenueEntity, ids: query.venue ?? [] },
      { param: 'organizer', entity: OrganizerEntity, ids: query.organizer ?? [] },
      { param: 'post_parent', entity: EventEntity, ids: query.postParent === undefined ? [] : [query.postParent] },
    ];
    const [trees, tagRefs, ...unreadable] = await readTogether(this.dataSource.manager, [
      termTreesRead(CATEGORY, query.categories ?? []),
      // No tags, no lookup and no answer.
      mapRead(
        termRefsRead(query.tags ? [{ taxonomy: TAG, refs: query.tags }] : []),
        ([tags]): { ids: number[]; unmatched: string[] } | undefined => tags,
      ),
      ...linked.map(({ entity, ids }) => unreadableRead(this.dataSource.manager, entity, ids, user)),
    ]);

    const reasons: Record<string, Message> = {};
    const unmatched = (taxonomy: Taxonomy, refs: readonly string[]) => msg('Unknown %s: %s.', taxonomy.resource, refs.join(', '));
    if (query.categories && trees.unmatched.length) reasons.categories = unmatched(CATEGORY, trees.unmatched);
    if (tagRefs?.unmatched.length) reasons.tags = unmatched(TAG, tagRefs.unmatched);
    linked.forEach(({ param }, i) => {
      if (unreadable[i].length) reasons[param] = msg('Unknown id(s): %s.', unreadable[i].join(', '));
    });
    if (Object.keys(reasons).length) throw ApiError.invalidParams(reasons);

    const ids = [...new Set(trees.members.map((member) => member.id))];
    const subtreeSizes = new Map<number, number>();
    for (const { root } of trees.members) subtreeSizes.set(root, (subtreeSizes.get(root) ?? 0) + 1);
    return {
      categories: query.categories && {
        ids,
        roots: outermost(trees.ids, trees.members),
        tree: trees.ids.find((root) => subtreeSizes.get(root) === ids.length),
      },
      tags: tagRefs && { ids: tagRefs.ids },
    };
  }

  private geolocPoint(query: ListEventsQuery): GeoPoint | undefined {
    const hasLat = query.geolocLat !== undefined;
    const hasLng = query.geolocLng !== undefined;
    if (hasLat !== hasLng) {
      throw ApiError.invalidParam(hasLat ? 'geoloc_lng' : 'geoloc_lat', msg('geoloc_lat and geoloc_lng must be given together.'));
    }
    if (!hasLat) return undefined;
    return { lat: query.geolocLat!, lng: query.geolocLng!, radius: query.geolocRadius ?? DEFAULT_GEOLOC_RADIUS_KM };
  }
}

/** The page's ids (`id`, `page_start`) from one source: the events, or one link's rows. */
function pageIdsSql(
  ids: SelectQueryBuilder<EventEntity> | SelectQueryBuilder<LinkEntity>,
  alias: 'e' | 'l',
  offset: number,
  perPage: number,
): EventIdsSql {
  const id = alias === 'e' ? 'e.id' : 'l.eventId';
  const page = (ids as SelectQueryBuilder<EventEntity>)
    .clone()
    .select(id, 'id')
    .addSelect(`${alias}.startUtc`, 'page_start')
    .orderBy(`${alias}.startUtc`, 'ASC')
    .addOrderBy(id, 'ASC')
    .offset(offset)
    .limit(perPage);
  // A link driven by several ids may link one event more than once (always with the same start).
  if (alias === 'l') page.distinct(true);
  const [sql, params] = page.getQueryAndParameters();
  return { sql, params };
}

/** The linked posts the viewer may read (others' drafts, private ones are left out, as if not linked). */
function readableLinks<P extends VenueEntity | OrganizerEntity>(linked: LinkedPosts<P>, user: AuthUser | null | undefined): LinkedPosts<P> {
  const posts = linked.posts.filter((post) => canOnObject(user, 'read', post));
  const readable = new Set(posts.map((post) => post.id));
  return { posts, links: linked.links.filter((link) => readable.has(link.postId)) };
}

/** A missing event, by id (perhaps another type's: 400) or by slug. */
function notFound(manager: EntityManager, where: { id: number } | { slug: string }): Promise<ApiError> {
  return 'id' in where ? missingEventError(manager, where.id) : Promise.resolve(missingEventSlugError(where.slug));
}

/** The id of the event with a slug, as a subquery. */
function slugIdSql(text: string): EventIdsSql | undefined {
  const slug = slugNamedBy(text);
  // By its unique index: a plan the value cannot change.
  return slug === undefined ? undefined : { sql: 'SELECT id FROM events WHERE slug = ?', params: [slug], fixedPlan: true };
}

/** The views of `linked.posts` (same order) per event, in link order. */
function groupByEvent<P extends { id: number }, V extends VenueView | OrganizerView>(linked: LinkedPosts<P>, views: V[]): Map<number, V[]> {
  const byId = new Map(linked.posts.map((post, index) => [post.id, views[index]]));
  const byEvent = new Map<number, V[]>();
  for (const { eventId, postId } of linked.links) {
    const list = byEvent.get(eventId) ?? [];
    list.push(byId.get(postId)!);
    byEvent.set(eventId, list);
  }
  return byEvent;
}

/** The number a scalar expression selects. */
async function selectNumber(manager: EntityManager, expression: SqlPiece): Promise<number> {
  const [row] = await manager.query<{ n: number | string | null }[]>(`SELECT ${expression.sql} AS n`, [...expression.params]);
  return Number(row?.n ?? 0);
}
