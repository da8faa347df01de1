import { sanitizeHtml, stripTags } from '../../common/html/sanitize';
import { fitsSanitising, storedTextTooLong } from '../../common/html/html-input';
import { msg } from '../../common/i18n/message';
import { ValidateBoolean, ValidateInteger, ValidateList, ValidateText } from '../../common/params/validate';
import { ParseResult, fail, ok, parsePaging, parsePositiveInteger, parseString, withoutControls } from '../../common/parsing';
import { MAX_SEARCH_LENGTH } from '../../posts/search';
import { MAX_SLUG_LENGTH, slugify } from '../../common/slug';

/**
 * Every parameter of the category and tag routes (specification §4.5, §4.6), declared once here
 * and placed on the DTO properties of both resources. Descriptions are the reference's.
 */

export const TERM_ORDERS = ['asc', 'desc'] as const;
export type TermOrder = (typeof TERM_ORDERS)[number];
export const TERM_ORDERBYS = ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'] as const;
export type TermOrderBy = (typeof TERM_ORDERBYS)[number];

export const MAX_NAME_LENGTH = 200;
/** A MySQL TEXT column holds 65,535 bytes. */
export const MAX_DESCRIPTION_BYTES = 65_535;

/** The list parameters; `plural` is "event categories" or "event tags". */
export function termListArgs(plural: string) {
  return {
    page: ValidateInteger({ name: 'page', default: 1, description: 'The archive page to return', parse: parsePaging }),
    perPage: ValidateInteger({
      name: 'per_page',
      default: '10',
      description: `The number of ${plural} to return on each page`,
      parse: parsePaging,
    }),
    search: ValidateText({
      name: 'search',
      description: 'Limit results to those matching a string',
      parse: (raw) => parseString(raw, { nonEmpty: true, maxLength: MAX_SEARCH_LENGTH }),
    }),
    exclude: ValidateList({ name: 'exclude', items: 'integer', description: 'Ensure result set exclude specific IDs' }),
    include: ValidateList({ name: 'include', items: 'integer', description: 'Limit result set to specific IDs' }),
    order: ValidateText({
      name: 'order',
      description: 'Order sort attribute ascending or descending',
      parse: (raw) => parseWord(raw, TERM_ORDERS),
    }),
    orderby: ValidateText({
      name: 'orderby',
      description: 'Sort collection by term attribute',
      parse: (raw) => parseWord(raw, TERM_ORDERBYS),
    }),
    hideEmpty: ValidateBoolean({
      name: 'hide_empty',
      default: '1',
      applyDefault: true,
      description: 'Whether to hide terms not assigned to any posts',
    }),
    parent: ValidateInteger({
      name: 'parent',
      description: 'Limit result set to terms assigned to a specific parent',
      parse: parsePositiveInteger,
    }),
    post: ValidateInteger({
      name: 'post',
      description: 'Limit result set to terms assigned to a specific post',
      parse: parsePositiveInteger,
    }),
    event: ValidateInteger({
      name: 'event',
      description: 'Limit result set to terms assigned to a specific event (an alias of the "post" parameter)',
      parse: parsePositiveInteger,
    }),
    slug: ValidateText({
      name: 'slug',
      description: 'Limit result set to terms with a specific slug',
      parse: (raw) => parseString(raw, { nonEmpty: true, maxLength: MAX_SLUG_LENGTH }),
    }),
  };
}

/**
 * The create and update parameters; `singular` is "event category" or "event tag". Values arrive
 * in the DTO already cleaned: the name as plain text, the description as sanitised HTML, the slug
 * as a slug.
 */
export function termWriteArgs(singular: string) {
  return {
    id: ValidateInteger({ name: 'id', in: 'path', required: true, description: `the ${singular} term ID` }),
    name: ValidateText({ name: 'name', in: 'body', required: true, description: `The ${singular} name`, parse: parseTermName }),
    description: ValidateText({ name: 'description', in: 'body', description: `The ${singular} description`, parse: parseTermDescription }),
    slug: ValidateText({ name: 'slug', in: 'body', description: `The ${singular} slug`, parse: parseTermSlug }),
    // The reference's description here is a copy of the slug's; this one says what it is.
    parent: ValidateInteger({ name: 'parent', in: 'body', min: 0, description: `The ${singular} parent term ID` }),
  };
}

/** One of `words`, in any case (WordPress reads `order` case-insensitively). */
function parseWord<T extends string>(raw: unknown, words: readonly T[]): ParseResult<T> {
  const text = parseString(raw, { trim: true });
  if (!text.ok) return text;
  const word = text.value.toLowerCase() as T;
  return words.includes(word) ? ok(word) : fail(msg('Must be one of: %s.', words.join(', ')));
}

/**
 * Plain text: tags stripped, trimmed; WordPress's 200 characters at most. `""` is refused here, as
 * the original's argument check does; a name that sanitizing empties (only markup or white space)
 * is "" here, and the service answers it with WordPress's own `empty_term_name` (reference
 * tec-other-api §1.3, "an empty name after sanitizing"), after the parent's check, as WordPress.
 */
export function parseTermName(raw: unknown): ParseResult<string> {
  const text = parseString(raw, { nonEmpty: true });
  if (!text.ok) return text;
  if (!fitsSanitising(text.value)) return fail(msg('Must be at most %s characters long.', MAX_NAME_LENGTH));
  const name = stripTags(withoutControls(text.value).trim().normalize('NFC'));
  const tooLong = storedTextTooLong(name, MAX_NAME_LENGTH);
  return tooLong ? fail(tooLong) : ok(name);
}

/** Sanitised HTML; "" is an empty description. */
export function parseTermDescription(raw: unknown): ParseResult<string> {
  const text = parseString(raw);
  if (!text.ok) return text;
  if (!fitsSanitising(text.value)) return fail(msg('Must be at most %s bytes long.', MAX_DESCRIPTION_BYTES));
  const description = sanitizeHtml(withoutControls(text.value).normalize('NFC'));
  if (Buffer.byteLength(description) > MAX_DESCRIPTION_BYTES) return fail(msg('Must be at most %s bytes long.', MAX_DESCRIPTION_BYTES));
  return ok(description);
}

/** A given slug is normalised like a derived one ("My Slug" becomes "my-slug"). */
export function parseTermSlug(raw: unknown): ParseResult<string> {
  const text = parseString(raw, { trim: true, nonEmpty: true, maxLength: MAX_SLUG_LENGTH });
  if (!text.ok) return text;
  const slug = slugify(text.value);
  return slug ? ok(slug) : fail(msg('Must contain at least one letter or digit.'));
}
