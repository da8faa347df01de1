import { errorTranslations } from '../errors/error-codes';
import { de_DE } from './de_DE';
import { fr_FR } from './fr_FR';

/**
 * Translations keyed by the English template (gettext style). A missing entry falls back to
 * English, so a new message never breaks a response; src/discovery/translations.spec.ts fails
 * until every English text a client can receive has a de_DE and an fr_FR entry. The resources'
 * error messages are translated in their own error tables (e.g. src/venues/venue.errors.ts).
 */
export const CATALOGS: Record<'en_US' | 'de_DE' | 'fr_FR', Record<string, string>> = {
  en_US: {},
  de_DE: { ...de_DE, ...errorTranslations('de_DE') },
  fr_FR: { ...fr_FR, ...errorTranslations('fr_FR') },
};
