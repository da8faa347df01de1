import { AsyncLocalStorage } from 'node:async_hooks';
import { randomInt } from 'node:crypto';
import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { isUniqueViolation } from '../database/transaction';
import { JsonRead, JsonReadSelect, readTogether } from '../database/read-together';
import { MAX_SLUG_LENGTH, numberedSlug, slugify } from '../common/slug';
import { isSqlite } from '../database/dialect';
import { startsWith } from '../database/prefix-match';
import { ParseResult, fail, ok } from '../common/parsing/parse-result';
import { parseString } from '../common/parsing/string';
import { msg } from '../common/i18n/message';

export { slugify } from '../common/slug';

/** Which attempt of retryOnSlugConflict is running, for uniqueSlug. */
const attemptNumber = new AsyncLocalStorage<number>();

/**
 * A slug for `text` that no other row of `target` uses: the slugified text, or `fallback` when
 * that is empty, made unique with the lowest free `-2`, `-3`... Run it inside the transaction that
 * writes the row; the unique index settles races (see retryOnSlugConflict). On a retry the search
 * starts a random distance past the first free number: writers that lost a race together would
 * otherwise all pick the same next number again, and only one of them would win each round.
 * `prefetched` is slugRead's answer when the caller read it with other lookups, in the same
 * transaction; it is used when it is for the same base.
 */
export async function uniqueSlug(
  manager: EntityManager,
  target: EntityTarget<ObjectLiteral>,
  text: string,
  options: SlugOptions,
  prefetched?: SlugStart,
): Promise<string> {
  const base = slugBase(text, options);
  const start =
    prefetched?.base === base ? prefetched : await readTogether(manager, [slugRead(manager, target, text, options)]).then(([read]) => read);
  if (start.free !== undefined) return numberedSlug(base, start.free);
  const taken = await takenSlugs(manager, target, base, options.excludeId);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(numberedSlug(base, n))) n++;
  const attempt = attemptNumber.getStore() ?? 1;
  if (attempt > 1) n += randomInt(0, 16 * attempt);
  while (taken.has(numberedSlug(base, n))) n++;
  return numberedSlug(base, n);
}

export interface SlugOptions {
  /** The slug's text when `text` slugifies to nothing. */
  readonly fallback: string;
  /** The row being written, whose own slug is no conflict. */
  readonly excludeId?: number;
}

/** What uniqueSlug reads first: the lowest free number of `base`, when one read can tell. */
export interface SlugStart {
  readonly base: string;
  readonly free: number | undefined;
}

function slugBase(text: string, options: SlugOptions): string {
  return slugify(text) || options.fallback;
}

/**
 * uniqueSlug's first read, to share a statement with a write's other lookups (issue #14): the
 * lowest free number when the numbers taken leave no gap (denseFreeSelect). Nothing to read on a
 * retry after a conflict, or for a base the pattern cannot hold.
 */
export function slugRead(
  manager: EntityManager,
  target: EntityTarget<ObjectLiteral>,
  text: string,
  options: SlugOptions,
): JsonRead<SlugStart> {
  const base = slugBase(text, options);
  // Room for any number's suffix: numberedSlug never shortens the base, so `base-n` is exact SQL.
  const dense = (attemptNumber.getStore() ?? 1) === 1 && base.length <= MAX_SLUG_LENGTH - MAX_SUFFIX_LENGTH && /^[a-z0-9_-]+$/.test(base);
  return {
    selects: dense ? [denseFreeSelect(manager, target, base, options.excludeId)] : [],
    answer: ([row]) => ({ base, free: row ? denseFree(row) : undefined }),
  };
}

/** `-` and up to 20 digits (any number SQL can hold). */
const MAX_SUFFIX_LENGTH = 21;

/**
 * The statement behind denseFree: a count and a maximum over the slug index's `base-%` range, and
 * whether `base` itself is taken, without reading every `base-n` (issue #14). Only canonical
 * `base-n` rows count (not `base-02`, `base-2b`, `base-1`). The base is `[a-z0-9_-]`, so it needs
 * no quoting in the pattern; a window over the numbers (LEAD) found gaps too but cost MariaDB 2 ms
 * at 1,000 rows.
 */
function denseFreeSelect(manager: EntityManager, target: EntityTarget<ObjectLiteral>, base: string, excludeId = 0): JsonReadSelect {
  const table = manager.connection.getMetadata(target).tableName;
  const sqlite = isSqlite(manager);
  const canonical = sqlite
    ? { sql: 'slug GLOB ? AND NOT slug GLOB ?', params: [`${base}-[1-9]*`, `${base}-*[^0-9]*`] }
    : { sql: 'slug REGEXP ?', params: [`^${base}-[1-9][0-9]*$`] };
  return {
    object: `JSON_OBJECT('base_taken', (SELECT COUNT(*) FROM ${table} WHERE slug = ? AND id <> ?), 'taken', COUNT(*),
       'highest', MAX(CAST(SUBSTR(slug, ?) AS ${sqlite ? 'INTEGER' : 'UNSIGNED'})))`,
    from: `FROM ${table} WHERE slug LIKE ? ESCAPE '!' AND ${canonical.sql} AND slug <> ? AND id <> ?`,
    params: [base, excludeId, base.length + 2, `${base.replace(/[!%_]/g, '!$&')}-%`, ...canonical.params, `${base}-1`, excludeId],
  };
}

/**
 * 1 when the base is free; else, when the numbers taken are exactly 2 to m (a title created many
 * times, as "Yoga class"), m + 1; `undefined` when there are gaps: the caller reads the slugs to
 * find the lowest.
 */
function denseFree(row: Record<string, unknown>): number | undefined {
  if (Number(row.base_taken) === 0) return 1;
  const taken = Number(row.taken);
  if (taken === 0) return 2;
  return Number(row.highest) === taken + 1 ? taken + 2 : undefined;
}

/**
 * `base` and every `base-n` slug of `target`, lower-cased (with look-alikes, which the caller
 * ignores). A base too long for a suffix is shortened in its numbered slugs (numberedSlug), so
 * then every slug that starts as all of them do is read.
 */
async function takenSlugs(
  manager: EntityManager,
  target: EntityTarget<ObjectLiteral>,
  base: string,
  excludeId: number | undefined,
): Promise<Set<string>> {
  const query = manager.createQueryBuilder(target, 'row').select('row.slug', 'slug');
  if (base.length <= MAX_SLUG_LENGTH - MAX_SUFFIX_LENGTH) {
    const numbered = startsWith(manager, 'row.slug', `${base}-`, 'prefix');
    query.where(`(row.slug = :base OR ${numbered.sql})`, { base, ...numbered.params });
  } else {
    const shortened = startsWith(manager, 'row.slug', base.slice(0, MAX_SLUG_LENGTH - MAX_SUFFIX_LENGTH).replace(/-+$/, ''), 'prefix');
    query.where(shortened.sql, shortened.params);
  }
  if (excludeId !== undefined) query.andWhere('row.id <> :excludeId', { excludeId });
  return new Set((await query.getRawMany<{ slug: string }>()).map((row) => row.slug.toLowerCase()));
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

/** A `slug` parameter: any text, slugified; refused when nothing of it is left. */
export function parseSlug(raw: unknown): ParseResult<string> {
  const text = parseString(raw, { trim: true, nonEmpty: true, maxLength: 200 });
  if (!text.ok) return text;
  const slug = slugify(text.value);
  return slug ? ok(slug) : fail(msg('Must contain at least one letter or digit.'));
}
