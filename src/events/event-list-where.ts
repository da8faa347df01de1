// The conditions of the events list (CONTRACT §3 "List"), each a piece of its one query, and what
// its filters tell before it runs: how its total is counted, which filters its links carry.
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { canReadWhere } from '../auth/permissions';
import { Dialect } from '../database/dialect';
import { SqlPiece } from '../database/placeholders';
import { FilterValue } from '../listing';
import { DateWindow, dateWindowFilters } from '../listing/date-window';
import { openContentWhere } from '../posts/password';
import { searchCase } from '../posts/search';
import { StatusScope } from '../posts/status';
import { ListEventsQuery } from './dto/list-events.query';
import { CountedScope } from './event-list-total';
import { ListedKind, eventLinks } from './event-links';

const EARTH_RADIUS_KM = 6371;
// LIKE patterns escape their wildcards with "!", which needs no quoting in either SQL dialect.
const LIKE_ESCAPE = "ESCAPE '!'";

/**
 * Every whitespace-separated word in the title, the description or the excerpt (CONTRACT §3);
 * in the description and the excerpt of a password-protected event only when the request's
 * `password` opens it, so a search cannot reveal what the list blanks. All in the one list query.
 */
export function whereSearch(
  builder: SelectQueryBuilder<ObjectLiteral>,
  search: string | undefined,
  password: string | undefined,
  dialect: Dialect,
): void {
  if (search === undefined) return;
  // SQLite's own lower() only folds ASCII; the connection registers a Unicode one.
  const lower = dialect === 'sqlite' ? 'unicode_lower' : 'LOWER';
  // Titles, descriptions and excerpts are stored NFC: a decomposed "é" typed found them on MySQL only.
  const words = [...new Set(searchCase(search.normalize('NFC'), dialect).split(/\s+/).filter(Boolean))];
  const open = openContentWhere('e.password', { password, dialect });
  builder.setParameters(open.params);
  words.forEach((word, index) => {
    // SQLite: the rows whose trigram index holds every trigram of the word first (a superset of
    // the matches, see migration 1763700101000); shorter words have no trigram and scan.
    if (dialect === 'sqlite' && [...word].length >= 3) {
      builder.andWhere(`e.id IN (SELECT rowid FROM events_search WHERE events_search MATCH :trigrams${index})`, {
        [`trigrams${index}`]: `"${word.replace(/"/g, '""')}"`,
      });
    }
    const like = (column: string) => `${lower}(${column}) LIKE :search${index} ${LIKE_ESCAPE}`;
    const content = `(${like('e.description')} OR ${like('e.excerpt')})`;
    builder.andWhere(`(${like('e.title')} OR (${open.sql} AND ${content}))`, {
      [`search${index}`]: `%${word.replace(/[!%_]/g, '!$&')}%`,
    });
  });
}

export interface GeoPoint {
  lat: number;
  lng: number;
  radius: number;
}

/** The window on the events (`e`) or on their link rows' copies (`l`). */
export function whereWindow(builder: SelectQueryBuilder<ObjectLiteral>, alias: 'e' | 'l', window: DateWindow): void {
  const conditions: [keyof DateWindow, string][] = [
    ['start_date', `${alias}.startUtc >= :start_date`],
    ['end_date', `${alias}.endUtc <= :end_date`],
    ['starts_before', `${alias}.startUtc < :starts_before`],
    ['starts_after', `${alias}.startUtc > :starts_after`],
    ['ends_before', `${alias}.endUtc < :ends_before`],
    ['ends_after', `${alias}.endUtc > :ends_after`],
  ];
  for (const [name, condition] of conditions) {
    const bound = window[name];
    if (bound) builder.andWhere(condition, { [name]: bound.instant });
  }
}

/**
 * The rows `builder` selects, counted, as a scalar subquery. Not TypeORM's getCount(): it counts
 * DISTINCT ids, which makes the database de-duplicate every row. Driven by `events`, or by one
 * link id (the link's primary key and the one-to-one join to events), each event is one row and
 * the plain count is exact from an index; driven by several ids of one link, an event may be
 * linked to two of them: DISTINCT.
 */
export function countRowsSql(builder: SelectQueryBuilder<ObjectLiteral>, what: '*' | 'DISTINCT l.event_id'): SqlPiece {
  const [sql, params] = builder.clone().select(`COUNT(${what})`, 'total').orderBy().getQueryAndParameters();
  return { sql: `(${sql})`, params };
}

/**
 * The event_day_counts key of a list's events, when there is one: every event, or those of one
 * tag, venue or organizer, of one given category with its descendants (its tree), or the featured
 * or the ticketed ones, in statuses seen by everyone. Other filters (search, include,
 * post_parent, geoloc, several posts, an owner's own statuses, featured or ticketed false) are
 * counted by walking the index.
 */
