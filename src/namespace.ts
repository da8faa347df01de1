import { RequestMethod } from '@nestjs/common';

/** The API's namespace: every route lives under `<REST_PREFIX>/calendar/events/v1`. */
export const NAMESPACE = 'calendar/events/v1';

/** Routes outside the namespace and the REST prefix (the namespace index leaves them out too). */
export const OUTSIDE_NAMESPACE = [
  { path: 'health', method: RequestMethod.GET },
  { path: 'ready', method: RequestMethod.GET },
  { path: 'metrics', method: RequestMethod.GET },
];
