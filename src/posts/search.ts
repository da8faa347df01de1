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
