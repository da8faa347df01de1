/**
 * Translations keyed by the English template (gettext style). A missing entry falls back to
 * English, so a new message never breaks a response; the discovery tests check completeness.
 */
export const CATALOGS: Record<'en_US' | 'de_DE' | 'fr_FR', Record<string, string>> = {
  en_US: {},
  de_DE: {},
  fr_FR: {},
};
