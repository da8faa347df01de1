import { ApiError } from '../errors/api-error';

/** More digits than any stored id can have: the number stays exact below 2^53. */
const MAX_ID_DIGITS = 15;

/**
 * A path id is one or more digits (CONTRACT §2.2). Express 5 routes cannot carry a regex, so a
 * non-digit id is answered here exactly as an unmatched route would be: 404 rest_no_route. A
 * longer run of digits is still an id, one that no item has: it reads as the largest exact
 * number, which no row reaches, so the resource answers its own "not found".
 */
export function parsePathId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw new ApiError('rest_no_route');
  return raw.replace(/^0+(?=\d)/, '').length > MAX_ID_DIGITS ? Number.MAX_SAFE_INTEGER : Number(raw);
}
