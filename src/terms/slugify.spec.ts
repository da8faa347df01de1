import { MAX_SLUG_LENGTH, numberedSlug, slugify } from './slugify';

describe('slugify', () => {
  it.each([
    ['Concerts', 'concerts'],
    ['Rock & Roll', 'rock-roll'],
    ['Rock &amp; Roll', 'rock-roll'],
    ['Café Müller', 'cafe-muller'],
    ['Straße Øst Łódź', 'strasse-ost-lodz'],
    ['  Spaced   out  ', 'spaced-out'],
    ['a/b\\c – d', 'a-b-c-d'],
    ['Foo.Bar!?', 'foobar'],
    ['snake_case', 'snake_case'],
    ['--Already-a-slug--', 'already-a-slug'],
    ['2026', '2026'],
  ])('turns %j into %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('returns "" when nothing ASCII is left', () => {
    expect(slugify('日本')).toBe('');
    expect(slugify('!!!')).toBe('');
  });

  it('never exceeds the maximum length nor ends with a hyphen', () => {
    const slug = slugify(`${'a'.repeat(199)} b`);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toBe('a'.repeat(199));
  });
});

describe('numberedSlug', () => {
  it('keeps the base for n = 1 and appends -n after', () => {
    expect(numberedSlug('music', 1)).toBe('music');
    expect(numberedSlug('music', 2)).toBe('music-2');
    expect(numberedSlug('music', 13)).toBe('music-13');
  });

  it('shortens a long base so the numbered slug still fits', () => {
    const slug = numberedSlug('x'.repeat(MAX_SLUG_LENGTH), 12);
    expect(slug).toHaveLength(MAX_SLUG_LENGTH);
    expect(slug.endsWith('x-12')).toBe(true);
  });
});
