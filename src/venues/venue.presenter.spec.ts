import { MediaEntity } from '../media/media.entity';
import { HOSTILE, embedInScript } from '../../test/support/script-embedding';
import { LinkedPostContext } from '../linked-posts/linked-post.presenter';
import { VenueEntity } from './venue.entity';
import { VENUE_KEYS, presentVenue } from './venue.presenter';

const urls = {
  site: (...segments: string[]) => `https://site.test/${segments.join('/')}/`,
  globalId: (id: number) => `site.test?id=${id}`,
};

function venue(fields: Partial<VenueEntity> = {}): VenueEntity {
  return Object.assign(new VenueEntity(), {
    id: 7,
    authorId: 3,
    status: 'publish',
    slug: 'the-hall',
    name: 'The Hall',
    nameKey: 'the hall',
    description: '',
    excerpt: '',
    address: '',
    city: '',
    country: '',
    province: '',
    state: '',
    zip: '',
    phone: '',
    website: '',
    stateprovince: '',
    showMap: true,
    showMapLink: false,
    geoLat: null,
    geoLng: null,
    imageId: null,
    password: null,
    publishedAt: new Date('2026-01-02T10:00:00Z'),
    publishedLocal: new Date('2026-01-02T11:00:00Z'),
    modifiedAt: new Date('2026-01-03T10:00:00Z'),
    modifiedLocal: new Date('2026-01-03T11:00:00Z'),
    ...fields,
  });
}

const full = {
  description: '<p>Big</p>',
  excerpt: 'Short',
  address: '1 Main St',
  city: 'Springfield',
  country: 'United States',
  province: 'Prov',
  state: 'IL',
  zip: '62701',
  phone: '555-1234',
  website: 'https://hall.test/',
  stateprovince: 'IL',
  geoLat: 0,
  geoLng: 12.5,
  imageId: 4,
};

const image = Object.assign(new MediaEntity(), {
  id: 4,
  url: 'https://cdn.test/hall.jpg',
  extension: 'jpg',
  width: 800,
  height: 600,
  sizes: null,
  authorId: 3,
});

const view = (overrides: Partial<LinkedPostContext> = {}): LinkedPostContext => ({
  urls,
  image: null,
  single: false,
  blanked: false,
  ...overrides,
});

describe('presentVenue', () => {
  it('writes every key of VENUE_KEYS in its order for a single read of a venue with every field set', () => {
    expect(Object.keys(presentVenue(venue(full), view({ image, single: true })))).toEqual([...VENUE_KEYS]);
  });

  it('leaves empty values out but always keeps the map flags and global ids', () => {
    const body = presentVenue(venue(), view());
    expect(Object.keys(body)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'venue',
      'slug',
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    expect(body).toMatchObject({
      id: 7,
      author: '3',
      date: '2026-01-02 11:00:00',
      date_utc: '2026-01-02 10:00:00',
      modified: '2026-01-03 11:00:00',
      modified_utc: '2026-01-03 10:00:00',
      url: 'https://site.test/venue/the-hall/',
      venue: 'The Hall',
      show_map: true,
      show_map_link: false,
      global_id: 'site.test?id=7',
      global_id_lineage: ['site.test?id=7'],
    });
  });

  it('writes every field in the reference order, coordinates as numbers after stateprovince (0 kept)', () => {
    const body = presentVenue(venue(full), view({ image }));
    expect(Object.keys(body)).toEqual([
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
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
    ]);
    expect(body.geo_lat).toBe(0);
    expect(body.geo_lng).toBe(12.5);
    expect(body.image).toEqual({ url: 'https://cdn.test/hall.jpg', id: 4, extension: 'jpg', width: 800, height: 600 });
  });

  it('adds json_ld before show_map on single reads', () => {
    const body = presentVenue(venue(full), view({ image, single: true }));
    const keys = Object.keys(body);
    expect(keys.indexOf('json_ld')).toBe(keys.indexOf('show_map') - 1);
    expect(body.json_ld).toEqual({
      '@context': 'http://schema.org',
      '@type': 'Place',
      name: 'The Hall',
      description: 'Short',
      image: 'https://cdn.test/hall.jpg',
      url: 'https://site.test/venue/the-hall/',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Main St',
        addressLocality: 'Springfield',
        addressRegion: 'IL',
        postalCode: '62701',
        addressCountry: 'United States',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 0, longitude: 12.5 },
      telephone: '555-1234',
      sameAs: 'https://hall.test/',
    });
  });

  it('blanks the protected keys of a password-protected venue and drops json_ld', () => {
    const body = presentVenue(venue({ ...full, password: 'secret' }), view({ image, single: true, blanked: true }));
    expect(body).toEqual({
      id: 7,
      author: '3',
      status: 'publish',
      date: '2026-01-02 11:00:00',
      date_utc: '2026-01-02 10:00:00',
      modified: '2026-01-03 11:00:00',
      modified_utc: '2026-01-03 10:00:00',
      url: 'https://site.test/venue/the-hall/',
      venue: [],
      description: '',
      excerpt: '',
      slug: 'the-hall',
      image: false,
      address: '',
      city: '',
      country: '',
      province: '',
      state: 'IL',
      zip: '',
      phone: '',
      website: '',
      stateprovince: '',
      geo_lat: 0,
      geo_lng: 0,
      show_map: null,
      show_map_link: null,
      global_id: 'site.test?id=7',
      global_id_lineage: ['site.test?id=7'],
    });
  });

  it.each(HOSTILE)('makes a row stored before issue #12 safe: text escaped, URLs encoded, json_ld embeddable (%j)', (hostile) => {
    const row = venue({
      name: hostile,
      address: hostile,
      city: hostile,
      country: hostile,
      province: hostile,
      state: hostile,
      zip: hostile,
      phone: hostile,
      stateprovince: hostile,
      website: `https://evil.test/${hostile}`,
    });
    const body = presentVenue(row, view({ single: true }));
    const { json_ld: jsonLd, ...rest } = body;
    expect(JSON.stringify(rest)).not.toMatch(/[<>]/);
    expect(rest.website).not.toMatch(/["<> ]/);
    const embedded = embedInScript(jsonLd);
    expect(embedded.closesEarly).toBe(false);
    expect(embedded.hasCommentOpener).toBe(false);
    expect(embedded.json).not.toMatch(/[<>\u2028\u2029]/);
  });
});
