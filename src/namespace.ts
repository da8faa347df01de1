/** The API's namespace: every route lives under `<REST_PREFIX>/calendar/events/v1`. */
export const NAMESPACE = 'calendar/events/v1';
