import { msg } from '../i18n/message';
import { ParseResult, fail, ok } from '../parsing/parse-result';
import { parseString } from '../parsing/string';
import { sanitizeHtml } from './sanitize';

/** A MySQL TEXT column holds 65,535 bytes; the limit applies to the stored (sanitised) HTML. */
export const MAX_HTML_BYTES = 65_535;
/** The most text sanitised or stripped of tags at all (twice the stored limit). */
const MAX_HTML_INPUT_LENGTH = 2 * MAX_HTML_BYTES;

/**
 * Whether `text` is short enough to sanitise (or strip of tags): sanitising costs about 2 µs a
 * character on the event loop, and a 1 MiB body of nested tags held every request for 2 s. Markup
 * that sanitising removes may leave longer input under a stored limit, not twice over it. Every
 * HTML field, title and term name or description asks it first.
 */
export function fitsSanitising(text: string): boolean {
  return text.length <= MAX_HTML_INPUT_LENGTH;
}

/**
 * An HTML field as written (descriptions, excerpts of events, venues and organizers): NFC
 * normalised, then sanitised (CONTRACT §3), at most MAX_HTML_BYTES once sanitised.
 */
export function parseHtml(raw: unknown): ParseResult<string> {
  const text = parseString(raw);
  if (!text.ok) return text;
  if (!fitsSanitising(text.value)) return fail(msg('Must be at most %s bytes long.', MAX_HTML_BYTES));
  const html = sanitizeHtml(text.value.normalize('NFC'));
  if (Buffer.byteLength(html, 'utf8') > MAX_HTML_BYTES) return fail(msg('Must be at most %s bytes long.', MAX_HTML_BYTES));
  return ok(html);
}
