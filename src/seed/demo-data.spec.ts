import { DateTime } from 'luxon';
import { sanitizeHtml, stripTags } from '../common/html/sanitize';
import { formatStoredDate } from '../posts/post-dates';
import { slugify } from '../posts/slug';
import { timezoneAbbreviation } from '../events/timezone-abbr';
import { CATEGORY, TAG } from '../terms/taxonomy';
import { DemoData, DemoDataPlan } from './demo-data';
import { zoneNamed } from '../common/parsing/timezone';

const PLAN: DemoDataPlan = {
  events: 3000,
  venues: 200,
  organizers: 100,
  categories: 100,
  tags: 150,
  media: 50,
  seed: 7,
  anchor: DateTime.fromISO('2026-03-01T00:00:00Z', { zone: 'UTC' }),
  siteTimezone: 'Europe/Berlin',
  authorId: 3,
  firstIds: { media: 1, terms: 1, venues: 1, organizers: 1, events: 1 },
};

function generate(plan: DemoDataPlan = PLAN) {
  const data = new DemoData(plan);
  const media = data.media();
  const terms = data.terms();
  const venues = data.venues();
  const organizers = data.organizers();
  const batch = data.nextBatch(plan.events);
  return { data, media, terms, venues, organizers, batch };
}

describe('DemoData', () => {
  const { data, terms, venues, organizers, batch } = generate();
  const { events } = batch;

  it('is the same for the same seed and anchor', () => {
    const again = generate();
    expect(again.batch.events.slice(0, 50)).toEqual(events.slice(0, 50));
    expect(again.venues).toEqual(venues);
  });

  it('makes as many rows as asked for, with consecutive ids from the first ones', () => {
    expect(events.map((e) => e.id)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
    expect(terms.filter((t) => t.taxonomy === CATEGORY.name)).toHaveLength(100);
    expect(terms.filter((t) => t.taxonomy === TAG.name)).toHaveLength(150);
    expect(new Set(terms.map((t) => t.id)).size).toBe(250);
    expect(venues).toHaveLength(200);
    expect(organizers).toHaveLength(100);
    expect(data.nextBatch(10).events).toHaveLength(0);
  });

  it('writes text the sanitisers of the services leave unchanged', () => {
    for (const event of events.slice(0, 500)) {
      expect(stripTags(event.title)).toBe(event.title);
      expect(sanitizeHtml(event.description)).toBe(event.description);
      expect(sanitizeHtml(event.excerpt)).toBe(event.excerpt);
    }
    for (const post of [...venues, ...organizers]) {
      expect(stripTags(post.name)).toBe(post.name);
      expect(sanitizeHtml(post.description)).toBe(post.description);
    }
    for (const term of terms) expect(stripTags(term.name)).toBe(term.name);
  });

  it('gives unique slugs made from the title, as uniqueSlug would', () => {
    for (const rows of [events, venues, organizers]) expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
    for (const event of events.slice(0, 200)) expect(event.slug).toMatch(new RegExp(`^${slugify(event.title)}(-\\d+)?$`));
    for (const taxonomy of [CATEGORY.name, TAG.name]) {
      const slugs = terms.filter((t) => t.taxonomy === taxonomy).map((t) => t.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
  });

  it('keeps category names unique under their parent and builds a tree', () => {
    const categories = terms.filter((t) => t.taxonomy === CATEGORY.name);
    const keys = categories.map((t) => `${t.parent}/${t.nameKey}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = new Set(categories.map((t) => t.id));
    expect(categories.every((t) => t.parent === 0 || ids.has(t.parent))).toBe(true);
    expect(categories.some((t) => t.parent !== 0 && categories.find((p) => p.id === t.parent)?.parent !== 0)).toBe(true);
  });

  it('stores UTC instants and wall clocks that agree in the event zone', () => {
    for (const event of events) {
      const start = DateTime.fromJSDate(event.startUtc, { zone: zoneNamed(event.timezone) });
      const end = DateTime.fromJSDate(event.endUtc, { zone: zoneNamed(event.timezone) });
      expect(formatStoredDate(event.startLocal)).toBe(start.toFormat('yyyy-MM-dd HH:mm:ss'));
      expect(formatStoredDate(event.endLocal)).toBe(end.toFormat('yyyy-MM-dd HH:mm:ss'));
      expect(end >= start).toBe(true);
      if (event.allDay) {
        expect(start.toFormat('HH:mm:ss')).toBe('00:00:00');
        expect(end.toFormat('HH:mm:ss')).toBe('23:59:59');
      }
    }
    for (const event of events.slice(0, 300)) expect(event.timezoneAbbr).toBe(timezoneAbbreviation(event.timezone, event.startUtc));
  });

  it('spreads events over the three years around the anchor', () => {
    const anchor = PLAN.anchor.toMillis();
    const starts = events.map((e) => e.startUtc.getTime());
    expect(Math.min(...starts)).toBeGreaterThan(anchor - 367 * 86_400_000);
    expect(Math.max(...starts)).toBeLessThan(anchor + 732 * 86_400_000);
    const upcoming = starts.filter((start) => start >= anchor).length / starts.length;
    expect(upcoming).toBeGreaterThan(0.6);
    expect(upcoming).toBeLessThan(0.73);
  });

  it('counts the published events of each term', () => {
    const published = new Set(events.filter((e) => e.status === 'publish').map((e) => e.id));
    const expected = new Map<number, number>();
    for (const link of batch.terms) if (published.has(link.eventId)) expected.set(link.termId, (expected.get(link.termId) ?? 0) + 1);
    expect(data.termCounts).toEqual(expected);
  });

  it('links only existing rows, each once, with positions in order', () => {
    const venueIds = new Set(venues.map((v) => v.id));
    const organizerIds = new Set(organizers.map((o) => o.id));
    const termIds = new Set(terms.map((t) => t.id));
    expect(batch.venues.every((l) => venueIds.has(l.venueId))).toBe(true);
    expect(batch.organizers.every((l) => organizerIds.has(l.organizerId))).toBe(true);
    expect(batch.terms.every((l) => termIds.has(l.termId))).toBe(true);
    const pairs = batch.terms.map((l) => `${l.eventId}/${l.termId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(
      batch.venues
        .filter((l) => l.position > 0)
        .every((l) => batch.venues.some((o) => o.eventId === l.eventId && o.position === l.position - 1)),
    ).toBe(true);
  });

  it('keeps venue and organizer names unique (the duplicate rule would merge them)', () => {
    for (const rows of [venues, organizers]) expect(new Set(rows.map((row) => row.nameKey)).size).toBe(rows.length);
  });

  it('starts from the given ids', () => {
    const shifted = generate({ ...PLAN, events: 20, firstIds: { media: 11, terms: 21, venues: 31, organizers: 41, events: 51 } });
    expect(shifted.batch.events[0].id).toBe(51);
    expect(shifted.terms[0].id).toBe(21);
    expect(Math.min(...shifted.batch.venues.map((l) => l.venueId))).toBeGreaterThanOrEqual(31);
    expect(Math.min(...shifted.batch.organizers.map((l) => l.organizerId))).toBeGreaterThanOrEqual(41);
  });
});
