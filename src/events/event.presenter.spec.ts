import { HOSTILE, embedInScript } from '../../test/support/script-embedding';
import { MediaEntity } from '../media/media.entity';
import { OrganizerEntity } from '../organizers/organizer.entity';
import { OrganizerView, presentOrganizer } from '../organizers/organizer.presenter';
import { EmbeddedTermView } from '../terms/term.presenter';
import { VenueEntity } from '../venues/venue.entity';
import { VenueView, presentVenue } from '../venues/venue.presenter';
import { EventEntity } from './event.entity';
import { EVENT_KEYS, EventRelations, dateDetails, presentEvent } from './event.presenter';

const urls = {
  rest: (...segments: (string | number)[]) => ['http://site.test/calendar/events/v1', ...segments].join('/'),
  site: (...segments: string[]) => `http://site.test/${segments.join('/')}/`,
  globalId: (id: number) => `site.test?id=${id}`,
};

const without = (...keys: string[]) => EVENT_KEYS.filter((key) => !keys.includes(key));

/** A Date whose UTC fields are the given wall clock, as the datetime columns hold them. */
const stored = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

function berlinEvent(): EventEntity {
  return Object.assign(new EventEntity(), {
    id: 10,
    authorId: 1,
    status: 'publish',
    slug: 'peer-test-event',
    title: 'Peer Test Event',
    description: '<p>Hello <b>world</b></p>',
    excerpt: 'Short',
    password: null,
    startLocal: stored('2027-01-15 18:00:00'),
    endLocal: stored('2027-01-15 21:00:00'),
    startUtc: stored('2027-01-15 17:00:00'),
    endUtc: stored('2027-01-15 20:00:00'),
    timezone: 'Europe/Berlin',
    timezoneAbbr: 'CET',
    allDay: false,
    cost: '$10',
    currencySymbol: '$',
    currencyCode: '',
    currencyPosition: 'prefix',
    website: 'https://example.com/e',
    showMap: false,
    showMapLink: false,
    hideFromListings: false,
    sticky: false,
    featured: false,
    ticketed: false,
    postParent: 0,
    imageId: null,
    publishedAt: stored('2026-11-21 05:23:08'),
    publishedLocal: stored('2026-11-21 05:23:08'),
    modifiedAt: stored('2026-11-21 05:23:09'),
    modifiedLocal: stored('2026-11-21 05:23:09'),
  });
}

const concerts: EmbeddedTermView = {
  name: 'Concerts',
  slug: 'concerts',
  term_group: 0,
  term_taxonomy_id: 4,
  taxonomy: 'tribe_events_cat',
  description: 'Live music',
  parent: 0,
  count: 1,
  filter: 'raw',
  id: 4,
  urls: { self: 'http://site.test/calendar/events/v1/categories/4', collection: 'http://site.test/calendar/events/v1/categories' },
};
const hall: VenueView = {
  id: 8,
  venue: 'Peer Hall',
  address: '1 Main St',
  city: 'Springfield',
  phone: '555-1234',
  show_map: true,
  show_map_link: false,
  global_id: 'site.test?id=8',
  global_id_lineage: ['site.test?id=8'],
};
const org: OrganizerView = {
  id: 9,
  organizer: 'Peer Org',
  email: 'org@example.com',
  website: 'https://example.com/o',
  global_id: 'site.test?id=9',
  global_id_lineage: ['site.test?id=9'],
};

const relations = (overrides: Partial<EventRelations> = {}): EventRelations => ({
  categories: [concerts],
  tags: [],
  venues: [hall],
  organizers: [org],
  image: null,
  ...overrides,
});

