import { Faker, base, en } from '@faker-js/faker';
import { DateTime } from 'luxon';
import { storedMoment } from '../posts/post-dates';
import { slugify as postSlugify } from '../posts/slug';
import { parseCostInput } from '../events/event-cost';
import { EventEntity, EventOrganizerEntity, EventTermEntity, EventVenueEntity } from '../events/event.entity';
import { timezoneAbbreviation } from '../events/timezone-abbr';
import { MediaEntity, mediaUrlHash } from '../media/media.entity';
import { OrganizerEntity } from '../organizers/organizer.entity';
import { numberedSlug, slugify as termSlugify } from '../common/slug';
import { CATEGORY, TAG } from '../terms/taxonomy';
import { TermEntity } from '../terms/term.entity';
import { VenueEntity } from '../venues/venue.entity';
import { stripTags } from '../common/html/sanitize';
import { wallClockDate } from '../common/parsing/wall-clock';
import { zoneNamed } from '../common/parsing/timezone';
import {
  CATEGORY_TREE,
  CITIES,
  COMMON_TAGS,
  City,
  EVENT_KINDS,
  SIZES,
  START_HOURS,
  SUBCATEGORY_SUFFIXES,
  TEXT_COSTS,
  TITLE_ADJECTIVES,
  VENUE_KINDS,
} from './vocabulary';

/** How much demo data to make, and from what. */
export interface DemoDataPlan {
  readonly events: number;
  readonly venues: number;
  readonly organizers: number;
  readonly categories: number;
  readonly tags: number;
  /** Images shared by events, venues and organizers. */
  readonly media: number;
  /** The same seed and anchor give the same data. */
  readonly seed: number;
  /** "Today" of the data: events run from a year before it to two years after it. */
  readonly anchor: DateTime;
  readonly siteTimezone: string;
  /** The user every row belongs to. */
  readonly authorId: number;
  /** The first id of each table (rows are written with their ids, so links need no read-back). */
  readonly firstIds: {
    readonly media: number;
    readonly terms: number;
    readonly venues: number;
    readonly organizers: number;
    readonly events: number;
  };
}

/** One batch of events with their link rows. */
export interface EventBatch {
  readonly events: EventEntity[];
  readonly terms: EventTermEntity[];
  readonly venues: EventVenueEntity[];
  readonly organizers: EventOrganizerEntity[];
}

interface VenueInfo {
  readonly id: number;
  readonly name: string;
  readonly city: City;
}

interface CategoryInfo {
  readonly id: number;
  /** The name as a title word, e.g. "Jazz". */
  readonly theme: string;
  /** The top-level ancestor, linked too on some events (as editors often tick both). */
  readonly rootId: number;
}

const DAY_MS = 86_400_000;
const SENTENCES = 8;
const PAST_DAYS = 365;
const FUTURE_DAYS = 730;

/**
 * Realistic demo data, deterministic for a seed and an anchor day, as the services would have
 * written it: plain-text titles and names and sanitised HTML (a unit spec checks the sanitisers
 * leave them unchanged), unique slugs made like the services make them (`-2`, `-3`), UTC instants
 * and wall clocks that agree in each event's zone, costs parsed by the events' own parser, and
 * `terms.count` = published events per term (`termCounts`).
 */
export class DemoData {
  private readonly faker: Faker;
  private readonly venueInfo: VenueInfo[] = [];
  private readonly categoryInfo: CategoryInfo[] = [];
  private tagIds: number[] = [];
  /** Per table: how many rows took each slug base so far. */
  private readonly postSlugs = new Map<string, Map<string, number>>();
  private readonly abbreviations = new Map<string, string>();
  /** Published events per term id, complete once every batch was taken. */
  readonly termCounts = new Map<number, number>();
  private nextEventId: number;
  private readonly anchorMs: number;

  constructor(private readonly plan: DemoDataPlan) {
    this.faker = new Faker({ locale: [en, base], seed: plan.seed });
    this.nextEventId = plan.firstIds.events;
    this.anchorMs = plan.anchor.toMillis();
  }

