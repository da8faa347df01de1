import { parseImageInput } from './media.service';

describe('parseImageInput', () => {
  it('reads media ids as numbers or digit strings, 0 as none', () => {
    expect(parseImageInput(12)).toEqual({ ok: true, value: { kind: 'id', id: 12 } });
    expect(parseImageInput(' 12 ')).toEqual({ ok: true, value: { kind: 'id', id: 12 } });
    expect(parseImageInput('0')).toEqual({ ok: true, value: null });
    expect(parseImageInput(1.5).ok).toBe(false);
  });

  it('reads an image object as its id, as a read shows it or as a form sends it (image[id]=12)', () => {
    expect(parseImageInput({ url: 'https://cdn.test/a.png', id: 12, extension: 'png' })).toEqual({
      ok: true,
      value: { kind: 'id', id: 12 },
    });
    expect(parseImageInput({ id: '12' })).toEqual({ ok: true, value: { kind: 'id', id: 12 } });
    expect(parseImageInput({ id: 0 })).toEqual({ ok: true, value: null });
  });

  it('reads http(s) image URLs with their extension', () => {
    expect(parseImageInput('https://cdn.test/a/b.JPEG?x=1')).toEqual({
      ok: true,
      value: { kind: 'url', url: 'https://cdn.test/a/b.JPEG?x=1', extension: 'jpeg' },
    });
  });

  it('stores an image URL as the WHATWG serialiser writes it: quotes, angle brackets and spaces percent-encoded', () => {
    expect(parseImageInput('https://CDN.test/a b/c.png?"><script>alert(1)</script>')).toEqual({
      ok: true,
      value: { kind: 'url', url: 'https://cdn.test/a%20b/c.png?%22%3E%3Cscript%3Ealert(1)%3C/script%3E', extension: 'png' },
    });
  });

  it.each([
    'ftp://cdn.test/a.png',
    'javascript:alert(1)//a.png',
    'https:cdn.test/a.png',
    'https://cdn.test/a.png"><script>alert(1)</script>',
    'https://cdn.test/a\n.png',
    'https://cdn.test/page.html',
    'https://cdn.test/',
    'not a url',
    '',
    {},
    { id: 'x' },
    { id: 'https://cdn.test/a.png' },
    { id: { id: 5 } },
    { url: 'https://cdn.test/a.png' },
  ])('refuses %p', (raw) => {
    expect(parseImageInput(raw).ok).toBe(false);
  });
});
