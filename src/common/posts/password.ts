import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares a post password with the one a request sent, in constant time. */
export function postPasswordMatches(stored: string | null, given: string | undefined | null): boolean {
  if (!stored || typeof given !== 'string' || given === '') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(stored), digest(given));
}
