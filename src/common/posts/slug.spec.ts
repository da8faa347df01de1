import { slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['A Venue', 'a-venue'],
    ['Café Zürich', 'cafe-zurich'],
    ["Joe's Bar & Grill", 'joes-bar-grill'],
    ['Rock &amp; Roll &#8217;n&#x27; more', 'rock-roll-n-more'],
    ['Straße Ærø Łódź', 'strasse-aero-lodz'],
    ['  --Hello--  World--  ', 'hello-world'],
    ['東京', ''],
  ])('%s gives "%s"', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('keeps the base short enough for a suffix', () => {
    expect(slugify('a'.repeat(300)).length).toBe(190);
  });
});
