import { DateTime } from 'luxon';
import { fitsSanitising, parseHtml, storedTextTooLong } from '../../common/html/html-input';
import { stripTags } from '../../common/html/sanitize';
import { msg } from '../../common/i18n/message';
import { ParseContext } from '../../common/params/arg-spec';
import { ValidateBoolean, ValidateInteger, ValidateList, ValidateText, ValidateUntyped } from '../../common/params/validate';
import { ParseResult, fail, ok } from '../../common/parsing/parse-result';
import { ParsedDate, parseDateInput } from '../../common/parsing/date-input';
import { parseInteger, parsePositiveInteger } from '../../common/parsing/integer';
import { DEFAULT_MAX_LIST_ITEMS, isKeyedList } from '../../common/parsing/list';
import { parseString, withoutControls } from '../../common/parsing/string';
import { ParsedTimezone, parseTimezone } from '../../common/parsing/timezone';
import { parseHttpUrl } from '../../common/parsing/url';
import { parseLocalPublicationDate, parseUtcPublicationDate } from '../../posts/post-dates';
import { parseSlug } from '../../posts/slug';
import { PostStatus, parseWritableStatus } from '../../posts/status';
import { ImageInput, parseImageInput } from '../../media/media.service';
import { StoredCost, parseCostInput } from '../event-cost';
import { ParsedRecurrence } from '../recurrence/recurrence-lines';
import { recurrenceArg } from '../recurrence/recurrence-params';

export const MAX_TITLE_LENGTH = 1000;
export const MAX_PASSWORD_LENGTH = 255;

/** A venue or organizer given on an event write: an existing id, or the fields of a new one. */
export type LinkedInput = { readonly kind: 'id'; readonly id: number } | { readonly kind: 'data'; readonly data: Record<string, unknown> };

/**
 * An event date, checked here (read in the site zone) and read again by the service in the
 * event's zone, which only the whole body tells.
 */
export interface EventDateInput {
  readonly raw: string | number;
}

function parseEventDate(raw: unknown, context: ParseContext): ParseResult<EventDateInput> {
  const parsed = parseDateInput(raw, { zone: context.siteTimezone, now: DateTime.fromJSDate(context.now) });
  if (!parsed.ok) return parsed;
  return ok({ raw: raw as string | number });
}

function parseTitle(raw: unknown): ParseResult<string> {
  const text = parseString(raw, { trim: true, nonEmpty: true });
  if (!text.ok) return text;
  if (!fitsSanitising(text.value)) return fail(msg('Must be at most %s characters long.', MAX_TITLE_LENGTH));
  const title = stripTags(withoutControls(text.value).normalize('NFC'));
  if (!title) return fail(msg('Must contain text, not only HTML tags.'));
  const tooLong = storedTextTooLong(title, MAX_TITLE_LENGTH);
  return tooLong ? fail(tooLong) : ok(title);
}

/** What the original takes for "none": PHP's empty values, and `{}`, which PHP decodes as an empty array. */
function isEmptyValue(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (value !== null && typeof value === 'object')
    return Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).length === 0;
  return value === null || value === '' || value === 0 || value === '0';
}

/**
 * A term given as an object, by its id: `{id, ...}` as events show their terms, or `{id}` alone.
 * A digit-string id counts only beside a term's `taxonomy`: a form's keyed list may have a key
 * `id` (`categories[id]=12&categories[x]=rock`), and that is a list.
 */
function termObjectId(item: unknown): number | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const id = (item as { id?: unknown }).id;
  if (typeof id === 'number') return id;
  return typeof id === 'string' && /^\d+$/.test(id.trim()) && 'taxonomy' in item ? Number(id) : undefined;
}

/**
 * Categories or tags: ids, slugs or names; `[]`, `{}`, `0`, `""` mean none. A term object (as
 * events show them: clients send back whole objects) is its id; any other object is a keyed list
 * (`categories[x]=jazz` in a form), its values, as PHP reads it an array.
 */
