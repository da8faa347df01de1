import sanitize from 'sanitize-html';

// Roughly WordPress's post content allow-list: formatting, links, images, lists, tables.
const OPTIONS: sanitize.IOptions = {
  allowedTags: [...sanitize.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'del', 'ins', 'sub', 'sup', 'figure', 'figcaption'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    '*': ['class', 'id', 'lang', 'dir'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  // No javascript:, data: or vbscript: URLs anywhere; event handlers are never allowed attributes.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** HTML as stored on write (CONTRACT §3): safe tags kept; scripts, handlers and javascript: URLs removed. */
export function sanitizeHtml(input: string): string {
  return sanitize(input, OPTIONS).trim();
}

/** Plain text (titles, names, json_ld descriptions): every tag removed, entities left as typed. */
export function stripTags(input: string): string {
  return (textOfStoredHtml(input) ?? sanitize(input, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' })).trim();
}

// A tag as sanitizeHtml writes one: an allowed name, attribute values in double quotes with `&`,
// `<`, `>` and `"` escaped, HTML's white space between. Each white space run inside the repeated
// group must be followed by a letter, so a failed match backtracks in linear time.
const SPACE = '[\\t\\n\\f\\r ]';
// Tags whose content the parser reads as raw text, or sanitize-html drops with them, never take
// the fast path, even if they are allowed one day: the text of their content would differ.
const PARSED_APART = new Set([
  'script',
  'style',
  'textarea',
  'option',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
]);
const STORED_TAG = new RegExp(
  `^</?(?:${(OPTIONS.allowedTags as string[]).filter((tag) => !PARSED_APART.has(tag)).join('|')})` +
    `(?:${SPACE}+[a-zA-Z][-a-zA-Z0-9_:.]*(?:="(?:[^"&<>]|&(?:amp|lt|gt|quot);)*")?)*${SPACE}*/?>$`,
);
// In text, a character reference other than the four sanitizeHtml writes (or a bare `&`).
const OTHER_REFERENCE = /&(?!(?:amp|lt|gt|quot);)/;

/**
 * stripTags without parsing, for HTML in the form sanitizeHtml stores it (descriptions, read on
 * every single read for json_ld: parsing them was about 5 % of its CPU): only allowed tags, no
 * comment, no bare `<`, `>` or `&`, no character reference but `&amp;`, `&lt;`, `&gt;`, `&quot;`.
 * Its text is then what the parser would give: those references decoded and escaped again,
 * which leaves them as they are but `&quot;` (a `"` is not escaped in text). Anything else
 * gives `undefined`, and is parsed.
 */
export function textOfStoredHtml(html: string): string | undefined {
  if (typeof html !== 'string') return undefined;
  let text = '';
  for (let at = 0; at < html.length;) {
    const open = html.indexOf('<', at);
    const run = html.slice(at, open < 0 ? html.length : open);
    if (run.includes('>') || OTHER_REFERENCE.test(run)) return undefined;
    text += run;
    if (open < 0) break;
    const close = html.indexOf('>', open);
    if (close < 0 || !STORED_TAG.test(html.slice(open, close + 1))) return undefined;
    at = close + 1;
  }
  return text.replaceAll('&quot;', '"');
}