  media(): MediaEntity[] {
    const rows: MediaEntity[] = [];
    for (let i = 0; i < this.plan.media; i++) {
      const id = this.plan.firstIds.media + i;
      const extension = this.pick(['jpg', 'jpg', 'jpg', 'png', 'webp']);
      const day = DateTime.fromMillis(this.anchorMs - this.int(0, 3 * 365) * DAY_MS, { zone: 'UTC' });
      const name = `${this.faker.word.adjective()}-${this.faker.word.noun()}-${id}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
      const url = `https://images.example.com/uploads/${day.toFormat('yyyy/LL')}/${name}.${extension}`;
      const landscape = this.chance(0.75);
      const [width, height] = landscape ? [1920, 1280] : [1080, 1350];
      const mime = extension === 'jpg' ? 'image/jpeg' : `image/${extension}`;
      const sizes = Object.fromEntries(
        SIZES.map(([size, w, h]) => [
          size,
          {
            width: w,
            height: landscape ? h : Math.round((w * 1350) / 1080),
            'mime-type': mime,
            url: url.replace(`.${extension}`, `-${w}x${h}.${extension}`),
          },
        ]),
      );
      rows.push(
        Object.assign(new MediaEntity(), {
          id,
          url,
          urlHash: mediaUrlHash(url),
          extension,
          width,
          height,
          sizes: JSON.stringify(sizes),
          authorId: this.plan.authorId,
          createdAt: day.toJSDate(),
        }),
      );
    }
    return rows;
  }

  /** Categories (a tree up to three levels deep), then tags: one id sequence. */
  terms(): TermEntity[] {
    const rows: TermEntity[] = [];
    let id = this.plan.firstIds.terms;
    const slugs = { [CATEGORY.name]: new Set<string>(), [TAG.name]: new Set<string>() };
    const term = (taxonomy: typeof CATEGORY, rawName: string, description: string, parent: number): TermEntity => {
      const name = stripTags(rawName.normalize('NFC'));
      const row = Object.assign(new TermEntity(), {
        id: id++,
        taxonomy: taxonomy.name,
        name,
        nameKey: name.toLowerCase(),
        slug: freeTermSlug(slugs[taxonomy.name], termSlugify(name) || String(id - 1)),
        description,
        parent,
        count: 0,
      });
      rows.push(row);
      return row;
    };

    const wanted = this.plan.categories;
    const roots = CATEGORY_TREE.slice(0, wanted).map((root) => ({ root, row: term(CATEGORY, root.name, `<p>${root.description}</p>`, 0) }));
    for (const { row } of roots) this.categoryInfo.push({ id: row.id, theme: themeOf(row.name), rootId: row.id });
    const children: { row: TermEntity; rootId: number }[] = [];
    for (let level = 0; children.length + roots.length < wanted; level++) {
      const before = children.length;
      for (const { root, row } of roots) {
        const name = root.children[level];
        if (name === undefined || children.length + roots.length >= wanted) continue;
        children.push({
          row: term(CATEGORY, name, `<p>${name} events ${this.pick(['near you', 'this season', 'for everyone'])}.</p>`, row.id),
          rootId: row.id,
        });
      }
      if (children.length === before) break;
    }
    for (const { row, rootId } of children) this.categoryInfo.push({ id: row.id, theme: themeOf(row.name), rootId });
    // Third level, then numbered top-level ones, until there are as many as asked for.
    for (let s = 0; this.categoryInfo.length < wanted && s < SUBCATEGORY_SUFFIXES.length; s++) {
      for (const { row, rootId } of children) {
        if (this.categoryInfo.length >= wanted) break;
        const grandchild = term(CATEGORY, `${row.name} ${SUBCATEGORY_SUFFIXES[s]}`, '', row.id);
        this.categoryInfo.push({ id: grandchild.id, theme: themeOf(row.name), rootId });
      }
    }
    for (let n = 2; this.categoryInfo.length < wanted; n++) {
      const root = CATEGORY_TREE[(n - 2) % CATEGORY_TREE.length];
      const row = term(CATEGORY, `${root.name} ${n}`, '', 0);
      this.categoryInfo.push({ id: row.id, theme: themeOf(root.name), rootId: row.id });
    }

    const tagNames = new Set<string>();
    for (const name of COMMON_TAGS) if (tagNames.size < this.plan.tags) tagNames.add(name);
    for (let attempt = 0; tagNames.size < this.plan.tags && attempt < this.plan.tags * 20; attempt++) {
      const name = this.chance(0.5) ? this.faker.word.noun() : `${this.faker.word.adjective()} ${this.faker.word.noun()}`;
      if (/^[a-z]+( [a-z]+)?$/.test(name)) tagNames.add(name);
    }
    for (let n = 1; tagNames.size < this.plan.tags; n++) tagNames.add(`topic ${n}`);
    this.tagIds = [...tagNames].map((name) => term(TAG, name, '', 0).id);
    return rows;
  }

