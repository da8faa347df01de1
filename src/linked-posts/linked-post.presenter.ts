import { safeText } from '../common/html/safe-output';
import { stripTags } from '../common/html/sanitize';
import { formatStoredDate } from '../posts/post-dates';
import { isPasswordLocked } from '../posts/password';
import { MediaEntity } from '../media/media.entity';
import { ImageObject, presentImage } from '../media/media.presenter';
import { LinkedPostEntity } from './linked-post.entity';

export interface LinkedPostUrls {
  site(...segments: string[]): string;
  globalId(id: number): string;
}

/** What a presenter needs besides the row: URLs, the image row, and how the caller sees it. */
export interface LinkedPostContext {
  readonly urls: LinkedPostUrls;
  readonly image: MediaEntity | null | undefined;
  /** Single reads (GET by id or slug) carry `json_ld`. */
  readonly single: boolean;
  /** Password-protected and not unlocked for this caller (tec-other-api §2.4). */
  readonly blanked: boolean;
}

/** What was loaded for a batch of venues or organizers, and what the viewer may do, as plain data. */
export interface LinkedPostsLoaded {
  readonly urls: LinkedPostUrls;
  readonly images: ReadonlyMap<number, MediaEntity>;
  readonly single: boolean;
  /** The request's `password`: it unlocks the protected rows it matches. */
  readonly password?: string;
  /** Rows shown unblanked whatever their password: on write responses, those the viewer may edit. */
  readonly unlockedIds?: ReadonlySet<number>;
}

/** The context of one row of a loaded batch. */
export function linkedPostContext(post: LinkedPostEntity, loaded: LinkedPostsLoaded): LinkedPostContext {
  return {
    urls: loaded.urls,
    image: post.imageId === null ? null : loaded.images.get(post.imageId),
    single: loaded.single,
    blanked: isPasswordLocked(post, loaded.password) && !loaded.unlockedIds?.has(post.id),
  };
}

export type Json = Record<string, unknown>;

/** The name (`venue`, `organizer`) of a protected row that was not unlocked is `[]` (tec-other-api §2.4). */
export type LinkedPostName = string | [];

/** `id` to `image`, the keys venues and organizers share (their order is each one's `*_KEYS`). */
export function presentPostHead(post: LinkedPostEntity, kind: 'venue' | 'organizer', view: LinkedPostContext): Json {
  return {
    id: post.id,
    author: post.authorId ? String(post.authorId) : '',
    status: post.status,
    date: formatStoredDate(post.publishedLocal),
    date_utc: formatStoredDate(post.publishedAt),
    modified: formatStoredDate(post.modifiedLocal),
    modified_utc: formatStoredDate(post.modifiedAt),
    url: view.urls.site(kind, post.slug),
    [kind]: safeText(post.name),
    description: post.description,
    excerpt: post.excerpt,
    slug: post.slug,
    image: view.image ? presentImage(view.image) : false,
  };
}

export type LinkedPostImage = ImageObject | false;

/** Adds `global_id` and `global_id_lineage` to a venue's or organizer's values. */
export function addGlobalIds(values: Json, post: LinkedPostEntity, view: LinkedPostContext): void {
  const globalId = view.urls.globalId(post.id);
  values.global_id = globalId;
  values.global_id_lineage = [globalId];
}

/** The reference's array_filter: "", 0, false, null and [] are empty. */
function isEmpty(value: unknown): boolean {
  return value === '' || value === 0 || value === false || value === null || value === undefined || (Array.isArray(value) && !value.length);
}

/** The reference's array_filter: "", 0, false, null and [] are left out, except the `keep` keys. */
export function omitEmpty(object: Json, keep: readonly string[] = []): Json {
  const result: Json = {};
  for (const [key, value] of Object.entries(object)) {
    if (!isEmpty(value) || keep.includes(key)) result[key] = value;
  }
  return result;
}

const BLANKS: Json = {
  description: '',
  excerpt: '',
  email: '',
  phone: '',
  website: '',
  zip: '',
  province: '',
  country: '',
  city: '',
  address: '',
  stateprovince: '',
  image: false,
  geo_lat: 0,
  geo_lng: 0,
  show_map: null,
  show_map_link: null,
  venue: [],
  organizer: [],
};

/**
 * The object on the wire, in one pass over its declared key order (`VENUE_KEYS`,
 * `ORGANIZER_KEYS`): undefined values and empty ones are left out (except the `keep` keys), and
 * of a `blanked` row (tec-other-api §2.4) the protected keys present are blanked, not removed (the
 * name becomes `[]`, as the reference's snapshots show); `json_ld` would repeat them, so it goes.
 */
export function inWireOrder<K extends string>(
  keys: readonly K[],
  values: Partial<Record<K, unknown>>,
  keep: ReadonlySet<K>,
  blanked: boolean,
): Json {
  const result: Json = {};
  for (const key of keys) {
    const value = values[key];
    if (value === undefined || (isEmpty(value) && !keep.has(key))) continue;
    if (!blanked) result[key] = value;
    else if (key !== 'json_ld') result[key] = key in BLANKS ? BLANKS[key] : value;
  }
  return result;
}

/** A string value of a presented object; "" when it is absent, empty or blanked (`[]`). */
export function textOf(object: object, key: string): string {
  const value = (object as Json)[key];
  return typeof value === 'string' ? value : '';
}

/** schema.org's `description`: the excerpt, else the description's first 55 words, as text. */
export function jsonLdDescription(object: object): string {
  const text = stripTags(textOf(object, 'excerpt') || textOf(object, 'description'))
    .replace(/\s+/g, ' ')
    .trim();
  const words = text.split(' ');
  return words.length > 55 ? `${words.slice(0, 55).join(' ')}…` : text;
}

/**
 * The schema.org keys every json_ld starts with (tribe-common's JSON_LD abstract), read from the
 * presented venue or organizer object, so that events build their `location` and `organizer`
 * with the same code as the venue's and organizer's own json_ld.
 */
export function jsonLdHead(object: object, kind: 'venue' | 'organizer', type: 'Place' | 'Person', url: string): Json {
  const image = (object as Json).image;
  const imageUrl = image && typeof image === 'object' ? (image as { url?: unknown }).url : undefined;
  return {
    '@context': 'http://schema.org',
    '@type': type,
    name: textOf(object, kind),
    description: jsonLdDescription(object),
    ...(typeof imageUrl === 'string' && imageUrl ? { image: imageUrl } : {}),
    url,
  };
}
