/**
 * Hostile values for plain-text, HTML and URL fields (issue #12): markup that closes a script
 * element or an attribute, a comment opener that changes how a script element's text is read,
 * and the line separators old JavaScript parsers end a line at.
 */
export const HOSTILE = ['</script><script>alert(1)</script>', '"><script>alert(1)</script>', '<!--<script>', 'a\u2028b\u2029c'] as const;

/**
 * Puts `value` as JSON.stringify writes it into `<script type="application/ld+json">` on a page
 * and reads the element back as an HTML parser does: a script element's text ends at the first
 * `</script` followed by whitespace, `/` or `>`, and a `<!--` in it can move that end (the
 * "script data escaped" states of the HTML standard). Returns where the parser ends the element
 * and whether that is where the page meant it to end.
 */
export function embedInScript(value: unknown): { json: string; text: string; closesEarly: boolean; hasCommentOpener: boolean } {
  const json = JSON.stringify(value);
  const open = '<script type="application/ld+json">';
  const page = `<!doctype html><html><head>${open}${json}</script><script>window.ok = true</script></head></html>`;
  const start = page.indexOf(open) + open.length;
  const end = start + page.slice(start).search(/<\/script[\t\n\f\r />]/i);
  const text = page.slice(start, end);
  return { json, text, closesEarly: text !== json, hasCommentOpener: text.includes('<!--') };
}
