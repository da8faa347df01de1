import { DateTime } from 'luxon';
import { msg } from '../../common/i18n/message';
import {
  ValidateBoolean,
  ValidateInteger,
  ValidateList,
  ValidateNumber,
  ValidateText,
  ValidateSiteDate,
  ValidateTruthyWord,
} from '../../common/params/validate';
import { ParseResult, fail, ok } from '../../common/parsing/parse-result';
import { parseNumber, parsePaging, parsePositiveInteger } from '../../common/parsing/integer';
import { parseIntegerList, parseList } from '../../common/parsing/list';
import { parseString } from '../../common/parsing/string';
import { defaultBound } from '../../listing/date-window';
import { parseSearch } from '../../posts/search';
import { PostStatus, parseStatusFilter } from '../../posts/status';

export const DEFAULT_GEOLOC_RADIUS_KM = 25;
const MAX_RADIUS_KM = 20_040;

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
  // Half the Earth's circumference: every point is within it.
  return value.value > 0 && value.value <= MAX_RADIUS_KM
    ? value
    : fail(msg('Must be a distance in kilometres greater than 0 and at most %s.', MAX_RADIUS_KM));
}

const date = (name: string, description: string) => ValidateSiteDate({ name, description });

/** `start_date`/`end_date`: the specification's "a date-time at request time" and "about two years after". */
const windowBound = (name: 'start_date' | 'end_date', description: string) =>
  ValidateSiteDate({
    name,
    description,
    requestDefault: (context) => defaultBound(name, DateTime.fromJSDate(context.now), context.siteTimezone),
  });

/** GET /events (specification §4.2), in the specification's order, then our extensions. */
export class ListEventsQuery {
  @ValidateInteger({ name: 'page', default: 1, description: 'The archive page to return', parse: parsePaging })
  page?: number;

  @ValidateInteger({
    name: 'per_page',
    default: '10',
    description: 'The number of events to return on each page',
    parse: parsePaging,
  })
  perPage?: number;

  @windowBound('start_date', 'Events that start on the specified date')
  startDate?: DateTime;

  @windowBound('end_date', 'Events that end on the specified date')
  endDate?: DateTime;

  @date('starts_before', 'Events that start before the specified date')
  startsBefore?: DateTime;

  @date('starts_after', 'Events that start after the specified date')
  startsAfter?: DateTime;

  @date('ends_before', 'Events that end before the specified date')
  endsBefore?: DateTime;

  @date('ends_after', 'Events that end after the specified date')
  endsAfter?: DateTime;

  @ValidateTruthyWord({
    name: 'strict_dates',
    default: 'false',
    applyDefault: true,
    description: 'Whether the dates should be used exactly (true) or the entire days included (false)',
  })
  strictDates!: boolean;

  @ValidateText({
    name: 'search',
    description: 'Events should contain the specified string in the title or description',
    parse: parseSearch,
  })
  search?: string;

  @ValidateList({
    name: 'categories',
    description: 'Events should be assigned one of the specified categories slugs or IDs',
    parse: parseTermRefs,
    items: 'integer',
  })
  categories?: string[];

  @ValidateList({
    name: 'tags',
    description: 'Events should be assigned one of the specified tags slugs or IDs',
    parse: parseTermRefs,
    items: 'integer',
  })
  tags?: string[];

  @ValidateList({
    name: 'venue',
    description: 'Events should be assigned one of the specified venue IDs',
    parse: (raw) => parseIntegerList(raw),
    items: 'integer',
  })
  venue?: number[];

  @ValidateList({
    name: 'organizer',
    description: 'Events should be assigned one of the specified organizer IDs',
    parse: (raw) => parseIntegerList(raw),
    items: 'integer',
  })
  organizer?: number[];

  @ValidateBoolean({ name: 'featured', description: 'Events should be filtered by their featured status' })
  featured?: boolean;

  @ValidateText({ name: 'status', description: 'The event post status', parse: parseStatusFilter })
  status?: PostStatus[];

  @ValidateBoolean({ name: 'geoloc', description: 'Events should be filtered by whether their venue has geolocation data' })
  geoloc?: boolean;

  @ValidateNumber({
    name: 'geoloc_lat',
    format: 'double',
    description: 'Events should be filtered by their venue latitude location, must also provide geoloc_lng',
    parse: parseCoordinate(90),
  })
  geolocLat?: number;

  @ValidateNumber({
    name: 'geoloc_lng',
    format: 'double',
    description: 'Events should be filtered by their venue longitude location, must also provide geoloc_lat',
    parse: parseCoordinate(180),
  })
  geolocLng?: number;

  @ValidateList({
    name: 'include',
    description: 'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.',
    parse: (raw) => parseIntegerList(raw),
    items: 'integer',
  })
  include?: number[];

  @ValidateInteger({
    name: 'post_parent',
    description: 'Events should be filtered by their post_parent being the specified one.',
    parse: parsePositiveInteger,
  })
  postParent?: number;

  @ValidateBoolean({ name: 'ticketed', description: 'Filter events with or without tickets' })
  ticketed?: boolean;

  @ValidateNumber({
    name: 'geoloc_radius',
    format: 'double',
    default: DEFAULT_GEOLOC_RADIUS_KM,
    description: 'The distance in kilometres from geoloc_lat and geoloc_lng within which the venue must lie',
    parse: parseRadius,
    extension: true,
  })
  geolocRadius?: number;

  @ValidateText({
    name: 'password',
    description: 'The password of password-protected events: the events it opens are listed with their content',
    parse: (raw) => parseString(raw, { nonEmpty: true, maxLength: 255 }),
    extension: true,
  })
  password?: string;
}
