import { DateTime } from 'luxon';
import { msg } from '../../common/i18n/message';
import { Arg, ParseContext } from '../../common/params/arg-spec';
import { ParseResult, fail, ok } from '../../common/parsing/parse-result';
import { parseDateInput } from '../../common/parsing/date-input';
import { isTruthyWord } from '../../common/parsing/boolean';
import { parseNumber, parsePositiveInteger } from '../../common/parsing/integer';
import { parseIntegerList, parseList } from '../../common/parsing/list';
import { parseString } from '../../common/parsing/string';
import { parseSearch } from '../../posts/search';
import { PostStatus, parseStatusFilter } from '../../posts/status';

export const DEFAULT_GEOLOC_RADIUS_KM = 25;

/** A list date bound: naive values and relative expressions read in SITE_TIMEZONE (CONTRACT §3). */
export function parseFilterDate(raw: unknown, context: ParseContext): ParseResult<DateTime> {
  const parsed = parseDateInput(raw, { zone: context.siteTimezone, now: DateTime.fromJSDate(context.now) });
  return parsed.ok ? ok(parsed.value.dateTime) : parsed;
}

/** Term ids or slugs, as given; existence is checked against the taxonomy by the service. */
function parseTermRefs(raw: unknown): ParseResult<string[]> {
  const list = parseList(raw);
  if (!list.ok) return list;
  return ok([...new Set(list.value.map((item) => item.toLowerCase()))]);
}

function parseCoordinate(limit: number) {
  return (raw: unknown) => parseNumber(raw, { min: -limit, max: limit });
}

function parseRadius(raw: unknown): ParseResult<number> {
  const value = parseNumber(raw);
  if (!value.ok) return value;
  return value.value > 0 && value.value <= 20_040 ? value : fail(msg('Must be a distance in kilometres greater than 0.'));
}

const date = (name: string, description: string) => Arg({ name, description, parse: parseFilterDate });

/** GET /events (specification §4.2), in the specification's order, then our extensions. */
export class ListEventsQuery {
  @Arg({ name: 'page', type: 'integer', default: 1, description: 'The archive page to return', parse: parsePositiveInteger })
  page?: number;

  @Arg({
    name: 'per_page',
    type: 'integer',
    default: '10',
    description: 'The number of events to return on each page',
    parse: parsePositiveInteger,
  })
  perPage?: number;

  @date('start_date', 'Events that start on the specified date')
  startDate?: DateTime;

  @date('end_date', 'Events that end on the specified date')
  endDate?: DateTime;

  @date('starts_before', 'Events that start before the specified date')
  startsBefore?: DateTime;

  @date('starts_after', 'Events that start after the specified date')
  startsAfter?: DateTime;

  @date('ends_before', 'Events that end before the specified date')
  endsBefore?: DateTime;

  @date('ends_after', 'Events that end after the specified date')
  endsAfter?: DateTime;

  @Arg({
    name: 'strict_dates',
    default: 'false',
    applyDefault: true,
    description: 'Whether the dates should be used exactly (true) or the entire days included (false)',
    parse: (raw) => ok(isTruthyWord(raw)),
  })
  strictDates!: boolean;

  @Arg({
    name: 'search',
    type: 'string',
    description: 'Events should contain the specified string in the title or description',
    parse: parseSearch,
  })
  search?: string;

  @Arg({
    name: 'categories',
    type: 'array',
    items: { type: 'integer' },
    description: 'Events should be assigned one of the specified categories slugs or IDs',
    parse: parseTermRefs,
  })
  categories?: string[];

  @Arg({
    name: 'tags',
    type: 'array',
    items: { type: 'integer' },
    description: 'Events should be assigned one of the specified tags slugs or IDs',
    parse: parseTermRefs,
  })
  tags?: string[];

  @Arg({
    name: 'venue',
    type: 'array',
    items: { type: 'integer' },
    description: 'Events should be assigned one of the specified venue IDs',
    parse: (raw) => parseIntegerList(raw),
  })
  venue?: number[];

  @Arg({
    name: 'organizer',
    type: 'array',
    items: { type: 'integer' },
    description: 'Events should be assigned one of the specified organizer IDs',
    parse: (raw) => parseIntegerList(raw),
  })
  organizer?: number[];

  @Arg({ name: 'featured', type: 'boolean', description: 'Events should be filtered by their featured status' })
  featured?: boolean;

  @Arg({ name: 'status', type: 'string', description: 'The event post status', parse: parseStatusFilter })
  status?: PostStatus[];

  @Arg({ name: 'geoloc', type: 'boolean', description: 'Events should be filtered by whether their venue has geolocation data' })
  geoloc?: boolean;

  @Arg({
    name: 'geoloc_lat',
    type: 'number',
    format: 'double',
    description: 'Events should be filtered by their venue latitude location, must also provide geoloc_lng',
    parse: parseCoordinate(90),
  })
  geolocLat?: number;

  @Arg({
    name: 'geoloc_lng',
    type: 'number',
    format: 'double',
    description: 'Events should be filtered by their venue longitude location, must also provide geoloc_lat',
    parse: parseCoordinate(180),
  })
  geolocLng?: number;

  @Arg({
    name: 'include',
    type: 'array',
    items: { type: 'integer' },
    description: 'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.',
    parse: (raw) => parseIntegerList(raw),
  })
  include?: number[];

  @Arg({
    name: 'post_parent',
    type: 'integer',
    description: 'Events should be filtered by their post_parent being the specified one.',
    parse: parsePositiveInteger,
  })
  postParent?: number;

  @Arg({ name: 'ticketed', type: 'boolean', description: 'Filter events with or without tickets' })
  ticketed?: boolean;

  @Arg({
    name: 'geoloc_radius',
    type: 'number',
    format: 'double',
    default: DEFAULT_GEOLOC_RADIUS_KM,
    description: 'The distance in kilometres from geoloc_lat and geoloc_lng within which the venue must lie',
    parse: parseRadius,
    extension: true,
  })
  geolocRadius?: number;

  @Arg({
    name: 'password',
    type: 'string',
    description: 'The password of password-protected events: the events it opens are listed with their content',
    parse: (raw) => parseString(raw, { nonEmpty: true, maxLength: 255 }),
    extension: true,
  })
  password?: string;
}
