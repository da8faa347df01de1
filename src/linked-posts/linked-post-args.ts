import { parseHtml, storedTextTooLong } from '../common/html/html-input';
import { stripTags } from '../common/html/sanitize';
import { msg } from '../common/i18n/message';
import { ValidateInteger, ValidateText, ValidateTruthyWord } from '../common/params/validate';
import { parsePaging, parsePositiveInteger } from '../common/parsing/integer';
import { ParseResult, fail, ok } from '../common/parsing/parse-result';
import { ParsedDate } from '../common/parsing/date-input';
import { parseString, withoutControls } from '../common/parsing/string';
import { parseHttpUrl } from '../common/parsing/url';
import { parseLocalPublicationDate, parseUtcPublicationDate } from '../posts/post-dates';
import { parseSearch } from '../posts/search';
import { PostStatus, parseStatusFilter, parseWritableStatus } from '../posts/status';
import { ImageInput, parseImageInput } from '../media/media.service';

/**
 * The parameters venues and organizers share, as project decorators (`ValidateText`, ...): each
 * DTO lists its parameters in the specification's order and takes the shared ones from here, so
 * they cannot drift apart.
 */

/** Plain-text columns are varchar(255); the limit applies to the stored (tag-stripped) text. */
export const MAX_TEXT_LENGTH = 255;

/**
 * Stored NFC, as event titles and term names are: "Cafe\u0301" and "Café" are one name to the
 * duplicate rule and to searches on both databases (MySQL's collation matched them, SQLite not).
 */
export function parsePlainText(raw: unknown, { nonEmpty = false } = {}): ParseResult<string> {
  const text = parseString(raw);
  if (!text.ok) return text;
  const value = stripTags(withoutControls(text.value).normalize('NFC'));
  if (nonEmpty && !value) return fail(msg('Must not be empty.'));
  const tooLong = storedTextTooLong(value, MAX_TEXT_LENGTH);
  return tooLong ? fail(tooLong) : ok(value);
}

/**
 * Trimmed; blank counts as "not set" (`null`), like "". IsEmail limits the length (254, the
 * column's). It also accepts quoted local parts such as `"</script>"@example.com`: angle brackets,
 * which no real address needs, are refused here so that no markup is stored (issue #12).
 */
function parseEmailText(raw: unknown): ParseResult<string | null> {
  const text = parseString(raw, { trim: true });
  if (!text.ok) return text;
  if (/[<>]/.test(text.value)) return fail(msg('Must be a valid e-mail address.'));
  return ok(text.value || null);
}

/** The required name (`venue`, `organizer`): plain text, not empty once tags are stripped. */
export function nameArg(name: 'venue' | 'organizer', description: string, defaultValue?: null): PropertyDecorator {
  return ValidateText({
    name,
    in: 'body',
    required: true,
    ...(defaultValue === null ? { default: null } : {}),
    description,
    parse: (raw) => parsePlainText(raw, { nonEmpty: true }),
  });
}

/** An optional plain-text field; `null` or "" clear it. */
export function textArg(name: string, description: string): PropertyDecorator {
  return ValidateText({ name, in: 'body', default: null, description, clearable: true, parse: (raw) => parsePlainText(raw) });
}

export function htmlArg(name: string, description: string): PropertyDecorator {
  return ValidateText({ name, in: 'body', default: null, description, clearable: true, parse: parseHtml });
}

/** `website`: an http(s) URL (the one rule events use too); `null` or "" clear it. */
export function websiteArg(description: string): PropertyDecorator {
  return ValidateText({ name: 'website', in: 'body', default: null, description, clearable: true, parse: parseHttpUrl });
}

/** An e-mail field: trimmed text; the DTO adds the format rule (IsEmail). */
export function emailArg(name: string, description: string): PropertyDecorator {
  return ValidateText({ name, in: 'body', default: null, description, clearable: true, parse: parseEmailText });
}

export function authorArg(description: string, defaultValue?: null): PropertyDecorator {
  return ValidateInteger({
    name: 'author',
    in: 'body',
    ...(defaultValue === null ? { default: null } : {}),
    description,
    parse: parsePositiveInteger,
  });
}