export function countedScope(
  query: ListEventsQuery,
  scope: StatusScope,
  point: GeoPoint | undefined,
  terms: { categoryTree?: number; categoryIds?: number[]; tagIds?: number[] },
): CountedScope | undefined {
  if (scope.ownerId !== null || query.search !== undefined || query.include || query.postParent !== undefined) return undefined;
  if (query.geoloc || point) return undefined;
  const keys: Omit<CountedScope, 'statuses'>[] = [];
  if (terms.categoryIds) {
    if (terms.categoryTree === undefined) return undefined;
    keys.push({ kind: 'tree', postId: terms.categoryTree });
  }
  for (const [kind, ids] of [
    ['term', terms.tagIds],
    ['venue', query.venue],
    ['organizer', query.organizer],
  ] as const) {
    if (!ids) continue;
    if (new Set(ids).size !== 1) return undefined;
    keys.push({ kind, postId: ids[0] });
  }
  if (query.featured === false || query.ticketed === false) return undefined;
  if (query.featured) keys.push({ kind: 'featured', postId: 0 });
  if (query.ticketed) keys.push({ kind: 'ticketed', postId: 0 });
  if (keys.length > 1) return undefined;
  return { ...(keys[0] ?? { kind: 'all', postId: 0 }), statuses: scope.statuses };
}

/**
 * The given categories that lie in no other given category's tree: a category given with one of
 * its ancestors adds nothing to that ancestor's list. A cycle written with SQL keeps the first it meets.
 */
export function outermost(roots: readonly number[], members: readonly { root: number; id: number }[]): number[] {
  const trees = new Map<number, Set<number>>();
  for (const { root, id } of members) {
    const tree = trees.get(root);
    if (tree) tree.add(id);
    else trees.set(root, new Set([id]));
  }
  const within = (outer: number, inner: number) => outer !== inner && trees.get(outer)?.has(inner) === true;
  const kept: number[] = [];
  for (const root of roots) {
    if (kept.some((outer) => within(outer, root))) continue;
    // Those kept before that lie in this one's tree add nothing now.
    for (let i = kept.length - 1; i >= 0; i--) if (within(root, kept[i])) kept.splice(i, 1);
    kept.push(root);
  }
  return kept;
}

/**
 * A list's filter by tags, venues, organizers or category trees (event_category_trees): OR within
 * it, AND between them.
 */
export interface LinkFilter {
  readonly kind: ListedKind;
  readonly param: string;
  readonly ids: readonly number[];
}

/** The event `eventSql` has at least one of the filter's ids: one primary key lookup per id (event_id, post_id). */
export function whereLinked(builder: SelectQueryBuilder<ObjectLiteral>, eventSql: string, link: LinkFilter): void {
  const { table, column } = eventLinks.table(link.kind);
  const alias = `${link.param}_l`;
  builder.andWhere(
    `EXISTS (SELECT 1 FROM ${table} ${alias} WHERE ${alias}.event_id = ${eventSql} AND ${alias}.${column} IN (:...${link.param}Ids))`,
    {
      [`${link.param}Ids`]: link.ids,
    },
  );
}

/**
 * Events whose venue has coordinates, and, with a point, lies within its radius (haversine, km).
 * Only venues the caller may read, and whose coordinates they may see, count: an event shows a
 * hidden venue as no venue and a password-protected one without coordinates (a linked venue is
 * never unlocked by the event's password), and the filter must not tell where either is.
 */
export function whereGeoloc(
  builder: SelectQueryBuilder<ObjectLiteral>,
  point: GeoPoint | undefined,
  user: AuthUser | null | undefined,
): void {
  const columns = { status: 'gv.status', author: 'gv.author_id', password: 'gv.password' };
  const readable = canReadWhere(user, columns);
  // A protected venue never shows its coordinates inside an event: the filter sees no more.
  const open = openContentWhere(columns.password);
  let condition = `gv.geo_lat IS NOT NULL AND gv.geo_lng IS NOT NULL AND ${readable.sql} AND ${open.sql}`;
  if (point) {
    condition +=
      ` AND ${2 * EARTH_RADIUS_KM} * ASIN(SQRT(` +
      `POWER(SIN(RADIANS(gv.geo_lat - :geoLat) / 2), 2) + ` +
      `COS(RADIANS(:geoLat)) * COS(RADIANS(gv.geo_lat)) * POWER(SIN(RADIANS(gv.geo_lng - :geoLng) / 2), 2)` +
      `)) <= :geoRadius`;
  }
  builder.andWhere(
    `e.id IN (SELECT gl.event_id FROM ${eventLinks.table('venue').table} gl INNER JOIN venues gv ON gv.id = gl.venue_id WHERE ${condition})`,
    {
      ...readable.params,
      ...(point ? { geoLat: point.lat, geoLng: point.lng, geoRadius: point.radius } : {}),
    },
  );
}

/** Every effective filter, in a stable order, so following a link keeps the result set (CONTRACT §2.3). */
export function listFilters(
  query: ListEventsQuery,
  window: DateWindow,
  scope: StatusScope,
  point: GeoPoint | undefined,
): [string, FilterValue][] {
  return [
    ...dateWindowFilters(window),
    ['strict_dates', query.strictDates && query.include === undefined ? true : undefined],
    ['search', query.search],
    ['categories', query.categories],
    ['tags', query.tags],
    ['venue', query.venue],
    ['organizer', query.organizer],
    ['featured', query.featured],
    ['status', scope.statuses],
    ['geoloc', query.geoloc],
    ['geoloc_lat', point?.lat],
    ['geoloc_lng', point?.lng],
    ['geoloc_radius', point?.radius],
    ['include', query.include],
    ['post_parent', query.postParent],
    ['ticketed', query.ticketed],
  ];
}
