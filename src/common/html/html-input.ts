import { Message, msg } from '../i18n/message';
import { ParseResult, fail, ok } from '../parsing/parse-result';
import { parseString, withoutControls } from '../parsing/string';
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
  const html = sanitizeHtml(withoutControls(text.value).normalize('NFC'));
  if (Buffer.byteLength(html, 'utf8') > MAX_HTML_BYTES) return fail(msg('Must be at most %s bytes long.', MAX_HTML_BYTES));
  return ok(html);
}

const ENTITY = /&(?:amp|lt|gt|quot);/g;

/**
 * Why plain text stored HTML-escaped (`&` as `&amp;`) is too long, or undefined: a limit counts the
 * stored characters (the column's), so text that fits as typed but not escaped says so, instead of
 * a bare "at most 255 characters" for 60 ampersands.
 */
export function storedTextTooLong(stored: string, max: number): Message | undefined {
  const length = [...stored].length;
  if (length <= max) return undefined;
  const typed = length - (stored.match(ENTITY) ?? []).reduce((sum, entity) => sum + entity.length - 1, 0);
  return typed <= max
    ? msg('Must be at most %s characters long as stored: HTML-escaped, so "&" counts as the 5 characters of "&amp;".', max)
    : msg('Must be at most %s characters long.', max);
}