  venues(): VenueEntity[] {
    const rows: VenueEntity[] = [];
    const names = new Set<string>();
    for (let i = 0; i < this.plan.venues; i++) {
      const id = this.plan.firstIds.venues + i;
      const city = this.weightedCity();
      const kind = this.pick(VENUE_KINDS);
      const name = this.uniqueName(names, () => {
        switch (this.int(0, 3)) {
          case 0:
            return `The ${capitalise(this.faker.word.adjective())} ${kind}`;
          case 1:
            return `${city.city} ${kind}`;
          case 2:
            return `${this.faker.person.lastName()} ${kind}`;
          default:
            return `${capitalise(this.faker.word.noun())} ${kind}`;
        }
      });
      const us = city.country === 'United States';
      const venue = Object.assign(new VenueEntity(), {
        ...this.postHead(id, name, 'venue', [0.02, 0.01]),
        address: this.faker.location.streetAddress(),
        city: city.city,
        country: city.country,
        province: us ? '' : city.region,
        state: us ? city.region : '',
        zip: this.faker.helpers.replaceSymbols(city.zip),
        stateprovince: city.region,
        showMap: this.chance(0.8),
        showMapLink: this.chance(0.8),
        geoLat: null as number | null,
        geoLng: null as number | null,
      });
      if (this.chance(0.9)) {
        venue.geoLat = round6(city.lat + this.faker.number.float({ min: -0.05, max: 0.05 }));
        venue.geoLng = round6(city.lng + this.faker.number.float({ min: -0.05, max: 0.05 }));
      }
      venue.phone = this.phone(city);
      rows.push(venue);
      this.venueInfo.push({ id, name, city });
    }
    return rows;
  }

  organizers(): OrganizerEntity[] {
    const rows: OrganizerEntity[] = [];
    const names = new Set<string>();
    for (let i = 0; i < this.plan.organizers; i++) {
      const id = this.plan.firstIds.organizers + i;
      const person = this.chance(0.4);
      const name = this.uniqueName(names, () => (person ? this.faker.person.fullName() : this.faker.company.name()));
      const local = postSlugify(name).replace(/-/g, '.') || `organizer${id}`;
      rows.push(
        Object.assign(new OrganizerEntity(), {
          ...this.postHead(id, name, 'organizer', [0.02, 0.01]),
          phone: this.chance(0.7) ? this.phone(this.weightedCity()) : '',
          email: this.chance(0.8) ? `${local}@example.org` : '',
        }),
      );
    }
    return rows;
  }

  /** The next `size` events (fewer at the end), with their categories, tags, venues and organizers. */
  nextBatch(size: number): EventBatch {
    const batch: EventBatch = { events: [], terms: [], venues: [], organizers: [] };
    const last = this.plan.firstIds.events + this.plan.events;
    for (; batch.events.length < size && this.nextEventId < last; this.nextEventId++) this.event(this.nextEventId, batch);
    return batch;
  }

