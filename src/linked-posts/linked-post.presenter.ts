import { safeText } from '../common/html/safe-output';
import { stripTags } from '../common/html/sanitize';
import { formatStoredDate } from '../posts/post-dates';
import { MediaEntity } from '../media/media.entity';
import { presentImage } from '../media/media.presenter';
import { LinkedPostEntity } from './linked-post.entity';

/** What a presenter needs besides the row: URLs, the image row, and how the caller sees it. */
export interface LinkedPostView {
  readonly urls: { site(...segments: string[]): string; globalId(id: number): string };
  readonly image: MediaEntity | null | undefined;
  /** Single reads (GET by id or slug) carry `json_ld`. */
  readonly single: boolean;
  /** Password-protected and not unlocked for this caller (tec-other-api §2.4). */
  readonly blanked: boolean;
}

export type Json = Record<string, unknown>;

/** `id` to `image`, the keys venues and organizers share, in the reference's order. */
export function presentPostHead(post: LinkedPostEntity, kind: 'venue' | 'organizer', view: LinkedPostView): Json {
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

export function globalIds(post: LinkedPostEntity, view: LinkedPostView): Json {
  const globalId = view.urls.globalId(post.id);
  return { global_id: globalId, global_id_lineage: [globalId] };
}

/** The reference's array_filter: "", 0, false, null and [] are left out, except the `keep` keys. */
export function omitEmpty(object: Json, keep: readonly string[] = []): Json {
  const result: Json = {};
  for (const [key, value] of Object.entries(object)) {
    const empty =
      value === '' || value === 0 || value === false || value === null || value === undefined || (Array.isArray(value) && !value.length);
    if (!empty || keep.includes(key)) result[key] = value;
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
 * tec-other-api §2.4: the protected keys present are blanked, not removed (the name becomes
 * `[]`, as the reference's snapshots show). `json_ld` would repeat them, so it is dropped.
 */
export function blankProtected(object: Json): Json {
  const result: Json = {};
  for (const [key, value] of Object.entries(object)) {
    if (key === 'json_ld') continue;
    result[key] = key in BLANKS ? BLANKS[key] : value;
  }
  return result;
}

/** A string value of a presented object; "" when it is absent, empty or blanked (`[]`). */
export function textOf(object: Json, key: string): string {
  const value = object[key];
  return typeof value === 'string' ? value : '';
}

/** schema.org's `description`: the excerpt, else the description's first 55 words, as text. */
export function jsonLdDescription(object: Json): string {
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
export function jsonLdHead(object: Json, kind: 'venue' | 'organizer', type: 'Place' | 'Person', url: string): Json {
  const image = object.image;
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