export function dateArg(description: string, defaultValue?: null): PropertyDecorator {
  return ValidateText({
    name: 'date',
    in: 'body',
    ...(defaultValue === null ? { default: null } : {}),
    description,
    parse: parseLocalPublicationDate,
  });
}

export function dateUtcArg(description: string, defaultValue?: null): PropertyDecorator {
  return ValidateText({
    name: 'date_utc',
    in: 'body',
    ...(defaultValue === null ? { default: null } : {}),
    description,
    parse: parseUtcPublicationDate,
  });
}

export function statusArg(description: string, defaultValue?: null): PropertyDecorator {
  return ValidateText({
    name: 'status',
    in: 'body',
    ...(defaultValue === null ? { default: null } : {}),
    description,
    parse: parseWritableStatus,
  });
}

/** `image`: a media id or an image URL (CONTRACT §3); `null`, "" or 0 for none. */
export function imageArg(description: string): PropertyDecorator {
  return ValidateText({ name: 'image', in: 'body', default: null, description, clearable: true, parse: parseImageInput });
}

/** Extension: sets (or with `null`/"" clears) the post password. */
export function passwordBodyArg(description: string): PropertyDecorator {
  return ValidateText({
    name: 'password',
    in: 'body',
    description,
    clearable: true,
    extension: true,
    parse: (raw) => parseString(raw, { nonEmpty: true, maxLength: MAX_TEXT_LENGTH }),
  });
}

/** Extension: a `password` that unblanks the password-protected items it matches (reads only). */
export function passwordQueryArg(description: string): PropertyDecorator {
  return ValidateText({
    name: 'password',
    in: 'query',
    description,
    extension: true,
    parse: (raw) => parseString(raw, { nonEmpty: true }),
  });
}

export function pathIdArg(description: string): PropertyDecorator {
  return ValidateInteger({ name: 'id', in: 'path', required: true, description });
}

export function pathSlugArg(description: string): PropertyDecorator {
  return ValidateText({ name: 'slug', in: 'path', required: true, description });
}

// ---- list parameters (tec-other-api §1.1) ----

export function pageArg(): PropertyDecorator {
  return ValidateInteger({ name: 'page', default: 1, description: 'The archive page to return', parse: parsePaging });
}

export function perPageArg(description: string): PropertyDecorator {
  return ValidateInteger({ name: 'per_page', default: '10', description, parse: parsePaging });
}

export function searchArg(description: string): PropertyDecorator {
  return ValidateText({
    name: 'search',
    description,
    parse: parseSearch,
  });
}

export function eventArg(description: string): PropertyDecorator {
  return ValidateInteger({ name: 'event', description, parse: parsePositiveInteger });
}

/** Untyped boolean-like (CONTRACT §2.2): any value switches the filter on, truthy or falsy. */
export function hasEventsArg(description: string): PropertyDecorator {
  return ValidateTruthyWord({ name: 'has_events', description });
}

/** Untyped boolean-like, default false; false means no filter at all. */
export function onlyWithUpcomingArg(description: string): PropertyDecorator {
  return ValidateTruthyWord({ name: 'only_with_upcoming', default: false, description });
}

export function statusFilterArg(description: string): PropertyDecorator {
  return ValidateText({ name: 'status', description, parse: parseStatusFilter });
}

/** What the shared service reads from a create or update DTO. */
export interface LinkedPostWriteArgs {
  name?: string;
  author?: number;
  date?: ParsedDate;
  dateUtc?: ParsedDate;
  description?: string | null;
  status?: PostStatus;
  phone?: string | null;
  website?: string | null;
  image?: ImageInput | null;
  password?: string | null;
}

/** What the shared service reads from a list DTO. */
export interface LinkedPostListArgs {
  page?: number;
  perPage?: number;
  search?: string;
  event?: number;
  hasEvents?: boolean;
  onlyWithUpcoming?: boolean;
  status?: PostStatus[];
  password?: string;
}
