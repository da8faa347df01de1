import { msg } from '../i18n/message';
import { ParseResult, fail, ok } from '../parsing/parse-result';
import { parseString } from '../parsing/string';
import { sanitizeHtml } from './sanitize';

/** A MySQL TEXT column holds 65,535 bytes; the limit applies to the stored (sanitised) HTML. */
export const MAX_HTML_BYTES = 65_535;
/** The most text sanitised at all (twice the stored limit), so no write can hold the event loop long. */
export const MAX_HTML_INPUT_LENGTH = 2 * MAX_HTML_BYTES;

/**
 * An HTML field as written (descriptions, excerpts of events, venues and organizers): NFC
 * normalised, then sanitised (CONTRACT §3), at most MAX_HTML_BYTES once sanitised.
 */
export function parseHtml(raw: unknown): ParseResult<string> {
  const text = parseString(raw);
  if (!text.ok) return text;
  // Sanitising costs about 2 µs a character: a 1 MiB body of nested tags held the event loop for
  // 2 s. Markup that sanitising removes may take the text past the stored limit, not far past it.
  if (text.value.length > MAX_HTML_INPUT_LENGTH) return fail(msg('Must be at most %s bytes long.', MAX_HTML_BYTES));
  const html = sanitizeHtml(text.value.normalize('NFC'));
  if (Buffer.byteLength(html, 'utf8') > MAX_HTML_BYTES) return fail(msg('Must be at most %s bytes long.', MAX_HTML_BYTES));
  return ok(html);
}
