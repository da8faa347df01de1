import { DateTime } from 'luxon';
import { formatStoredDate } from '../posts/post-dates';
import { parseTimezone } from '../common/parsing/timezone';
import { safeText, safeUrl, scriptSafeJsonLd } from '../common/html/safe-output';
import { stripTags } from '../common/html/sanitize';
import { ImageObject, presentImage } from '../media/media.presenter';
import { MediaEntity } from '../media/media.entity';
import { ExactKeys } from '../common/presenting/wire-keys';
import { OrganizerView, organizerJsonLd } from '../organizers/organizer.presenter';
import { EmbeddedTermView } from '../terms/term.presenter';
import { VenueView, venueJsonLd } from '../venues/venue.presenter';
import { CostDetails, costDetails, costValues, formatCost } from './event-cost';
import { EventEntity } from './event.entity';

/** What the presenter needs to build URLs: the `Urls` service fits. */
export interface EventUrlBuilder {
  rest(...segments: (string | number)[]): string;
  site(...segments: string[]): string;
  globalId(id: number): string;
}

export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

/** The relations of one event, loaded in batches for a whole page. */
export interface EventRelations {
  readonly categories: readonly EmbeddedTermView[];
  readonly tags: readonly EmbeddedTermView[];
  readonly venues: readonly VenueView[];
  readonly organizers: readonly OrganizerView[];
  readonly image: MediaEntity | null;
  /** The lines of the event's series (issue #16); absent for events outside a series. */
  readonly recurrence?: readonly string[];
}

export interface PresentEventOptions {
  /** Single reads (GET by id or slug) add `json_ld`. */
  readonly single?: boolean;
  /** A password-protected event the caller has not unlocked: content fields blanked (reference §2.9). */
  readonly blanked?: boolean;
}

/**
 * The event object's keys in the reference's order (tec-events-api §3, observed-responses.md),
 * then ours: `recurrence` for events of a series (issue #16), `json_ld` on single reads.
 */
export const EVENT_KEYS = [
  'id',
  'global_id',
  'global_id_lineage',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'rest_url',
  'title',
  'description',
  'excerpt',
  'slug',
  'image',
  'all_day',
  'start_date',
  'start_date_details',
  'end_date',
  'end_date_details',
  'utc_start_date',
  'utc_start_date_details',
  'utc_end_date',
  'utc_end_date_details',
  'timezone',
  'timezone_abbr',
  'cost',
  'cost_details',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'categories',
  'tags',
  'venue',
  'organizer',
  'custom_fields',
  'ticketed',
  'post_parent',
  'recurrence',
  'json_ld',
] as const;

/** The event object (reference tec-events-api §3, CONTRACT §3). */
export interface EventView {
  id: number;
  global_id: string;
  global_id_lineage: string[];
  author: string;
  status: string;
  date: string;
  date_utc: string;
  modified: string;
  modified_utc: string;
  url: string;
  rest_url: string;
  title: string;
  description: string;
  excerpt: string;
  slug: string;
  image: ImageObject | false;
  all_day: boolean | null;
  start_date: string;
  start_date_details: DateDetails;
  end_date: string;
  end_date_details: DateDetails;
  utc_start_date: string;
  utc_start_date_details: DateDetails;
  utc_end_date: string;
  utc_end_date_details: DateDetails;
  timezone: string;
  timezone_abbr: string;
  cost: string;
  cost_details: CostDetails;
  website: string;
  show_map: boolean | null;
  show_map_link: boolean | null;
  hide_from_listings: boolean | null;
  sticky: boolean | null;
  featured: boolean | null;
  categories: EmbeddedTermView[];
  tags: EmbeddedTermView[];
  /** One venue is an object, several a list, none `[]` (reference §3). */
  venue: VenueView | VenueView[];
  organizer: OrganizerView[];
  custom_fields: [];
  ticketed: boolean | null;
  post_parent: number;
  recurrence?: string[];
  json_ld?: Record<string, unknown>;
}

const EVENT_KEYS_MATCH_VIEW: ExactKeys<EventView, typeof EVENT_KEYS> = true;
void EVENT_KEYS_MATCH_VIEW;

/**
 * `cost_details` of a locked password-protected event: the original writes these blanks from its
 * own list (PASSWORD_PROTECTED_FIELDS), position before code, unlike the filled object.
 */
function blankedCostDetails(): CostDetails {
  return { currency_symbol: '', currency_position: '', currency_code: '', values: [] };
}

export function dateDetails(value: string): DateDetails {
  return {
    year: value.slice(0, 4),
    month: value.slice(5, 7),
    day: value.slice(8, 10),
    hour: value.slice(11, 13),
    minutes: value.slice(14, 16),
    seconds: value.slice(17, 19),
  };
}

/**
 * The event object, keys in EVENT_KEYS' order: written as one literal (every key but the last two
 * is always there), which is cheaper per event than selecting through the constant; the unit spec
 * compares it with EVENT_KEYS.
 */
