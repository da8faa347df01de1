/** What a language other than English says for a message; `en_US` is the message itself. */
export type TranslatedLocale = 'de_DE' | 'fr_FR';

/**
 * One error code: its HTTP status and its English message (CONTRACT §2.1). A resource declares
 * its own codes with their translations next to its code; the platform's are translated in the
 * common catalogs (src/common/i18n).
 */
export interface ErrorDefinition {
  readonly status: number;
  readonly message: string;
  readonly de_DE?: string;
  readonly fr_FR?: string;
}

export type ErrorTable = Readonly<Record<string, ErrorDefinition>>;

/** A resource's codes, each with its translations (required: a resource's table is complete on its own). */
export type ResourceErrorTable = Readonly<Record<string, Required<ErrorDefinition>>>;
