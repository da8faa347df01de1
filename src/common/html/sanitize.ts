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

/** Plain text (titles, names): every tag removed, entities left as typed. */
export function stripTags(input: string): string {
  return sanitize(input, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' }).trim();
}
