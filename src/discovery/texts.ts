import { Request } from 'express';
import { CATALOGS } from '../common/i18n/catalogs';
import { Locale, resolveLocale } from '../common/i18n/translator';

/** Looks an English text (a catalog key) up in one language; English when there is no entry. */
export type Translate = (english: string) => string;

export function translator(locale: Locale, onLookup?: (english: string) => void): Translate {
  return (english) => {
    onLookup?.(english);
    return CATALOGS[locale][english] ?? english;
  };
}

/** The request's language: Accept-Language when it names a supported one, else SITE_LOCALE. */
export function requestLocale(request: Request, siteLocale: Locale): Locale {
  return resolveLocale(request.headers['accept-language'], siteLocale);
}

/** `de_DE` as a Content-Language tag (`de-DE`). */
export function languageTag(locale: Locale): string {
  return locale.replace('_', '-');
}
