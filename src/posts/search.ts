import { Dialect } from '../database/dialect';
import { ParseResult } from '../common/parsing/parse-result';
import { parseString } from '../common/parsing/string';

/** The longest `search` any list accepts (CONTRACT §8), in characters, after trimming. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * The `search` of the event, venue and organizer lists: trimmed, then neither blank (400: a blank
 * search is a mistake, not "no filter") nor longer than MAX_SEARCH_LENGTH.
 */
export function parseSearch(raw: unknown): ParseResult<string> {
  return parseString(raw, { trim: true, nonEmpty: true, maxLength: MAX_SEARCH_LENGTH });
}

/**
 * The search text as the LIKE of `dialect` compares it with the lower-cased columns. SQLite's
 * `unicode_lower` is JavaScript's, so the text is lower-cased the same way. MySQL/MariaDB's
 * collation folds case itself, and JavaScript lower-cases `İ` to two code points (`i` and a
 * combining dot) that its LOWER() does not write: `search=İstanbul` found no "İstanbul" there.
 */
export function searchCase(search: string, dialect: Dialect): string {
  return dialect === 'sqlite' ? search.toLowerCase() : search;
}
