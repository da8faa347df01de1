/**
 * What presenters put on plain-text and URL values on the way out (issue #12). Writes already
 * store them safe (tags stripped, URLs serialised by the WHATWG parser), so for those rows these
 * change nothing; they cover rows stored before that, or written with SQL, at the cost of one
 * scan of each string.
 */

const ANGLES = /[<>]/g;
const ANGLE_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;' };

/**
 * Plain text is HTML-escaped text (as titles are, CONTRACT §3): a `<` or `>` left in a stored value
 * becomes its entity, so no value can open a tag where a client inserts it as HTML.
 */
export function safeText(value: string): string {
  // indexOf first: almost every value has neither, and this runs for every field of every list item.
  return value.indexOf('<') === -1 && value.indexOf('>') === -1 ? value : value.replace(ANGLES, (char) => ANGLE_ENTITIES[char]);
}

// What the WHATWG serialiser never leaves in an http(s) URL: controls, spaces, quotes, angle
// brackets, and anything outside ASCII (hosts become punycode, the rest is percent-encoded).
const URL_UNSAFE = /[^\u0021-\u007e]|["<>]/gu;
const URL_UNSAFE_TEST = /[^\u0021-\u007e]|["<>]/;

/** A stored URL with the characters that could leave an attribute or open a tag percent-encoded (UTF-8). */
export function safeUrl(value: string): string {
  return URL_UNSAFE_TEST.test(value) ? value.replace(URL_UNSAFE, percentEncode) : value;
}

function percentEncode(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: U+FFFD, as the WHATWG encoder writes it
  }
}

const SCRIPT_UNSAFE = /[<>\u2028\u2029]/g;
const SCRIPT_REPLACEMENTS: Record<string, string> = { '<': '&lt;', '>': '&gt;', '\u2028': ' ', '\u2029': ' ' };

/**
 * `json_ld` is made to be put into `<script type="application/ld+json">` as JSON.stringify (or
 * any JSON serialiser) writes it. Raw text inside a script element ends only at `</script` and
 * changes state at `<!--`, so no string of it holds `<` or `>` (entities instead, as the original
 * escapes its json_ld text); U+2028 and U+2029, which old JavaScript parsers take for line ends,
 * become spaces. Keys are ours and safe.
 */
export function scriptSafeJsonLd<T>(value: T): T {
  if (typeof value === 'string') {
    return (/[<>\u2028\u2029]/.test(value) ? value.replace(SCRIPT_UNSAFE, (char) => SCRIPT_REPLACEMENTS[char]) : value) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => scriptSafeJsonLd(item)) as T;
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) result[key] = scriptSafeJsonLd(item);
    return result as T;
  }
  return value;
}
