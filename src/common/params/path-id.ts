import { ApiError } from '../errors/api-error';

/**
 * A path id is one or more digits (CONTRACT §2.2). Express 5 routes cannot carry a regex, so a
 * non-digit id is answered here exactly as an unmatched route would be: 404 rest_no_route.
 */
export function parsePathId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) throw new ApiError('rest_no_route');
  return Number(raw);
}
