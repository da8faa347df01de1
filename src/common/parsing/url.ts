import { msg } from '../i18n/message';
import { ParseResult, fail, ok } from './parse-result';
import { parseString } from './string';

/** URL columns are varchar(2048). */
export const MAX_URL_LENGTH = 2048;

/**
 * A `website` (events, venues, organizers; CONTRACT §3, §4): trimmed; "" means none (null).
 * Otherwise an absolute http(s) URL written out as such (`http://` or `https://` first, so no
 * `http:example.com` or backslash forms a browser would read differently), without whitespace or
 * angle brackets, with a host, that the WHATWG URL parser accepts. Stored as given (trimmed).
 */
export function parseHttpUrl(raw: unknown): ParseResult<string | null> {
  const text = parseString(raw, { trim: true, maxLength: MAX_URL_LENGTH });
  if (!text.ok) return text;
  if (text.value === '') return ok(null);
  return isHttpUrl(text.value) ? ok(text.value) : fail(msg('Must be an http(s) URL.'));
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^/\\]/i.test(value) || /[\s<>]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
