import { HOSTILE, embedInScript } from '../../../test/support/script-embedding';
import { safeText, safeUrl, scriptSafeJsonLd } from './safe-output';
import { stripTags } from './sanitize';

describe('safeText', () => {
  it('turns angle brackets left in stored text into entities, and leaves clean text as it is', () => {
    expect(safeText('$<script>alert(1)</script>')).toBe('$&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(safeText('Rock &amp; Roll "live"')).toBe('Rock &amp; Roll "live"');
  });

  it('changes nothing in what stripTags stores', () => {
    for (const value of [...HOSTILE, 'a < b > c', 'Tom & Jerry']) expect(safeText(stripTags(value))).toBe(stripTags(value));
  });
});

describe('safeUrl', () => {
  it('percent-encodes what could leave an attribute or open a tag in a stored URL', () => {
    expect(safeUrl('https://cdn.test/a.png?"><script>alert(1)</script>')).toBe(
      'https://cdn.test/a.png?%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
    );
    expect(safeUrl('https://x.test/a b\tc')).toBe('https://x.test/a%20b%09c');
    expect(safeUrl('https://x.test/é\u2028\ud800')).toBe('https://x.test/%C3%A9%E2%80%A8%EF%BF%BD');
  });

  it('changes nothing in a URL the WHATWG serialiser wrote', () => {
    for (const raw of ['https://x.test/a b?q="<>"#<x>', 'https://münchen.test/straße?a=1&b=`2`']) {
      const href = new URL(raw).href;
      expect(safeUrl(href)).toBe(href);
    }
  });
});

describe('scriptSafeJsonLd', () => {
  const hostileJsonLd = () => ({
    '@context': 'http://schema.org',
    name: HOSTILE[0],
    description: HOSTILE.join(' '),
    location: { address: { streetAddress: HOSTILE[1] }, list: [HOSTILE[2], 3, null, true] },
    sameAs: HOSTILE[3],
  });

  it.each(HOSTILE)('leaves no <, > or line separator in any string (%j)', (hostile) => {
    const safe = scriptSafeJsonLd({ text: hostile, nested: { list: [hostile] } });
    expect(JSON.stringify(safe)).not.toMatch(/[<>\u2028\u2029]/);
  });

  it('keeps the rest: keys, numbers, booleans, null, entities, order', () => {
    expect(scriptSafeJsonLd({ b: 'x &amp; y', a: [1, true, null], c: '<b>' })).toEqual({
      b: 'x &amp; y',
      a: [1, true, null],
      c: '&lt;b&gt;',
    });
    expect(Object.keys(scriptSafeJsonLd({ b: 1, a: 2 }))).toEqual(['b', 'a']);
  });

  it('cannot close, or change the end of, the script element JSON.stringify puts it into', () => {
    const raw = embedInScript(hostileJsonLd());
    // Without it, the hostile values close the element early: the check itself can fail.
    expect(raw.closesEarly).toBe(true);

    const embedded = embedInScript(scriptSafeJsonLd(hostileJsonLd()));
    expect(embedded.closesEarly).toBe(false);
    expect(embedded.hasCommentOpener).toBe(false);
    expect(embedded.json).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.parse(embedded.text)).toEqual(scriptSafeJsonLd(hostileJsonLd()));
  });
});