function parseTermInputs(raw: unknown): ParseResult<string[]> {
  if (isEmptyValue(raw)) return ok([]);
  const items: unknown[] = Array.isArray(raw)
    ? (raw as unknown[])
    : typeof raw === 'string'
      ? raw.split(',')
      : isKeyedList(raw) && termObjectId(raw) === undefined
        ? Object.values(raw)
        : [raw];
  const values: string[] = [];
  for (let item of items) {
    item = termObjectId(item) ?? item;
    if (typeof item === 'number' && Number.isInteger(item) && item > 0) {
      // 1e308 is an integer to JavaScript, and would become a term named "1e+308".
      if (!Number.isSafeInteger(item)) return fail(msg('"%s" must be at most %s.', item, Number.MAX_SAFE_INTEGER));
      values.push(String(item));
    } else if (typeof item === 'string') {
      const text = item.trim();
      if (text) values.push(withoutControls(text).normalize('NFC'));
    } else if (!isEmptyValue(item)) return fail(msg('Each item must be a term id, slug or name.'));
  }
  if (values.length > DEFAULT_MAX_LIST_ITEMS) return fail(msg('Must not have more than %s items.', DEFAULT_MAX_LIST_ITEMS));
  return ok([...new Set(values)]);
}

/**
 * Venues or organizers (CONTRACT §3): an id, a comma list of ids, an `{id}` object, an object of
 * fields, or a list of these; `[]`, `{}`, `0`, `""` (and lists of them) mean none.
 */
export function parseLinkedInputs(raw: unknown): ParseResult<LinkedInput[]> {
  if (isEmptyValue(raw)) return ok([]);
  const items = Array.isArray(raw) ? (raw as unknown[]) : typeof raw === 'string' ? raw.split(',') : [raw];
  const values: LinkedInput[] = [];
  for (const item of items) {
    if (isEmptyValue(item)) continue;
    if (typeof item === 'number' || typeof item === 'string') {
      const id = parseInteger(item, { min: 1 });
      if (!id.ok) return fail(msg('"%s" is not an id; send ids, {"id": N} objects or objects of fields.', String(item)));
      values.push({ kind: 'id', id: id.value });
    } else if (typeof item === 'object' && !Array.isArray(item)) {
      const object = item as Record<string, unknown>;
      if (object.id !== undefined && object.id !== null && object.id !== '') {
        const id = parseInteger(object.id, { min: 1 });
        if (!id.ok) return fail(msg('"id" must be a positive integer.'));
        values.push({ kind: 'id', id: id.value });
      } else {
        values.push({ kind: 'data', data: object });
      }
    } else {
      return fail(msg('Send ids, {"id": N} objects or objects of fields.'));
    }
  }
  if (values.length > DEFAULT_MAX_LIST_ITEMS) return fail(msg('Must not have more than %s items.', DEFAULT_MAX_LIST_ITEMS));
  return ok(values);
}

/** `timezone`: the reference's rule is "empty, a PHP timezone identifier, or a UTC offset"; empty is the site's zone. */
function parseEventTimezone(raw: unknown): ParseResult<ParsedTimezone | null> {
  if (typeof raw === 'string' && raw.trim() === '') return ok(null);
  return parseTimezone(raw);
}

function parsePassword(raw: unknown): ParseResult<string | null> {
  const text = parseString(raw, { maxLength: MAX_PASSWORD_LENGTH });
  if (!text.ok) return text;
  return ok(text.value === '' ? null : text.value);
}

/** `image`: "" is none on create too, as a venue's or organizer's `image` and every other optional field of an event. */
function parseEventImage(raw: unknown): ParseResult<ImageInput | null> {
  return raw === '' ? ok(null) : parseImageInput(raw);
}

/** `post_parent`: an event id, or 0 for none. */
function parsePostParent(raw: unknown): ParseResult<number> {
  return parseInteger(raw, { min: 0 });
}

/**
 * POST /events (specification §2.1), fields in the specification's order, then our extensions.
 * Values arrive cleaned: titles as plain text, HTML sanitised, slugs as slugs.
 */
export class CreateEventDto {
  @ValidateText({ name: 'title', in: 'body', required: true, description: 'The event title', parse: parseTitle })
  title!: string;

  @ValidateText({
    name: 'start_date',
    in: 'body',
    required: true,
    description: 'The event start date and time',
    parse: parseEventDate,
  })
  startDate!: EventDateInput;

  @ValidateText({ name: 'end_date', in: 'body', required: true, description: 'The event end date and time', parse: parseEventDate })
  endDate!: EventDateInput;

