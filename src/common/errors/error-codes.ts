/**
 * Every error code the API can answer with (CONTRACT §2.1), with its HTTP status and default
 * message. The filter and the OpenAPI document read this table; adding a code means adding a row.
 */
export const ERRORS = {
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
  'rest-event-not-found': { status: 404, message: 'Event with ID %s does not exist.' },
  'venue-not-found': { status: 404, message: 'The requested venue does not exist.' },
  'organizer-not-found': { status: 404, message: 'The requested organizer does not exist.' },
  rest_term_invalid: { status: 404, message: 'Term does not exist.' },
  'event-not-accessible': { status: 403, message: 'The requested event is not accessible' },
  'venue-not-accessible': { status: 403, message: 'The requested venue is not accessible' },
  'organizer-not-accessible': { status: 403, message: 'The requested organizer is not accessible' },
  'event-password-protected': { status: 403, message: 'The requested event is not accessible without a password' },
  'event-no-longer-available': { status: 403, message: 'This event is no longer available' },
  'event-archive-page-not-found': { status: 404, message: 'The requested event archive page does not exist' },
  'venue-archive-page-not-found': { status: 404, message: 'The requested venue archive page does not exist' },
  'organizer-archive-page-not-found': { status: 404, message: 'The requested organizer archive page does not exist' },
  'event-is-in-trash': { status: 410, message: 'The event is already trashed' },
  'venue-is-in-trash': { status: 410, message: 'The venue is already trashed' },
  'organizer-is-in-trash': { status: 410, message: 'The organizer is already trashed' },
  term_exists: { status: 400, message: 'A term with the name provided already exists in this taxonomy.' },
  duplicate_term_slug: { status: 400, message: 'The slug “%s” is already in use by another term.' },
  rest_invalid_namespace: { status: 404, message: 'The specified namespace could not be found.' },
  rest_precondition_failed: { status: 412, message: 'The resource has changed since it was read.' },
  idempotency_key_reused: { status: 422, message: 'The Idempotency-Key was already used with a different request.' },
  rest_payload_too_large: { status: 413, message: 'The request body is larger than the limit of %s.' },
  rest_too_many_requests: { status: 429, message: 'Too many failed login attempts. Try again in %s seconds.' },
  rest_internal_error: { status: 500, message: 'An unexpected error occurred. Request id: %s' },
  rest_unavailable: { status: 503, message: 'The service is temporarily unavailable. Try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
