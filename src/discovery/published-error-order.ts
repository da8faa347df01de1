/**
 * The order /doc has listed the error codes in since before they moved into the resources' folders
 * (test/golden/doc.*.json): the published document keeps it, byte for byte. Codes added later
 * follow in the registry's order, so a new resource need not touch this list.
 */
const PUBLISHED: readonly string[] = [
  'rest_no_route',
  'rest_bad_request',
  'rest_headers_too_large',
  'rest_invalid_json',
  'rest_missing_callback_param',
  'rest_invalid_param',
  'rest_forbidden',
  'invalid_credentials',
  'rest_insecure_transport',
  'rest-event-not-found',
  'venue-not-found',
  'organizer-not-found',
  'rest_term_invalid',
  'event-not-accessible',
  'venue-not-accessible',
  'organizer-not-accessible',
  'event-password-protected',
  'event-no-longer-available',
  'event-archive-page-not-found',
  'venue-archive-page-not-found',
  'organizer-archive-page-not-found',
  'event-is-in-trash',
  'venue-is-in-trash',
  'organizer-is-in-trash',
  'term_exists',
  'duplicate_term_slug',
  'rest_invalid_namespace',
  'rest_precondition_failed',
  'idempotency_key_reused',
  'rest_payload_too_large',
  'rest_too_many_requests',
  'rest_internal_error',
  'rest_unavailable',
];

/** `codes` with the published ones first, in their published order, then the others as given. */
export function inPublishedOrder(codes: readonly string[]): string[] {
  const known = PUBLISHED.filter((code) => codes.includes(code));
  return [...known, ...codes.filter((code) => !PUBLISHED.includes(code))];
}
