/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * CPU time of presenting a page of events in process, without the database: 50 events, each with
 * two categories, a venue and an organizer, presented as the list does (presentVenue,
 * presentOrganizer, presentEmbeddedTerm, presentEvent). Compares two source trees of the same
 * shape, e.g. this one and an earlier commit unpacked elsewhere:
 *   node -r ts-node/register/transpile-only bench/present-timing.ts [srcDir] [rounds]
 * Reports the median CPU µs per page of 9 runs (process.cpuUsage, which a busy machine blurs less
 * than wall time).
 */
import { resolve } from 'node:path';

const src = resolve(process.argv[2] ?? `${__dirname}/../src`);
const rounds = Number(process.argv[3] ?? 2000);
const { EventEntity } = require(`${src}/events/event.entity`);
const { VenueEntity } = require(`${src}/venues/venue.entity`);
const { OrganizerEntity } = require(`${src}/organizers/organizer.entity`);
const { TermEntity } = require(`${src}/terms/term.entity`);
const { presentEvent } = require(`${src}/events/event.presenter`);
const { presentVenue } = require(`${src}/venues/venue.presenter`);
const { presentOrganizer } = require(`${src}/organizers/organizer.presenter`);
const { presentEmbeddedTerm } = require(`${src}/terms/term.presenter`);

const urls = {
  rest: (...segments: (string | number)[]) => ['http://site.test/calendar/events/v1', ...segments].join('/'),
  site: (...segments: string[]) => `http://site.test/${segments.join('/')}/`,
  globalId: (id: number) => `site.test?id=${id}`,
};
const at = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
const post = { status: 'publish', password: null, imageId: null, authorId: 1, description: '<p>About</p>', excerpt: '' };
const dates = { publishedAt: at('2026-11-21 05:23:08'), publishedLocal: at('2026-11-21 05:23:08') };
const modified = { modifiedAt: at('2026-11-21 05:23:09'), modifiedLocal: at('2026-11-21 05:23:09') };

const events = Array.from({ length: 50 }, (_, index) =>
  Object.assign(new EventEntity(), {
    ...post,
    ...dates,
    ...modified,
    id: 100 + index,
    slug: `event-${index}`,
    title: `Event ${index}`,
    startLocal: at('2027-01-15 18:00:00'),
    endLocal: at('2027-01-15 21:00:00'),
    startUtc: at('2027-01-15 17:00:00'),
    endUtc: at('2027-01-15 20:00:00'),
    timezone: 'Europe/Berlin',
    timezoneAbbr: 'CET',
    allDay: false,
    cost: '$10',
    currencySymbol: '$',
    currencyCode: 'USD',
    currencyPosition: 'prefix',
    website: 'https://example.com/e',
    showMap: true,
    showMapLink: true,
    hideFromListings: false,
    sticky: false,
    featured: false,
    ticketed: false,
    postParent: 0,
  }),
);
const venue = Object.assign(new VenueEntity(), {
  ...post,
  ...dates,
  ...modified,
  id: 8,
  slug: 'hall',
  name: 'Hall',
  nameKey: 'hall',
  address: '1 Main St',
  city: 'Springfield',
  country: 'United States',
  province: '',
  state: 'IL',
  zip: '62701',
  phone: '555-1234',
  website: 'https://hall.test/',
  stateprovince: 'IL',
  showMap: true,
  showMapLink: true,
  geoLat: 1.5,
  geoLng: 2.5,
});
const organizer = Object.assign(new OrganizerEntity(), {
  ...post,
  ...dates,
  ...modified,
  id: 9,
  slug: 'org',
  name: 'Org',
  nameKey: 'org',
  phone: '555',
  website: 'https://org.test/',
  email: 'org@example.com',
});
const terms = [1, 2].map((id) =>
  Object.assign(new TermEntity(), {
    id,
    taxonomy: 'tribe_events_cat',
    name: `Term ${id}`,
    nameKey: `term ${id}`,
    slug: `term-${id}`,
    description: '',
    parent: 0,
    count: 5,
  }),
);
// Both trees take the same four fields as the linked post's context (LinkedPostView before, LinkedPostContext now).
const context = { urls, image: null, single: false, blanked: false };

function page(): number {
  let keys = 0;
  for (const event of events) {
    const view = presentEvent(
      event,
      {
        categories: terms.map((term) => presentEmbeddedTerm(term, urls)),
        tags: [],
        venues: [presentVenue(venue, context)],
        organizers: [presentOrganizer(organizer, context)],
        image: null,
      },
      urls,
      {},
    );
    keys += Object.keys(view).length;
  }
  return keys;
}

const samples: number[] = [];
let sink = 0;
for (let run = 0; run < 10; run++) {
  const start = process.cpuUsage();
  for (let round = 0; round < rounds; round++) sink += page();
  const used = process.cpuUsage(start);
  // The first run warms the JIT up and is not counted.
  if (run > 0) samples.push((used.user + used.system) / rounds);
}
samples.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    src,
    rounds,
    medianCpuMicrosecondsPerPage: Math.round(samples[4]),
    min: Math.round(samples[0]),
    max: Math.round(samples[8]),
    sink,
  }),
);
