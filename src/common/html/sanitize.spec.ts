import { HOSTILE } from '../../../test/support/script-embedding';
import { sanitizeHtml, stripTags } from './sanitize';

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