describe('presentEvent', () => {
  it('writes every key of EVENT_KEYS in its order on a single read of an event of a series', () => {
    const view = presentEvent(berlinEvent(), relations({ recurrence: ['RRULE:FREQ=DAILY;COUNT=2'] }), urls, { single: true });
    expect(Object.keys(view)).toEqual([...EVENT_KEYS]);
  });

  it('has the reference keys in the captured order, json_ld last on single reads', () => {
    expect(Object.keys(presentEvent(berlinEvent(), relations(), urls, { single: true }))).toEqual(without('recurrence'));
  });

  it('has no json_ld outside single reads', () => {
    expect(Object.keys(presentEvent(berlinEvent(), relations(), urls))).toEqual(without('recurrence', 'json_ld'));
  });

  it('matches the captured example field by field, with its JSON types', () => {
    const view = presentEvent(berlinEvent(), relations(), urls);
    expect(view).toMatchObject({
      id: 10,
      global_id: 'site.test?id=10',
      global_id_lineage: ['site.test?id=10'],
      author: '1',
      status: 'publish',
      date: '2026-11-21 05:23:08',
      date_utc: '2026-11-21 05:23:08',
      modified: '2026-11-21 05:23:09',
      url: 'http://site.test/event/peer-test-event/',
      rest_url: 'http://site.test/calendar/events/v1/events/10',
      title: 'Peer Test Event',
      description: '<p>Hello <b>world</b></p>',
      slug: 'peer-test-event',
      image: false,
      all_day: false,
      start_date: '2027-01-15 18:00:00',
      start_date_details: { year: '2027', month: '01', day: '15', hour: '18', minutes: '00', seconds: '00' },
      end_date: '2027-01-15 21:00:00',
      utc_start_date: '2027-01-15 17:00:00',
      utc_end_date: '2027-01-15 20:00:00',
      utc_end_date_details: { year: '2027', month: '01', day: '15', hour: '20', minutes: '00', seconds: '00' },
      timezone: 'Europe/Berlin',
      timezone_abbr: 'CET',
      cost: '$10',
      cost_details: { currency_symbol: '$', currency_code: '', currency_position: 'prefix', values: ['10'] },
      website: 'https://example.com/e',
      show_map: false,
      show_map_link: false,
      hide_from_listings: false,
      sticky: false,
      featured: false,
      categories: [concerts],
      tags: [],
      venue: hall,
      organizer: [org],
      custom_fields: [],
      ticketed: false,
      post_parent: 0,
    });
  });

  it('gives venue as [] without venues and as a list with several; organizer is always a list', () => {
    expect(presentEvent(berlinEvent(), relations({ venues: [], organizers: [] }), urls)).toMatchObject({ venue: [], organizer: [] });
    const second = { ...hall, id: 11, venue: 'Second Hall' };
    expect(presentEvent(berlinEvent(), relations({ venues: [hall, second] }), urls).venue).toEqual([hall, second]);
  });

  it('gives the image object of the media row', () => {
    const media = Object.assign(new MediaEntity(), {
      id: 3,
      url: 'https://img.test/a.jpg',
      extension: 'jpg',
      width: 800,
      height: 600,
      sizes: null,
    });
    expect(presentEvent(berlinEvent(), relations({ image: media }), urls).image).toEqual({
      url: 'https://img.test/a.jpg',
      id: 3,
      extension: 'jpg',
      width: 800,
      height: 600,
    });
  });

  it('writes "" for a missing website and null-free values for an event without cost', () => {
    const event = Object.assign(berlinEvent(), { website: null, cost: null, currencySymbol: '' });
    expect(presentEvent(event, relations(), urls)).toMatchObject({
      website: '',
      cost: '',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
    });
  });

  it('blanks the content of a locked password-protected event (reference §2.9) and gives no json_ld', () => {
    const view = presentEvent(berlinEvent(), relations(), urls, { blanked: true, single: true });
    // The blanked cost_details keep the original's own order for them (position before code).
    expect(Object.keys(view.cost_details)).toEqual(['currency_symbol', 'currency_position', 'currency_code', 'values']);
    expect(view).toMatchObject({
      id: 10,
      title: 'Peer Test Event',
      start_date: '2027-01-15 18:00:00',
      description: '',
      excerpt: '',
      image: false,
      all_day: null,
      cost: '',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
      website: '',
      show_map: null,
      show_map_link: null,
      hide_from_listings: null,
      sticky: null,
      featured: null,
      categories: [],
      tags: [],
      venue: [],
      organizer: [],
      custom_fields: [],
      ticketed: null,
    });
    expect(view).not.toHaveProperty('json_ld');
  });

  it('builds a schema.org Event with the event offset, location, organizer and offer', () => {
    const jsonLd = presentEvent(berlinEvent(), relations(), urls, { single: true }).json_ld;
    expect(jsonLd).toMatchObject({
      '@context': 'http://schema.org',
      '@type': 'Event',
      name: 'Peer Test Event',
      description: 'Short',
      url: 'http://site.test/event/peer-test-event/',
      startDate: '2027-01-15T18:00:00+01:00',
      endDate: '2027-01-15T21:00:00+01:00',
      location: { '@type': 'Place', name: 'Peer Hall', telephone: '555-1234' },
      organizer: { '@type': 'Person', name: 'Peer Org', email: 'org@example.com' },
      offers: { '@type': 'Offer', price: '10', category: 'primary', availability: 'inStock' },
      performer: 'Organization',
    });
  });

  it("writes json_ld dates as PHP's DATE_ATOM: an offset always, +00:00 in UTC (not Z)", () => {
    const utcEvent = Object.assign(berlinEvent(), {
      timezone: 'UTC',
      startUtc: stored('2027-01-15 18:00:00'),
      endUtc: stored('2027-01-15 21:00:00'),
    });
    const jsonLd = presentEvent(utcEvent, relations(), urls, { single: true }).json_ld as Record<string, unknown>;
    expect([jsonLd.startDate, jsonLd.endDate]).toEqual(['2027-01-15T18:00:00+00:00', '2027-01-15T21:00:00+00:00']);
    expect((jsonLd.offers as Record<string, unknown>).validFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
  });

  it('uses a linked venue’s own json_ld as the location when it has one', () => {
    const place = { '@context': 'http://schema.org', '@type': 'Place', name: 'Peer Hall', geo: { latitude: 1, longitude: 2 } };
    const jsonLd = presentEvent(berlinEvent(), relations({ venues: [{ ...hall, json_ld: place }] }), urls, { single: true }).json_ld;
    expect(jsonLd?.location).toEqual({ '@type': 'Place', name: 'Peer Hall', geo: { latitude: 1, longitude: 2 } });
  });
});

/**
 * Every string field of an event, its venue, organizer and image holding `hostile` as stored
 * before issue #12 (or written with SQL): the presenters alone must make the output safe.
 */
function hostileRows(hostile: string): { event: EventEntity; relations: EventRelations } {
  const url = `https://evil.test/${hostile}.png?q=${hostile}#${hostile}`;
  const linked = { description: `<p>${hostile}</p>`, excerpt: hostile, phone: hostile, website: url, imageId: null, password: null };
  const venue = Object.assign(new VenueEntity(), {
    ...linked,
    id: 8,
    authorId: 1,
    status: 'publish',
    slug: 'hall',
    name: hostile,
    address: hostile,
    city: hostile,
    country: hostile,
    province: hostile,
    state: hostile,
    zip: hostile,
    stateprovince: hostile,
    showMap: true,
    showMapLink: true,
    geoLat: 1,
    geoLng: 2,
    publishedAt: stored('2026-11-21 05:23:08'),
    publishedLocal: stored('2026-11-21 05:23:08'),
    modifiedAt: stored('2026-11-21 05:23:08'),
    modifiedLocal: stored('2026-11-21 05:23:08'),
  });
  const organizer = Object.assign(new OrganizerEntity(), { ...venue, id: 9, slug: 'org', email: `"${hostile}"@example.com` });
  const view = { urls, image: null, single: true, blanked: false };
  const image = Object.assign(new MediaEntity(), { id: 3, url, extension: 'png', width: null, height: null, sizes: null });
  const event = Object.assign(berlinEvent(), {
    title: hostile,
    description: `<p>${hostile}</p>`,
    excerpt: hostile,
    cost: `${hostile}10`,
    currencySymbol: hostile,
    currencyCode: hostile,
    website: url,
  });
  return {
    event,
    relations: relations({ venues: [presentVenue(venue, view)], organizers: [presentOrganizer(organizer, view)], image }),
  };
}

describe('safe output (issue #12)', () => {
  it.each(HOSTILE)('gives json_ld that cannot close the script element JSON.stringify puts it into (%j)', (hostile) => {
    const { event, relations: related } = hostileRows(hostile);
    const jsonLd = presentEvent(event, related, urls, { single: true }).json_ld;
    const embedded = embedInScript(jsonLd);
    expect(embedded.closesEarly).toBe(false);
    expect(embedded.hasCommentOpener).toBe(false);
    expect(embedded.json).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.parse(embedded.text)).toEqual(jsonLd);
    // The hostile values are all there (as entities and percent-escapes), not dropped.
    expect(jsonLd).toMatchObject({
      location: { address: { streetAddress: expect.any(String) }, telephone: expect.any(String) },
      organizer: { email: expect.any(String) },
      image: expect.stringMatching(/^https:\/\/evil\.test\//),
      offers: { price: expect.any(String) },
    });
  });

  it('escapes the angle brackets of plain text and percent-encodes URLs stored before the fix', () => {
    const { event, relations: related } = hostileRows('"><script>alert(1)</script>');
    const view = presentEvent(event, related, urls);
    expect(view).toMatchObject({
      title: '"&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      cost: '"&gt;&lt;script&gt;alert(1)&lt;/script&gt;1 – "&gt;&lt;script&gt;alert(1)&lt;/script&gt;10',
      cost_details: { currency_symbol: '"&gt;&lt;script&gt;alert(1)&lt;/script&gt;' },
      website:
        'https://evil.test/%22%3E%3Cscript%3Ealert(1)%3C/script%3E.png?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E#%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
      image: { url: expect.stringMatching(/^https:\/\/evil\.test\/%22%3E%3Cscript%3E/) },
      venue: { venue: '"&gt;&lt;script&gt;alert(1)&lt;/script&gt;', address: '"&gt;&lt;script&gt;alert(1)&lt;/script&gt;' },
    });
    // Outside the HTML fields (sanitised on write since the first release, not here), no value holds markup.
    const html = new Set(['description', 'excerpt']);
    const plain = JSON.stringify(presentEvent(event, related, urls, { single: true }), (key, value: unknown) =>
      html.has(key) ? undefined : value,
    );
    expect(plain).toContain('&lt;script&gt;');
    expect(plain).not.toMatch(/[<>]/);
  });
});

describe('dateDetails', () => {
  it('splits a date into zero-padded strings', () => {
    expect(dateDetails('2017-01-05 04:03:06')).toEqual({ year: '2017', month: '01', day: '05', hour: '04', minutes: '03', seconds: '06' });
  });
});
