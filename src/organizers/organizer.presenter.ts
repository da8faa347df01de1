import {
  Json,
  LinkedPostContext,
  LinkedPostImage,
  LinkedPostName,
  addGlobalIds,
  inWireOrder,
  jsonLdHead,
  presentPostHead,
  textOf,
} from '../linked-posts/linked-post.presenter';
import { ExactKeys } from '../common/presenting/wire-keys';
import { safeText, safeUrl, scriptSafeJsonLd } from '../common/html/safe-output';
import { OrganizerEntity } from './organizer.entity';

/** The organizer object's keys in the reference's order (tec-other-api §2.2); json_ld on single reads only. */
export const ORGANIZER_KEYS = [
  'id',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'organizer',
  'description',
  'excerpt',
  'slug',
  'image',
  'phone',
  'website',
  'email',
  'json_ld',
  'global_id',
  'global_id_lineage',
] as const;

/** The organizer object: every empty value is left out. */
export interface OrganizerView {
  id: number;
  author?: string;
  status?: string;
  date?: string;
  date_utc?: string;
  modified?: string;
  modified_utc?: string;
  url?: string;
  organizer?: LinkedPostName;
  description?: string;
  excerpt?: string;
  slug?: string;
  image?: LinkedPostImage;
  phone?: string;
  website?: string;
  email?: string;
  json_ld?: Json;
  global_id: string;
  global_id_lineage: string[];
}

type OrganizerKey = (typeof ORGANIZER_KEYS)[number];

const ORGANIZER_KEYS_MATCH_VIEW: ExactKeys<OrganizerView, typeof ORGANIZER_KEYS> = true;
void ORGANIZER_KEYS_MATCH_VIEW;

const KEEP_EMPTY: ReadonlySet<OrganizerKey> = new Set();

/** The organizer object (tec-other-api §2.2), every empty value left out, keys in ORGANIZER_KEYS' order. */
export function presentOrganizer(organizer: OrganizerEntity, view: LinkedPostContext): OrganizerView {
  // Grown in place, as presentVenue's.
  const values: Partial<Record<OrganizerKey, unknown>> = presentPostHead(organizer, 'organizer', view);
  // Stored safe on write; safeText and safeUrl cover older rows (issue #12).
  values.phone = safeText(organizer.phone);
  values.website = safeUrl(organizer.website);
  values.email = safeText(organizer.email);
  addGlobalIds(values, organizer, view);
  if (view.single && !view.blanked) values.json_ld = organizerJsonLd(values);
  return inWireOrder(ORGANIZER_KEYS, values, KEEP_EMPTY, view.blanked) as unknown as OrganizerView;
}

/**
 * schema.org Person (TEC's JSON_LD Organizer) of a presented organizer object: `url` and
 * `sameAs` are the website when there is one. The organizer's own json_ld, and an event's
 * `organizer`; safe inside a script element (scriptSafeJsonLd).
 */
export function organizerJsonLd(organizer: object): Json {
  const phone = textOf(organizer, 'phone');
  const email = textOf(organizer, 'email');
  const website = textOf(organizer, 'website');
  return scriptSafeJsonLd({
    ...jsonLdHead(organizer, 'organizer', 'Person', website || textOf(organizer, 'url')),
    ...(phone ? { telephone: phone } : {}),
    ...(email ? { email } : {}),
    ...(website ? { sameAs: website } : {}),
  });
}
