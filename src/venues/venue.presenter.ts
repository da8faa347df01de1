import {
  Json,
  LinkedPostContext,
  LinkedPostImage,
  LinkedPostName,
  addGlobalIds,
  inWireOrder,
  jsonLdHead,
  omitEmpty,
  presentPostHead,
  textOf,
} from '../linked-posts/linked-post.presenter';
import { ExactKeys } from '../common/presenting/wire-keys';
import { safeText, safeUrl, scriptSafeJsonLd } from '../common/html/safe-output';
import { VenueEntity } from './venue.entity';

/** The venue object's keys in the reference's order (tec-other-api §2.1); json_ld on single reads only. */
export const VENUE_KEYS = [
  'id',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'venue',
  'description',
  'excerpt',
  'slug',
  'image',
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'website',
  'stateprovince',
  'geo_lat',
  'geo_lng',
  'json_ld',
  'show_map',
  'show_map_link',
  'global_id',
  'global_id_lineage',
] as const;

/** The venue object: empty values are left out, except the map flags and the global ids. */
export interface VenueView {
  id: number;
  author?: string;
  status?: string;
  date?: string;
  date_utc?: string;
  modified?: string;
  modified_utc?: string;
  url?: string;
  venue?: LinkedPostName;
  description?: string;
  excerpt?: string;
  slug?: string;
  image?: LinkedPostImage;
  address?: string;
  city?: string;
  country?: string;
  province?: string;
  state?: string;
  zip?: string;
  phone?: string;
  website?: string;
  stateprovince?: string;
  geo_lat?: number;
  geo_lng?: number;
  json_ld?: Json;
  show_map: boolean | null;
  show_map_link: boolean | null;
  global_id: string;
  global_id_lineage: string[];
}

type VenueKey = (typeof VENUE_KEYS)[number];

const VENUE_KEYS_MATCH_VIEW: ExactKeys<VenueView, typeof VENUE_KEYS> = true;
void VENUE_KEYS_MATCH_VIEW;

/** Kept when empty: coordinates (0 is a value), the map flags and the global ids. */
const KEEP_EMPTY: ReadonlySet<VenueKey> = new Set(['geo_lat', 'geo_lng', 'show_map', 'show_map_link', 'global_id', 'global_id_lineage']);

/** The venue object (tec-other-api §2.1): empty values left out, keys in VENUE_KEYS' order. */
export function presentVenue(venue: VenueEntity, view: LinkedPostContext): VenueView {
  // Grown in place: spreading the head into a new object cost more than the rest (issue #14).
  const values: Partial<Record<VenueKey, unknown>> = presentPostHead(venue, 'venue', view);
  // Stored safe on write; safeText and safeUrl cover older rows (issue #12).
  values.address = safeText(venue.address);
  values.city = safeText(venue.city);
  values.country = safeText(venue.country);
  values.province = safeText(venue.province);
  values.state = safeText(venue.state);
  values.zip = safeText(venue.zip);
  values.phone = safeText(venue.phone);
  values.website = safeUrl(venue.website);
  values.stateprovince = safeText(venue.stateprovince);
  if (hasCoordinates(venue)) {
    values.geo_lat = venue.geoLat;
    values.geo_lng = venue.geoLng;
  }
  values.show_map = venue.showMap;
  values.show_map_link = venue.showMapLink;
  addGlobalIds(values, venue, view);
  if (view.single && !view.blanked) values.json_ld = venueJsonLd(values);
  return inWireOrder(VENUE_KEYS, values, KEEP_EMPTY, view.blanked) as unknown as VenueView;
}

/**
 * schema.org Place (TEC's JSON_LD Venue) of a presented venue object: address, coordinates,
 * telephone, sameAs when known. The venue's own json_ld, and an event's `location`; safe inside
 * a script element (scriptSafeJsonLd).
 */
export function venueJsonLd(venue: object): Json {
  const address = omitEmpty({
    streetAddress: textOf(venue, 'address'),
    addressLocality: textOf(venue, 'city'),
    addressRegion: textOf(venue, 'stateprovince') || textOf(venue, 'state') || textOf(venue, 'province'),
    postalCode: textOf(venue, 'zip'),
    addressCountry: textOf(venue, 'country'),
  });
  const { geo_lat: latitude, geo_lng: longitude } = venue as Json;
  const phone = textOf(venue, 'phone');
  const website = textOf(venue, 'website');
  return scriptSafeJsonLd({
    ...jsonLdHead(venue, 'venue', 'Place', textOf(venue, 'url')),
    ...(Object.keys(address).length ? { address: { '@type': 'PostalAddress', ...address } } : {}),
    ...(typeof latitude === 'number' && typeof longitude === 'number' ? { geo: { '@type': 'GeoCoordinates', latitude, longitude } } : {}),
    ...(phone ? { telephone: phone } : {}),
    ...(website ? { sameAs: website } : {}),
  });
}

function hasCoordinates(venue: VenueEntity): boolean {
  return venue.geoLat !== null && venue.geoLng !== null;
}