export function presentEvent(
  event: EventEntity,
  relations: EventRelations,
  urls: EventUrlBuilder,
  options: PresentEventOptions = {},
): EventView {
  const globalId = urls.globalId(event.id);
  const startDate = formatStoredDate(event.startLocal);
  const endDate = formatStoredDate(event.endLocal);
  const utcStartDate = formatStoredDate(event.startUtc);
  const utcEndDate = formatStoredDate(event.endUtc);
  const blanked = options.blanked === true;
  const url = urls.site('event', event.slug);

  const view: EventView = {
    id: event.id,
    global_id: globalId,
    global_id_lineage: [globalId],
    author: String(event.authorId),
    status: event.status,
    date: formatStoredDate(event.publishedLocal),
    date_utc: formatStoredDate(event.publishedAt),
    modified: formatStoredDate(event.modifiedLocal),
    modified_utc: formatStoredDate(event.modifiedAt),
    url,
    rest_url: urls.rest('events', event.id),
    title: safeText(event.title),
    description: blanked ? '' : event.description,
    excerpt: blanked ? '' : event.excerpt,
    slug: event.slug,
    image: !blanked && relations.image ? presentImage(relations.image) : false,
    all_day: blanked ? null : event.allDay,
    start_date: startDate,
    start_date_details: dateDetails(startDate),
    end_date: endDate,
    end_date_details: dateDetails(endDate),
    utc_start_date: utcStartDate,
    utc_start_date_details: dateDetails(utcStartDate),
    utc_end_date: utcEndDate,
    utc_end_date_details: dateDetails(utcEndDate),
    timezone: event.timezone,
    timezone_abbr: event.timezoneAbbr,
    cost: blanked ? '' : formatCost(event),
    cost_details: blanked ? blankedCostDetails() : costDetails(event),
    website: blanked ? '' : safeUrl(event.website ?? ''),
    show_map: blanked ? null : event.showMap,
    show_map_link: blanked ? null : event.showMapLink,
    hide_from_listings: blanked ? null : event.hideFromListings,
    sticky: blanked ? null : event.sticky,
    featured: blanked ? null : event.featured,
    categories: blanked ? [] : [...relations.categories],
    tags: blanked ? [] : [...relations.tags],
    venue: blanked || !relations.venues.length ? [] : relations.venues.length === 1 ? relations.venues[0] : [...relations.venues],
    organizer: blanked ? [] : [...relations.organizers],
    custom_fields: [],
    ticketed: blanked ? null : event.ticketed,
    post_parent: event.postParent,
  };
  if (relations.recurrence) view.recurrence = [...relations.recurrence];
  if (options.single && !blanked) view.json_ld = eventJsonLd(event, relations, url);
  return view;
}

/** PHP's DATE_ATOM (`c`), as the reference prints json_ld dates: an offset always, `+00:00` in UTC where ISO 8601 allows `Z`. */
const ATOM = "yyyy-MM-dd'T'HH:mm:ssZZ";

/**
 * schema.org Event (reference §3.5): what the reference prints on event pages, safe to put into a
 * `<script type="application/ld+json">` as any JSON serialiser writes it (scriptSafeJsonLd).
 */
export function eventJsonLd(event: EventEntity, relations: EventRelations, url: string): Record<string, unknown> {
  const zone = parseTimezone(event.timezone);
  // Made in the zone at once: a DateTime made in UTC, then moved (setZone), cost a third more on every single read.
  const inZone = (instant: Date) => DateTime.fromJSDate(instant, { zone: zone.ok ? zone.value.zone : 'UTC' }).toFormat(ATOM);
  const text = stripTags(event.excerpt || event.description).replace(/\s+/g, ' ');
  const [venue] = relations.venues;
  const [organizer] = relations.organizers;
  const values = event.cost ? costValues(event.cost) : [];

  return scriptSafeJsonLd({
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: event.title,
    description: text,
    ...(relations.image ? { image: safeUrl(relations.image.url) } : {}),
    url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: inZone(event.startUtc),
    endDate: inZone(event.endUtc),
    ...(venue && linkedJsonLd(venue, 'venue', venueJsonLd)),
    ...(organizer && linkedJsonLd(organizer, 'organizer', organizerJsonLd)),
    ...(event.cost
      ? {
          offers: {
            '@type': 'Offer',
            price: values[0] ?? '0',
            ...(event.currencyCode ? { priceCurrency: event.currencyCode } : {}),
            url,
            category: 'primary',
            availability: 'inStock',
            validFrom: DateTime.fromJSDate(event.publishedAt, { zone: 'UTC' }).toFormat(ATOM),
          },
        }
      : {}),
    performer: 'Organization',
  });
}

/**
 * `location` or `organizer`: the linked post's own schema.org object without its `@context`.
 * Single reads carry it as `json_ld`; otherwise its presenter builds it from the object. A
 * password-protected one the caller has not unlocked (its name blanked to `[]`) is left out.
 */
function linkedJsonLd<V extends VenueView | OrganizerView>(
  view: V,
  kind: 'venue' | 'organizer',
  build: (object: V) => Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (typeof (view as object as Record<string, unknown>)[kind] !== 'string') return undefined;
  const own = view.json_ld;
  const { '@context': _context, ...jsonLd } = own && typeof own === 'object' ? (own as Record<string, unknown>) : build(view);
  return { [kind === 'venue' ? 'location' : 'organizer']: jsonLd };
}
