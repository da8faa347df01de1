/** The longest slug, as WordPress's `slug` column. */
export const MAX_SLUG_LENGTH = 200;

// Letters that Unicode decomposition does not reduce to ASCII.
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * A slug the way WordPress's sanitize_title makes one, limited to ASCII: accents transliterated,
 * lower case, whitespace, slashes and dashes become one hyphen, other punctuation is dropped
 * ("Rock & Roll" gives "rock-roll", "Café Müller" gives "cafe-muller"). May return "".
 */
export function slugify(text: string): string {
  const slug = text
    .replace(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi, ' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => SPECIAL[letter])
    .replace(/[\s/\\\u2010-\u2015-]+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return truncateSlug(slug, MAX_SLUG_LENGTH);
}

/** `base` with `-n` appended (n > 1), shortened so that the whole fits in MAX_SLUG_LENGTH. */
export function numberedSlug(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${truncateSlug(base, MAX_SLUG_LENGTH - suffix.length)}${suffix}`;
}

function truncateSlug(slug: string, max: number): string {
  return slug.length <= max ? slug : slug.slice(0, max).replace(/-+$/, '');
}
