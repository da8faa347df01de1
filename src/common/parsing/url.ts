import { msg } from '../i18n/message';
import { ParseResult, fail, ok } from './parse-result';
import { parseString } from './string';

/** URL columns are varchar(2048). */
export const MAX_URL_LENGTH = 2048;

/**
 * A `website` (events, venues, organizers; CONTRACT §3, §4): trimmed; "" means none (null).
 * Otherwise an http(s) URL (normaliseHttpUrl), stored as the WHATWG serialiser writes it.
 */
export function parseHttpUrl(raw: unknown): ParseResult<string | null> {
  const text = parseString(raw, { trim: true, maxLength: MAX_URL_LENGTH });
  if (!text.ok) return text;
  if (text.value === '') return ok(null);
  const url = normaliseHttpUrl(text.value);
  if (!url) return fail(msg('Must be an http(s) URL.'));
  return [...url.href].length > MAX_URL_LENGTH ? fail(msg('Must be at most %s characters long.', MAX_URL_LENGTH)) : ok(url.href);
}

/**
 * An absolute http(s) URL written out as such (`http://` or `https://` first, so no
 * `http:example.com` or backslash forms a browser would read differently), without control
 * characters (the parser would drop tabs and newlines silently), with a host, that the WHATWG URL
 * parser accepts. Its `href` is what is stored (issue #12): host lower-cased, and `"`, `<`, `>`
 * and spaces percent-encoded, so a stored URL can neither leave an HTML attribute nor open a tag.
 * The slash the serialiser adds to a bare origin is left off when the input had none, so
 * `https://example.com` round-trips.
 */
export function normaliseHttpUrl(value: string): { readonly href: string; readonly pathname: string } | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!/^https?:\/\/[^/\\]/i.test(value) || /[\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return undefined;
  const bareOrigin = url.href.endsWith('/') && url.pathname === '/' && !/^https?:\/\/[^/?#]*\//i.test(value);
  return { href: bareOrigin ? url.href.slice(0, -1) : url.href, pathname: url.pathname };
}
