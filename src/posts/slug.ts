import { AsyncLocalStorage } from 'node:async_hooks';
import { randomInt } from 'node:crypto';
import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { isUniqueViolation } from '../database/transaction';
import { numberedSlug, slugify } from '../common/slug';

export { slugify } from '../common/slug';

/** Which attempt of retryOnSlugConflict is running, for uniqueSlug. */
const attemptNumber = new AsyncLocalStorage<number>();

/**
 * A slug for `text` that no other row of `target` uses: the slugified text, or `fallback` when
 * that is empty, made unique with `-2`, `-3`... Run it inside the transaction that writes the row;
 * the unique index settles races (see retryOnSlugConflict). On a retry the search starts a random
 * distance past the first free number: writers that lost a race together would otherwise all pick
 * the same next number again, and only one of them would win each round.
 */
export async function uniqueSlug(
  manager: EntityManager,
  target: EntityTarget<ObjectLiteral>,
  text: string,
  options: { fallback: string; excludeId?: number },
): Promise<string> {
  const base = slugify(text) || options.fallback;
  const query = manager
    .createQueryBuilder(target, 'row')
    .select('row.slug', 'slug')
    .where('(row.slug = :base OR row.slug LIKE :prefix)', { base, prefix: `${base}-%` });
  if (options.excludeId !== undefined) query.andWhere('row.id <> :excludeId', { excludeId: options.excludeId });
  const taken = new Set((await query.getRawMany<{ slug: string }>()).map((row) => row.slug.toLowerCase()));
  const attempt = attemptNumber.getStore() ?? 1;
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(numberedSlug(base, n))) n++;
  if (attempt > 1) n += randomInt(0, 16 * attempt);
  while (taken.has(numberedSlug(base, n))) n++;
  return numberedSlug(base, n);
}

/**
 * Runs a write again when a unique index refused its slug (or another unique key, such as a
 * term's name) because a concurrent write took it first (CONTRACT §8); `work` must open its own
 * transaction so the retry starts clean, and its checks then see the other write's row.
 */
export async function retryOnSlugConflict<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptNumber.run(attempt, work);
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}