  @ValidateInteger({ name: 'author', in: 'body', description: 'The event author ID', parse: parsePositiveInteger })
  author?: number;

  @ValidateText({ name: 'date', in: 'body', description: 'The event publication date', parse: parseLocalPublicationDate })
  date?: ParsedDate;

  @ValidateText({
    name: 'date_utc',
    in: 'body',
    description: 'The event publication date (UTC time zone)',
    parse: parseUtcPublicationDate,
  })
  dateUtc?: ParsedDate;

  @ValidateText({ name: 'description', in: 'body', description: 'The event description', parse: parseHtml })
  description?: string | null;

  @ValidateText({ name: 'slug', in: 'body', description: 'The event slug', parse: parseSlug })
  slug?: string;

  @ValidateText({ name: 'excerpt', in: 'body', description: 'The event excerpt', parse: parseHtml })
  excerpt?: string | null;

  @ValidateText({ name: 'status', in: 'body', description: 'The event post status', parse: parseWritableStatus })
  status?: PostStatus;

  @ValidateText({ name: 'timezone', in: 'body', description: 'The event timezone', parse: parseEventTimezone })
  timezone?: ParsedTimezone | null;

  @ValidateBoolean({
    name: 'all_day',
    in: 'body',
    default: false,
    applyDefault: true,
    description: 'Whether the event lasts the whole day or not',
  })
  allDay?: boolean;

  @ValidateText({ name: 'image', in: 'body', description: 'The event featured image ID or URL', parse: parseEventImage })
  image?: ImageInput | null;

  @ValidateUntyped({ name: 'cost', in: 'body', description: 'The event cost', parse: parseCostInput })
  cost?: StoredCost | null;

  @ValidateUntyped({ name: 'website', in: 'body', default: null, description: 'The event website URL', parse: parseHttpUrl })
  website?: string | null;

  @ValidateBoolean({ name: 'show_map', in: 'body', description: 'Whether the event shows a map or not' })
  showMap?: boolean;

  @ValidateBoolean({ name: 'show_map_link', in: 'body', description: 'Whether the event shows a map link or not' })
  showMapLink?: boolean;

  @ValidateBoolean({
    name: 'hide_from_listings',
    in: 'body',
    description: 'Whether events should be hidden in the calendar view or not',
  })
  hideFromListings?: boolean;

  @ValidateBoolean({ name: 'sticky', in: 'body', description: 'Whether the event should be sticky in the calendar view or not' })
  sticky?: boolean;

  @ValidateBoolean({ name: 'featured', in: 'body', description: 'Whether the event should be featured on the site or not' })
  featured?: boolean;

  @ValidateList({
    name: 'categories',
    in: 'body',
    default: null,
    description: 'The event category ID or name',
    parse: parseTermInputs,
    items: 'integer',
  })
  categories?: string[] | null;

  @ValidateList({
    name: 'tags',
    in: 'body',
    default: null,
    description: 'The event tag ID or name',
    parse: parseTermInputs,
    items: 'integer',
  })
  tags?: string[] | null;

  @ValidateList({
    name: 'venue',
    in: 'body',
    default: null,
    description: 'The event venue ID or data',
    parse: parseLinkedInputs,
    items: 'integer',
  })
  venue?: LinkedInput[] | null;

  @ValidateList({
    name: 'organizer',
    in: 'body',
    default: null,
    description: 'The event organizer IDs or data',
    parse: parseLinkedInputs,
    items: 'integer',
  })
  organizer?: LinkedInput[] | null;

  @ValidateText({
    name: 'password',
    in: 'body',
    description: 'The event password; readers must send it to see the event',
    parse: parsePassword,
    extension: true,
  })
  password?: string | null;

  @ValidateBoolean({
    name: 'ticketed',
    in: 'body',
    default: false,
    applyDefault: true,
    description: 'Whether the event has tickets',
    extension: true,
  })
  ticketed?: boolean;

  @ValidateInteger({
    name: 'post_parent',
    in: 'body',
    description: 'The ID of the parent event; 0 for none',
    parse: parsePostParent,
    extension: true,
  })
  postParent?: number | null;

  @recurrenceArg recurrence?: ParsedRecurrence | null;
}
