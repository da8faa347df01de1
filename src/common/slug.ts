/** Slugs are stored in varchar(200), as WordPress's `slug`/`post_name` columns. */
export const MAX_SLUG_LENGTH = 200;

// Letters that Unicode decomposition does not reduce to ASCII plus marks.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  þ: 'th',
  ŧ: 't',
};

/**
 * The slug of a title, as WordPress's sanitize_title makes it, limited to ASCII: accents
 * transliterated, HTML entities and apostrophes dropped, dots, whitespace and dashes become one
 * hyphen, other punctuation is dropped ("Joe's Bar &amp; Grill" gives "joes-bar-grill",
 * "Café Zürich" gives "cafe-zurich"). May be "" when nothing is left ("東京", "!!!").
 */
export function slugify(text: string): string {
  const slug = text
    .replace(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi, '')
    .toLowerCase()
    .replace(/[ßæœøđðħıłþŧ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[.\s\u2010-\u2015]+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return truncate(slug, MAX_SLUG_LENGTH);
}

/**
 * The stored slug a path or parameter names, or undefined when the text cannot name one: slugs
 * are what slugify makes (lower-case ASCII letters, digits, `-` and `_`), looked up case-insensitively.
 */
export function slugNamedBy(text: string): string | undefined {
  const slug = text.toLowerCase();
  return slug.length <= MAX_SLUG_LENGTH && /^[a-z0-9_-]+$/.test(slug) ? slug : undefined;
}

/** `base` with `-n` appended (n > 1), the base shortened so that the whole fits MAX_SLUG_LENGTH. */
export function numberedSlug(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${truncate(base, MAX_SLUG_LENGTH - suffix.length)}${suffix}`;
}

function truncate(slug: string, max: number): string {
  return slug.length <= max ? slug : slug.slice(0, max).replace(/-+$/, '');
}
