import { Message, formatMessage, isMessage } from './message';
import { CATALOGS } from './catalogs';

export const LOCALES = ['en_US', 'de_DE', 'fr_FR'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** Translates an English template (the catalog key) into `locale`, then fills its placeholders. */
export function translate(message: Message, locale: Locale): string {
  const template = CATALOGS[locale][message.text] ?? message.text;
  return formatMessage(template, message.args, (word) => translate(word, locale));
}

/** Replaces every Message inside a JSON-like value by its translation. */
export function translateDeep(value: unknown, locale: Locale): unknown {
  if (isMessage(value)) return translate(value, locale);
  if (Array.isArray(value)) return value.map((item) => translateDeep(item, locale));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = translateDeep(item, locale);
    return out;
  }
  return value;
}

/**
 * Picks the first supported language of an Accept-Language header (`de-DE`, `de`, `fr;q=0.8`),
 * in the header's quality order, else the site locale.
 */
export function resolveLocale(acceptLanguage: string | undefined, siteLocale: Locale): Locale {
  if (!acceptLanguage) return siteLocale;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().replace('-', '_').toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const match = LOCALES.find((locale) => locale.toLowerCase() === tag || locale.slice(0, 2) === tag.slice(0, 2));
    if (match) return match;
  }
  return siteLocale;
}
