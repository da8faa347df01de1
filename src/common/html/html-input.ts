import { msg } from '../i18n/message';
import { ParseResult, fail, ok } from '../parsing/parse-result';
import { parseString } from '../parsing/string';
import { sanitizeHtml } from './sanitize';

/** A MySQL TEXT column holds 65,535 bytes; the limit applies to the stored (sanitised) HTML. */
export const MAX_HTML_BYTES = 65_535;

/**
 * An HTML field as written (descriptions, excerpts of events, venues and organizers): NFC
 * normalised, then sanitised (CONTRACT §3), at most MAX_HTML_BYTES once sanitised.
 */
export function parseHtml(raw: unknown): ParseResult<string> {
  const text = parseString(raw);
  if (!text.ok) return text;
  const html = sanitizeHtml(text.value.normalize('NFC'));
  if (Buffer.byteLength(html, 'utf8') > MAX_HTML_BYTES) return fail(msg('Must be at most %s bytes long.', MAX_HTML_BYTES));
  return ok(html);
}