  private event(id: number, batch: EventBatch): void {
    const venueCount = this.chance(0.03) ? 0 : this.chance(0.02) ? 2 : 1;
    const venues = this.distinct(venueCount, () => this.venueInfo[this.skewed(this.venueInfo.length, 2)]);
    const city = venues[0]?.city ?? this.weightedCity();
    const zoneName = this.chance(0.02) ? 'UTC' : city.zone;

    const category = this.categoryInfo[this.skewed(this.categoryInfo.length, 1.8)];
    const categoryIds = new Set([category.id]);
    if (this.chance(0.4)) categoryIds.add(category.rootId);
    if (this.chance(0.25)) categoryIds.add(this.categoryInfo[this.skewed(this.categoryInfo.length, 1.8)].id);
    const tagIds = this.distinct(this.skewed(5, 1.5), () => this.tagIds[this.skewed(this.tagIds.length, 2.5)]);
    const organizerCount = this.chance(0.15) ? 0 : this.chance(0.18) ? 2 : 1;
    const organizerIds = this.distinct(organizerCount, () => this.plan.firstIds.organizers + this.skewed(this.plan.organizers, 2));

    const kind = this.pick(EVENT_KINDS);
    const adjective = this.pick(TITLE_ADJECTIVES);
    const title =
      venues.length && this.chance(0.3)
        ? `${adjective} ${category.theme} ${kind} at ${venues[0].name}`
        : `${adjective} ${category.theme} ${kind}`;

    // Dates: a day in the three years around the anchor, a usual start hour, a few hours long;
    // some all-day, some over several days. Times that do not exist (DST gaps) move forward.
    const day = DateTime.fromMillis(this.anchorMs + (this.int(0, PAST_DAYS + FUTURE_DAYS - 1) - PAST_DAYS) * DAY_MS, { zone: 'UTC' });
    const [hour, minute] = this.pick(START_HOURS);
    const allDay = this.chance(0.07);
    const days = this.chance(0.06) ? this.int(1, 4) : 0;
    let start = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone: zoneNamed(zoneName) });
    let end = days
      ? start.plus({ days }).set({ hour: this.int(17, 23), minute: 0 })
      : start.plus({ minutes: this.pick([60, 90, 120, 120, 150, 180, 240]) });
    if (allDay) {
      start = start.startOf('day');
      end = end.endOf('day').startOf('second');
    }

    const status = this.status([0.93, 0.025, 0.015, 0.01, 0.005]);
    const startUtc = start.toJSDate();
    const published = this.publication(startUtc.getTime(), status === 'future');
    const modified = published + this.int(0, 20) * DAY_MS;
    const publishedMoment = storedMoment(new Date(published), this.plan.siteTimezone);
    const modifiedMoment = storedMoment(
      new Date(status === 'future' ? modified : Math.min(modified, this.anchorMs)),
      this.plan.siteTimezone,
    );
    const cost = this.cost(city);

    batch.events.push(
      Object.assign(new EventEntity(), {
        id,
        authorId: this.plan.authorId,
        status,
        slug: this.postSlug(title, 'event'),
        title,
        description: this.eventDescription(title, venues[0]?.name, `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`),
        excerpt: this.chance(0.5) ? `${this.sentence()}` : '',
        password: this.chance(0.003) ? this.faker.string.alphanumeric(10) : null,
        startLocal: wallClockDate(start),
        endLocal: wallClockDate(end),
        startUtc,
        endUtc: end.toJSDate(),
        timezone: zoneName,
        timezoneAbbr: this.abbreviation(zoneName, start),
        allDay,
        cost: cost?.cost ?? null,
        currencySymbol: cost?.currencySymbol ?? '',
        currencyCode: '',
        currencyPosition: cost?.currencyPosition ?? 'prefix',
        website: this.chance(0.4) ? `https://${this.faker.internet.domainWord()}.example.com/events/${id}` : null,
        showMap: venues.length > 0 && this.chance(0.6),
        showMapLink: venues.length > 0 && this.chance(0.6),
        hideFromListings: this.chance(0.01),
        sticky: this.chance(0.01),
        featured: this.chance(0.05),
        ticketed: this.chance(0.25),
        postParent: id > this.plan.firstIds.events && this.chance(0.01) ? this.int(this.plan.firstIds.events, id - 1) : 0,
        imageId: this.plan.media && this.chance(0.3) ? this.plan.firstIds.media + this.int(0, this.plan.media - 1) : null,
        publishedAt: publishedMoment.utc,
        publishedLocal: publishedMoment.local,
        modifiedAt: modifiedMoment.utc,
        modifiedLocal: modifiedMoment.local,
      }),
    );
    const termIds = [...categoryIds, ...tagIds];
    for (const termId of termIds) {
      batch.terms.push(Object.assign(new EventTermEntity(), { eventId: id, termId }));
      if (status === 'publish') this.termCounts.set(termId, (this.termCounts.get(termId) ?? 0) + 1);
    }
    venues.forEach((venue, position) =>
      batch.venues.push(Object.assign(new EventVenueEntity(), { eventId: id, venueId: venue.id, position })),
    );
    organizerIds.forEach((organizerId, position) =>
      batch.organizers.push(Object.assign(new EventOrganizerEntity(), { eventId: id, organizerId, position })),
    );
  }

  /** What venues and organizers share: status, slug, name, description, website, image, dates. */
  private postHead(id: number, name: string, fallback: string, [draft, trash]: [number, number]) {
    const roll = this.faker.number.float();
    const published = this.anchorMs - this.int(30, 1500) * DAY_MS - this.int(0, DAY_MS / 1000 - 1) * 1000;
    const modified = Math.min(published + this.int(0, 400) * DAY_MS, this.anchorMs - this.int(0, 86_399) * 1000);
    const publishedMoment = storedMoment(new Date(published), this.plan.siteTimezone);
    const modifiedMoment = storedMoment(new Date(modified), this.plan.siteTimezone);
    return {
      id,
      authorId: this.plan.authorId,
      status: roll < trash ? ('trash' as const) : roll < trash + draft ? ('draft' as const) : ('publish' as const),
      slug: this.postSlug(name, fallback),
      name,
      nameKey: name.toLowerCase(),
      description: `<p>${this.sentence()} ${this.sentence()}</p>`,
      excerpt: '',
      phone: '',
      website: this.chance(0.6) ? `https://${postSlugify(name) || fallback}.example.com/` : '',
      imageId: this.plan.media && this.chance(0.2) ? this.plan.firstIds.media + this.int(0, this.plan.media - 1) : null,
      password: null,
      publishedAt: publishedMoment.utc,
      publishedLocal: publishedMoment.local,
      modifiedAt: modifiedMoment.utc,
      modifiedLocal: modifiedMoment.local,
    };
  }

  private eventDescription(title: string, venue: string | undefined, time: string): string {
    const paragraphs = [
      `<p>${venue ? `Join us at ${venue} for the ${title.toLowerCase()}.` : `Join us for the ${title.toLowerCase()}.`} ${this.sentence()} ${this.sentence()}</p>`,
    ];
    const more = this.int(0, 2);
    for (let i = 0; i < more; i++) paragraphs.push(`<p>${this.sentence()} ${this.sentence()} ${this.sentence()}</p>`);
    if (this.chance(0.5)) paragraphs.push(`<p><strong>Doors open at ${time}.</strong> ${this.sentence()}</p>`);
    if (this.chance(0.3)) paragraphs.push(`<ul><li>${this.sentence()}</li><li>${this.sentence()}</li></ul>`);
    if (this.chance(0.3))
      paragraphs.push(`<p>More at <a href="https://tickets.example.com/${this.faker.string.alphanumeric(8)}">the ticket office</a>.</p>`);
    return paragraphs.join('\n');
  }

  /** An English sentence of real words (no "&" or "<", so the sanitisers keep it as is). */
  private sentence(): string {
    const adjective = () => this.faker.word.adjective();
    const noun = () => this.faker.word.noun();
    const template = this.int(0, SENTENCES - 1);
    switch (template) {
      case 0:
        return `Expect ${adjective()} ${noun()}s, ${adjective()} ${noun()}s and plenty of ${noun()}.`;
      case 1:
        return `Our ${adjective()} ${noun()} will ${this.faker.word.verb()} the ${noun()} with ${adjective()} ${noun()}s.`;
      case 2:
        return `Tickets include a ${adjective()} ${noun()} and a ${noun()} for the ${noun()}.`;
      case 3:
        return `Perfect for anyone who loves ${noun()}s, ${noun()}s or ${adjective()} ${noun()}s.`;
      case 4:
        return `${capitalise(adjective())} ${noun()}s ${this.faker.word.verb()} ${this.faker.word.adverb()} in the ${adjective()} ${noun()}.`;
      case 5:
        return `Bring a ${noun()} and a ${adjective()} ${noun()}; we provide the ${noun()}.`;
      case 6:
        return `This season's programme is ${adjective()} and ${adjective()}, with a ${noun()} you will not forget.`;
      default:
        return `Local ${noun()}s and ${adjective()} guests ${this.faker.word.verb()} the ${noun()} together.`;
    }
  }

  private cost(city: City): { cost: string; currencySymbol: string; currencyPosition: 'prefix' | 'postfix' } | null {
    const roll = this.faker.number.float();
    const price = () => String(this.pick([5, 8, 10, 12, 15, 18, 20, 25, 30, 35, 40, 45, 50, 60, 75, 90, 120]));
    const money = (amount: string) =>
      city.currency.position === 'prefix' ? `${city.currency.symbol}${amount}` : `${amount} ${city.currency.symbol}`;
    let raw: string | string[] | null;
    if (roll < 0.3) raw = null;
    else if (roll < 0.45) raw = '0';
    else if (roll < 0.8) raw = money(price());
    else if (roll < 0.95) {
      const low = price();
      raw = [money(low), money(String(Number(low) + 20))];
    } else raw = this.pick(TEXT_COSTS);
    const parsed = parseCostInput(raw);
    if (!parsed.ok) throw new Error(`demo cost ${JSON.stringify(raw)} does not parse`);
    return parsed.value;
  }

  private publication(startMs: number, future: boolean): number {
    if (future) return this.anchorMs + this.int(1, 30) * DAY_MS + this.int(0, 86_399) * 1000;
    const beforeStart = startMs - this.int(7, 120) * DAY_MS - this.int(0, 86_399) * 1000;
    return Math.min(beforeStart, this.anchorMs - this.int(0, 86_399) * 1000);
  }

  /** uniqueSlug's result when rows are written in this order: the base, then `-2`, `-3`... */
  private postSlug(text: string, fallback: string): string {
    const base = postSlugify(text) || fallback;
    const table = this.postSlugs.get(fallback) ?? new Map<string, number>();
    this.postSlugs.set(fallback, table);
    const n = (table.get(base) ?? 0) + 1;
    table.set(base, n);
    return numberedSlug(base, n);
  }

  private abbreviation(zone: string, start: DateTime): string {
    const key = `${zone} ${start.offset}`;
    let abbr = this.abbreviations.get(key);
    if (abbr === undefined) {
      abbr = timezoneAbbreviation(zone, start.toJSDate());
      this.abbreviations.set(key, abbr);
    }
    return abbr;
  }

  private phone(city: City): string {
    return city.country === 'United States' || city.country === 'Canada'
      ? this.faker.helpers.replaceSymbols(`(${city.phone}) 555-####`)
      : this.faker.helpers.replaceSymbols(`${city.phone} ### ####`);
  }

  private uniqueName(names: Set<string>, make: () => string): string {
    for (let attempt = 0; attempt < 20; attempt++) {
      const name = stripTags(make().normalize('NFC'));
      if (name && !names.has(name.toLowerCase())) {
        names.add(name.toLowerCase());
        return name;
      }
    }
    const name = `${stripTags(make().normalize('NFC'))} ${names.size + 1}`;
    names.add(name.toLowerCase());
    return name;
  }

  private status(weights: [number, number, number, number, number]): string {
    const roll = this.faker.number.float();
    const statuses = ['publish', 'draft', 'pending', 'private', 'future'];
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += weights[i];
      if (roll < sum) return statuses[i];
    }
    return 'trash';
  }

  private weightedCity(): City {
    // The first (US and European) cities are the busiest.
    return CITIES[this.skewed(CITIES.length, 1.5)];
  }

  /** 0..n-1, low values more likely (power > 1): popular venues, categories and tags. */
  private skewed(n: number, power: number): number {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.faker.number.float(), power)));
  }

  private distinct<T>(count: number, make: () => T): T[] {
    const values = new Set<T>();
    for (let attempt = 0; values.size < count && attempt < count * 5; attempt++) values.add(make());
    return [...values];
  }

  private int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  private chance(probability: number): boolean {
    return this.faker.number.float() < probability;
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.faker.number.int(items.length - 1)];
  }
}

function freeTermSlug(taken: Set<string>, base: string): string {
  for (let n = 1; ; n++) {
    const slug = numberedSlug(base, n);
    if (!taken.has(slug)) {
      taken.add(slug);
      return slug;
    }
  }
}

/** "Arts &amp; Theatre" gives "Arts" ... a title word: the name up to an entity or "for". */
function themeOf(name: string): string {
  return name.replace(/ &amp; .*$| for .*$/, '');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
