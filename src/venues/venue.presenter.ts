import {
  Json,
  LinkedPostView,
  blankProtected,
  globalIds,
  jsonLdHead,
  omitEmpty,
  presentPostHead,
} from '../linked-posts/linked-post.presenter';
import { VenueEntity } from './venue.entity';

/**
 * The venue object (tec-other-api §2.1), in the reference's key order: empty values left out
 * (coordinates excepted: 0 is a value), then always show_map, show_map_link and the global ids.
 */
export function presentVenue(venue: VenueEntity, view: LinkedPostView): Json {
  const body = {
    ...omitEmpty(
      {
        ...presentPostHead(venue, 'venue', view),
        address: venue.address,
        city: venue.city,
        country: venue.country,
        province: venue.province,
        state: venue.state,
        zip: venue.zip,
        phone: venue.phone,
        website: venue.website,
        stateprovince: venue.stateprovince,
        ...(hasCoordinates(venue) ? { geo_lat: venue.geoLat, geo_lng: venue.geoLng } : {}),
        ...(view.single ? { json_ld: venueJsonLd(venue, view) } : {}),
      },
      ['geo_lat', 'geo_lng'],
    ),
    show_map: venue.showMap,
    show_map_link: venue.showMapLink,
    ...globalIds(venue, view),
  };
  return view.blanked ? blankProtected(body) : body;
}

/** schema.org Place (TEC's JSON_LD Venue): address, coordinates, telephone, sameAs when known. */
export function venueJsonLd(venue: VenueEntity, view: LinkedPostView): Json {
  const address = omitEmpty({
    streetAddress: venue.address,
    addressLocality: venue.city,
    addressRegion: venue.stateprovince || venue.state || venue.province,
    postalCode: venue.zip,
    addressCountry: venue.country,
  });
  return {
    ...jsonLdHead(venue, 'Place', view, view.urls.site('venue', venue.slug)),
    ...(Object.keys(address).length ? { address: { '@type': 'PostalAddress', ...address } } : {}),
    ...(hasCoordinates(venue) ? { geo: { '@type': 'GeoCoordinates', latitude: venue.geoLat, longitude: venue.geoLng } } : {}),
    ...(venue.phone ? { telephone: venue.phone } : {}),
    ...(venue.website ? { sameAs: venue.website } : {}),
  };
}

function hasCoordinates(venue: VenueEntity): boolean {
  return venue.geoLat !== null && venue.geoLng !== null;
}
