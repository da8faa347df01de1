import { MAX_SLUG_LENGTH, numberedSlug, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Concerts', 'concerts'],
    ['A Venue', 'a-venue'],
    ['Rock & Roll', 'rock-roll'],
    ['Rock &amp; Roll &#8217;n&#x27; more', 'rock-roll-n-more'],
    ["Joe's Bar & Grill", 'joes-bar-grill'],
    ['Café Zürich', 'cafe-zurich'],
    ['Straße Ærø Łódź', 'strasse-aero-lodz'],
    ['  --Hello--  World--  ', 'hello-world'],
    ['Foo.Bar!?', 'foo-bar'],
    ['a – b — c', 'a-b-c'],
    ['snake_case', 'snake_case'],
    ['2026', '2026'],
  ])('turns %j into %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('returns "" when nothing ASCII is left', () => {
    expect(slugify('東京')).toBe('');
    expect(slugify('!!!')).toBe('');
  });

  it('never exceeds the maximum length nor ends with a hyphen', () => {
    expect(slugify(`${'a'.repeat(199)} b`)).toBe('a'.repeat(199));
    expect(slugify('a'.repeat(300))).toHaveLength(MAX_SLUG_LENGTH);
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
