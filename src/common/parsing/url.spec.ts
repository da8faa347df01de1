import { msg } from '../i18n/message';
import { parseHttpUrl } from './url';

describe('parseHttpUrl', () => {
  it.each([
    ['https://example.com/a?b=1&c=2', 'https://example.com/a?b=1&c=2'],
    ['http://localhost:8080/x', 'http://localhost:8080/x'],
    // A bare origin round-trips; one with a slash keeps it.
    ['https://example.com', 'https://example.com'],
    ['https://example.com/', 'https://example.com/'],
    ['  HTTPS://Example.COM:443/./a/../b  ', 'https://example.com/b'],
    ['https://example.com?', 'https://example.com/?'],
  ])('stores %p as the WHATWG serialiser writes it: %p', (raw, stored) => {
    expect(parseHttpUrl(raw)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['https://example.com/"><script>alert(1)</script>', 'https://example.com/%22%3E%3Cscript%3Ealert(1)%3C/script%3E'],
    ['https://example.com/a b?q="x"#<y>', 'https://example.com/a%20b?q=%22x%22#%3Cy%3E'],
    ["https://example.com/?q='1'", 'https://example.com/?q=%271%27'],
  ])('percent-encodes quotes, angle brackets and spaces in %p', (raw, stored) => {
    const parsed = parseHttpUrl(raw);
    expect(parsed).toEqual({ ok: true, value: stored });
    expect(parsed.ok && parsed.value).not.toMatch(/["<> ]/);
  });

  it.each([[''], ['   '], [null]])('reads %p as no URL', (raw) => {
    if (raw === null) expect(parseHttpUrl(raw).ok).toBe(false);
    else expect(parseHttpUrl(raw)).toEqual({ ok: true, value: null });
  });

  it.each([
    'ftp://example.com',
    'javascript:alert(1)',
    'example.com',
    'http:example.com',
    'https:\\\\evil.test',
    'http://',
    'http://exa mple.com',
    'https://exa\tmple.com',
    'https://example.com/a\nb',
    '"><script>alert(1)</script>',
  ])('refuses %p', (raw) => {
    expect(parseHttpUrl(raw)).toEqual({ ok: false, reason: msg('Must be an http(s) URL.') });
  });
});
