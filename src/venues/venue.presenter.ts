import {
  Json,
  LinkedPostView,
  blankProtected,
  globalIds,
  jsonLdHead,
  omitEmpty,
  presentPostHead,
  textOf,
} from '../linked-posts/linked-post.presenter';
import { safeText, safeUrl, scriptSafeJsonLd } from '../common/html/safe-output';
import { VenueEntity } from './venue.entity';

/**
 * The venue object (tec-other-api §2.1), in the reference's key order: empty values left out
 * (coordinates excepted: 0 is a value), then always show_map, show_map_link and the global ids.
 */
export function presentVenue(venue: VenueEntity, view: LinkedPostView): Json {
  const fields: Json = {
    ...presentPostHead(venue, 'venue', view),
    // Stored safe on write; safeText and safeUrl cover older rows (issue #12).
    address: safeText(venue.address),
    city: safeText(venue.city),
    country: safeText(venue.country),
    province: safeText(venue.province),
    state: safeText(venue.state),
    zip: safeText(venue.zip),
    phone: safeText(venue.phone),
    website: safeUrl(venue.website),
    stateprovince: safeText(venue.stateprovince),
    ...(hasCoordinates(venue) ? { geo_lat: venue.geoLat, geo_lng: venue.geoLng } : {}),
  };
  const body = {
    ...omitEmpty({ ...fields, ...(view.single ? { json_ld: venueJsonLd(fields) } : {}) }, ['geo_lat', 'geo_lng']),
    show_map: venue.showMap,
    show_map_link: venue.showMapLink,
    ...globalIds(venue, view),
  };
  return view.blanked ? blankProtected(body) : body;
}

/**
 * schema.org Place (TEC's JSON_LD Venue) of a presented venue object: address, coordinates,
 * telephone, sameAs when known. The venue's own json_ld, and an event's `location`; safe inside
 * a script element (scriptSafeJsonLd).
 */
export function venueJsonLd(venue: Json): Json {
  const address = omitEmpty({
    streetAddress: textOf(venue, 'address'),
    addressLocality: textOf(venue, 'city'),
    addressRegion: textOf(venue, 'stateprovince') || textOf(venue, 'state') || textOf(venue, 'province'),
    postalCode: textOf(venue, 'zip'),
    addressCountry: textOf(venue, 'country'),
  });
  const { geo_lat: latitude, geo_lng: longitude } = venue;
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
