import { createHash } from 'node:crypto';

/** What makes two requests "the same" for one Idempotency-Key. */
export interface FingerprintedRequest {
  readonly method: string;
  /** The path without the query string, e.g. `/calendar/events/v1/events`. */
  readonly path: string;
  readonly query: unknown;
  readonly body: unknown;
}

/**
 * SHA-256 (hex) of the method, the path, the query and the body, objects with their keys sorted:
 * the same fields in another order are the same request; another value, field or route is not.
 */
export function requestFingerprint(request: FingerprintedRequest): string {
  const canonical = JSON.stringify([request.method.toUpperCase(), request.path, sorted(request.query ?? {}), sorted(request.body ?? null)]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** SHA-256 (hex) of a key, as stored. */
export function keyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
  );
}
