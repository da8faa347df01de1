import fc from 'fast-check';
import sanitize from 'sanitize-html';
import { HOSTILE } from '../../../test/support/script-embedding';
import { sanitizeHtml, stripTags, textOfStoredHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps safe formatting as sent', () => {
    expect(sanitizeHtml('<p>Hello <b>world</b></p>')).toBe('<p>Hello <b>world</b></p>');
  });

  it.each([
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['<img src="x.png" onerror="alert(1)">', '<img src="x.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="https://example.com" onclick="x()">x</a>', '<a href="https://example.com">x</a>'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
  ])('removes the dangerous part of %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});

describe('stripTags', () => {
  it('removes every tag and keeps the text', () => {
    expect(stripTags('<b>Big</b> <script>x</script>Night')).toBe('Big Night');
  });

  it.each([...HOSTILE, 'a < b > c', '<<script>script>alert(1)<</script>/script>', '<img src=x onerror=alert(1)>', '1 <2 >3'])(
    'leaves no angle bracket in %j: what is left is HTML-escaped text',
    (input) => {
      expect(stripTags(input)).not.toMatch(/[<>]/);
    },
  );

  it('escapes what is left as HTML text and keeps entities as typed', () => {
    expect(stripTags('a < b & c')).toBe('a &lt; b &amp; c');
    expect(stripTags('Rock &amp; Roll')).toBe('Rock &amp; Roll');
  });
});

describe('stripTags without the parser (textOfStoredHtml)', () => {
  // What stripTags was before it had a way around the parser.
  const parsed = (input: string) => sanitize(input, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' }).trim();
  // Pieces of HTML that parse in different ways: allowed, disallowed and special tags, attribute
  // forms, comments, references, brackets and spaces of every kind, and anything else.
  const piece = fc.oneof(
    fc.constantFrom(
      '<p>',
      '</p>',
      '<br />',
      '<br/>',
      '<b>',
      '</b>',
      '<abbr>',
      '<ab>',
      '<P>',
      '<hr>',
      '<td colspan="2">',
      '<a href="https://x.test/?a=1&amp;b=2">',
      '</a>',
      '<img src="x.png" alt="a &quot;b&quot; &lt;c&gt;" />',
      '<p class=x>',
      "<p class='x'>",
      '<p\tclass="x"\n>',
      '<p class="a>b">',
      '<p class="a<b">',
      '<p class="&nbsp;">',
      '<p class = "x">',
      '<p / class="x">',
      '<p class>',
      '<p\u00a0class="x">',
      '<p =x>',
      '< p>',
      '</>',
      '<>',
      '<p',
      '<option>',
      '</option>',
      '<noscript>',
      '<script>',
      '</script>',
      '<style>',
      '</style>',
      '<textarea>',
      '<title>',
      '<iframe>',
      '<xmp>',
      '<plaintext>',
      '<!-- c -->',
      '<!--',
      '<![CDATA[x]]>',
      '<?x?>',
      '<!doctype html>',
      '<',
      '>',
      '&',
      '&amp;',
      '&lt;',
      '&gt;',
      '&quot;',
      '&amp;quot;',
      '&nbsp;',
      '&#39;',
      '&#x27;',
      '&amp',
      '&bogus;',
      '&#0;',
      '"',
      "'",
      '=',
      '/',
      ' ',
      '\n',
      '\r\n',
      '\r',
      '\t',
      '\f',
      '\u00a0',
      '\u2028',
      '\0',
      'é',
      'e\u0301',
      '😀',
      'Night',
    ),
    fc.string(),
  );
  const html = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(''));

  it('gives what the parser gives, whatever the input', () => {
    fc.assert(
      fc.property(html, (input) => {
        expect(stripTags(input)).toBe(parsed(input));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads whatever sanitizeHtml stores without the parser, to the same text', () => {
    fc.assert(
      fc.property(html, (input) => {
        const stored = sanitizeHtml(input);
        expect(textOfStoredHtml(stored)?.trim()).toBe(parsed(stored));
      }),
      { numRuns: 5000 },
    );
  });

  it('leaves to the parser what it cannot read as stored', () => {
    for (const input of ['a &nbsp; b', '<p>a</p><!-- c -->', '<P>a</P>', 'a > b', '<script>x</script>', '<p class=x>a</p>']) {
      expect(textOfStoredHtml(input)).toBeUndefined();
      expect(stripTags(input)).toBe(parsed(input));
    }
    expect(textOfStoredHtml('<p class="a">Rock &amp; &quot;Roll&quot;</p>\n<br />x')).toBe('Rock &amp; "Roll"\nx');
  });
});
