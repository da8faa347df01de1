import { EVENT_ERRORS } from '../../events/event.errors';
import { ORGANIZER_ERRORS } from '../../organizers/organizer.errors';
import { TERM_ERRORS } from '../../terms/term.errors';
import { VENUE_ERRORS } from '../../venues/venue.errors';
import { ErrorTable, TranslatedLocale } from './error-table';

/** The platform's error codes (CONTRACT §2.1): HTTP, validation, authentication, limits. */
const PLATFORM_ERRORS = {
  rest_no_route: { status: 404, message: 'No route was found matching the URL and request method.' },
  rest_bad_request: { status: 400, message: 'The request could not be read as HTTP.' },
  rest_headers_too_large: { status: 431, message: 'The URL or the headers of the request are larger than the server accepts.' },
  rest_invalid_json: { status: 400, message: 'Invalid JSON body passed.' },
  rest_missing_callback_param: { status: 400, message: 'Missing parameter(s): %s' },
  rest_invalid_param: { status: 400, message: 'Invalid parameter(s): %s' },
  rest_forbidden: { status: 403, message: 'Sorry, you are not allowed to do that.' },
  invalid_credentials: { status: 401, message: 'The provided user name or application password is not valid.' },
  rest_insecure_transport: {
    status: 401,
    message: 'Credentials are only accepted over HTTPS: this request came over plain HTTP from another machine.',
  },
  rest_invalid_namespace: { status: 404, message: 'The specified namespace could not be found.' },
  rest_precondition_failed: { status: 412, message: 'The resource has changed since it was read.' },
  idempotency_key_reused: { status: 422, message: 'The Idempotency-Key was already used with a different request.' },
  rest_payload_too_large: { status: 413, message: 'The request body is larger than the limit of %s.' },
  rest_too_many_requests: { status: 429, message: 'Too many failed login attempts. Try again in %s seconds.' },
  rest_internal_error: { status: 500, message: 'An unexpected error occurred. Request id: %s' },
  rest_unavailable: { status: 503, message: 'The service is temporarily unavailable. Try again shortly.' },
} as const satisfies ErrorTable;

/** Every table of codes: the platform's, then each resource's (declared in its folder). */
export const ERROR_TABLES: readonly ErrorTable[] = [PLATFORM_ERRORS, EVENT_ERRORS, VENUE_ERRORS, ORGANIZER_ERRORS, TERM_ERRORS];

/**
 * Every error code the API can answer with, its HTTP status and default message: the filter and
 * the OpenAPI document read this table. A new resource adds its table above.
 */
export const ERRORS = {
  ...PLATFORM_ERRORS,
  ...EVENT_ERRORS,
  ...VENUE_ERRORS,
  ...ORGANIZER_ERRORS,
  ...TERM_ERRORS,
} as const satisfies ErrorTable;

export type ErrorCode = keyof typeof ERRORS;

/** The translations the resources' tables carry, for the catalogs (English message → text). */
export function errorTranslations(locale: TranslatedLocale): Record<string, string> {
  const entries: [string, string][] = [];
  for (const table of ERROR_TABLES) {
    for (const error of Object.values(table)) {
      const text = error[locale];
      if (text !== undefined) entries.push([error.message, text]);
    }
  }
  return Object.fromEntries(entries);
}
