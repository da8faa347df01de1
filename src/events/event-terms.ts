import { DataSource, EntityManager } from 'typeorm';
import { stripTags } from '../common/html/sanitize';
import { slugify } from '../common/slug';
import { Message, msg } from '../common/i18n/message';
import { transaction } from '../database/transaction';
import { Taxonomy } from '../terms/taxonomy';
import { insertTerm, termNameKey } from '../terms/term-insert';
import { TermEntity } from '../terms/term.entity';
import { eventLinks } from './event-links';
import { recountCategoryTrees } from './event-day-counts';
import { CategoryTrees, lockTermsInOrder } from './category-trees';
import { marks, SqlPiece } from '../database/placeholders';
import { JsonRead, mapRead } from '../database/read-together';
import { isSqlite } from '../database/dialect';

const MAX_TERM_NAME_LENGTH = 200;

/** The terms an event write names, found or (for those who may manage terms) to be created. */
export interface ResolvedTerms {
  readonly ids: number[];
  /** Names that match no term; created by `createTerms` in the write transaction. */
  readonly missing: string[];
}

/** The references of one taxonomy (an event write names categories and tags). */
export interface TermRefs {
  readonly taxonomy: Taxonomy;
  readonly refs: readonly string[];
}

/**
 * What each lookup's `refs` name in its taxonomy, as one read (issue #14: an event write names
 * two), answers in the order given. As the original reads term references (CONTRACT §3): digits
 * are an id; other items are a slug, else an exact name (case-insensitive, compared as stored:
 * tags stripped, so `Rock & Roll` finds the stored `Rock &amp; Roll`). `unmatched` keeps the
 * order of `refs`.
 */
export function termRefsRead(lookups: readonly TermRefs[]): JsonRead<{ ids: number[]; unmatched: string[] }[]> {
  const wheres = lookups.flatMap(({ taxonomy, refs }) => {
    const matches = refMatches(refs);
    return matches ? [{ sql: `(taxonomy = ? AND ${matches.sql})`, params: [taxonomy.name, ...matches.params] }] : [];
  });
  return {
    selects: wheres.length
      ? [
          {
            object: "JSON_OBJECT('taxonomy', taxonomy, 'id', id, 'slug', slug, 'name_key', name_key)",
            from: `FROM terms WHERE ${wheres.map((where) => where.sql).join(' OR ')}`,
            params: wheres.flatMap((where) => where.params),
          },
        ]
      : [],
    answer: (rows) => {
      // In id order: of two terms with the same name (under different parents), a name names the first.
      const found = rows
        .map((row) => ({ taxonomy: String(row.taxonomy), id: Number(row.id), slug: String(row.slug), nameKey: String(row.name_key) }))
        .sort((a, b) => a.id - b.id);
      return lookups.map(({ taxonomy, refs }) =>
        resolveRefs(
          refs,
          found.filter((term) => term.taxonomy === taxonomy.name),
        ),
      );
    },
  };
}

/**
 * The terms any of `refs` may name, as SQL over `terms`: by id, slug or stored name. Undefined when
 * none can name one (digits beyond the safe integers name no term, and as Infinity would reach the SQL).
 */
function refMatches(refs: readonly string[]): SqlPiece | undefined {
  const words = refs.filter((ref) => !isIdRef(ref));
  const either: [column: string, values: readonly (number | string)[]][] = [
    [
      'id',
      refs
        .filter(isIdRef)
        .map(Number)
        .filter((id) => Number.isSafeInteger(id)),
    ],
    ['slug', [...new Set(words.flatMap(slugsOf))]],
    ['name_key', words.map(nameKeyOf)],
  ];
  const used = either.filter(([, values]) => values.length);
  if (!used.length) return undefined;
  return {
    sql: `(${used.map(([column, values]) => `${column} IN (${marks(values.length)})`).join(' OR ')})`,
    params: used.flatMap(([, values]) => values),
  };
}

/**
 * The slugs a ref may be: as written (lower-cased), and as WordPress's get_term_by('slug') reads it,
 * through sanitize_title (tec-events-api §2.2: "looked up first as a slug (after slugifying)"), so
 * "Beer Festivals!" names the category `beer-festivals` instead of becoming a new one.
 */
function slugsOf(ref: string): string[] {
  const slug = slugify(ref);
  return slug ? [ref.toLowerCase(), slug] : [ref.toLowerCase()];
}

/** Which of `found` each ref names: an id, else a slug, else a name (termRefsRead). */
function resolveRefs(
  refs: readonly string[],
  found: readonly Pick<TermEntity, 'id' | 'slug' | 'nameKey'>[],
): { ids: number[]; unmatched: string[] } {
  const resolved: number[] = [];
  const unmatched: string[] = [];
  for (const ref of refs) {
    const term = isIdRef(ref)
      ? found.find((t) => t.id === Number(ref))
      : (slugsOf(ref)
          .map((slug) => found.find((t) => t.slug === slug))
          .find((t) => t !== undefined) ?? found.find((t) => t.nameKey === nameKeyOf(ref)));
    if (term) resolved.push(term.id);
    else unmatched.push(ref);
  }
  return { ids: [...new Set(resolved)], unmatched };
}

/**
 * termRefsRead of one hierarchical taxonomy, with every descendant of each term found
 * (`members`: each found term as `root` with itself and its descendants as `id`): a list filtered
 * by categories reads them per request (issue #14).
 */
export function termTreesRead(
  taxonomy: Taxonomy,
  refs: readonly string[],
): JsonRead<{ ids: number[]; unmatched: string[]; members: { root: number; id: number }[] }> {
  const matches = refMatches(refs);
  return {
    selects: matches
      ? [
          {
            object: "JSON_OBJECT('root', x.root, 'id', x.id, 'slug', x.slug, 'name_key', x.name_key)",
            from: `FROM (WITH RECURSIVE tree (root, id) AS (
                SELECT id, id FROM terms WHERE taxonomy = ? AND ${matches.sql}
                UNION SELECT tree.root, t.id FROM terms t INNER JOIN tree ON t.parent = tree.id WHERE t.taxonomy = ?
              ) SELECT tree.root AS root, tree.id AS id, r.slug AS slug, r.name_key AS name_key FROM tree INNER JOIN terms r ON r.id = tree.root) x`,
            params: [taxonomy.name, ...matches.params, taxonomy.name],
          },
        ]
      : [],
    answer: (rows) => {
      const found = new Map<number, Pick<TermEntity, 'id' | 'slug' | 'nameKey'>>();
      for (const row of rows) found.set(Number(row.root), { id: Number(row.root), slug: String(row.slug), nameKey: String(row.name_key) });
      const resolved = resolveRefs(
        refs,
        [...found.values()].sort((a, b) => a.id - b.id),
      );
      const roots = new Set(resolved.ids);
      const members = rows.map((row) => ({ root: Number(row.root), id: Number(row.id) })).filter((member) => roots.has(member.root));
      return { ...resolved, members };
    },
  };
}

function isIdRef(ref: string): boolean {
  return /^\d+$/.test(ref);
}

/** A name as the term routes store it (parseTermName), lower-cased as names compare. */
function nameKeyOf(name: string): string {
  return termNameKey(stripTags(name.normalize('NFC')));
}

/**
 * The categories and tags of an event write (CONTRACT §3) as one read, each lookup's answer in
 * the order given: ids must exist in the taxonomy; unknown names are returned as `missing` when
 * `mayCreate`, else they are a reason for a 400, like unknown ids.
 */
export function termRefsOfWrite(lookups: readonly TermRefs[], mayCreate: boolean): JsonRead<(ResolvedTerms | Message)[]> {
  // An empty list finds nothing and leaves nothing unmatched: its answer is no terms.
  return mapRead(termRefsRead(lookups), (found) =>
    lookups.map(({ taxonomy }, i) => {
      const { ids, unmatched } = found[i];
      const unknownIds = unmatched.filter(isIdRef);
      const missing = unmatched.filter((ref) => !isIdRef(ref));
      if (unknownIds.length) return msg('No %s has the ID(s): %s.', noun(taxonomy), unknownIds.join(', '));
      if (missing.length && !mayCreate)
        return msg('No %s matches: %s (only editors may create terms).', noun(taxonomy), missing.join(', '));
      const tooLong = missing.find((name) => !stripTags(name) || [...stripTags(name)].length > MAX_TERM_NAME_LENGTH);
      if (tooLong !== undefined) return msg('"%s" is not a valid term name.', tooLong);
      // One new term per name as names compare (case-insensitively): `Foo` and `foo` are one term.
      const names = new Map<string, string>();
      for (const ref of missing) if (!names.has(nameKeyOf(ref))) names.set(nameKeyOf(ref), stripTags(ref));
      return { ids, missing: [...names.values()] };
    }),
  );
}

/** The word for a term in a message, translated with it. */
function noun(taxonomy: Taxonomy): Message {
  return taxonomy.hierarchical ? msg('event category') : msg('event tag');
}

/** Creates top-level terms named `names` inside the write's transaction and returns their ids. */
export async function createTerms(manager: EntityManager, taxonomy: Taxonomy, names: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) ids.push((await insertTerm(manager, taxonomy, { name, description: '', parent: 0 })).id);
  return ids;
}

/** What `terms.count` sees of one event: whether it is published, and its terms. */
export interface CountedState {
  readonly status: string;
  readonly termIds: readonly number[];
}

/** A state that counts nowhere: before a create, after a hard delete. */
export const UNCOUNTED: CountedState = { status: '', termIds: [] };

/**
 * Per term, how `terms.count` (published events with the term, CONTRACT §5) changes when one
 * event goes from `before` to `after`; only nonzero changes. Trash and every other status count
 * as not published.
 */
export function termCountDeltas(before: CountedState, after: CountedState): Map<number, number> {
  const deltas = new Map<number, number>();
  const add = (state: CountedState, sign: number) => {
    if (state.status !== 'publish') return;
    for (const id of new Set(state.termIds)) deltas.set(id, (deltas.get(id) ?? 0) + sign);
  };
  add(before, -1);
  add(after, 1);
  for (const [id, delta] of deltas) if (!delta) deltas.delete(id);
  return deltas;
}

/**
 * One UPDATE for all changed terms, grouped by delta. One statement, not one per delta, so the
 * rows are locked in primary-key order (MySQL walks a sorted IN list) and concurrent writers
 * sharing terms cannot deadlock on them. A count never goes below 0, even if it was wrong before.
 */
export function termCountUpdate(deltas: ReadonlyMap<number, number>, sqlite: boolean): { sql: string; params: number[] } | undefined {
  const groups = new Map<number, number[]>();
  for (const [id, delta] of deltas) if (delta) groups.set(delta, [...(groups.get(delta) ?? []), id]);
  if (!groups.size) return undefined;
  const ids = [...groups.values()].flat().sort((a, b) => a - b);
  const cases = [...groups].sort(([a], [b]) => a - b).map(([delta, group]) => [delta, group.sort((a, b) => a - b)] as const);
  const change = `CASE ${cases.map(([, group]) => `WHEN id IN (${marks(group.length)}) THEN ?`).join(' ')} END`;
  return {
    sql: `UPDATE terms SET count = ${sqlite ? 'MAX' : 'GREATEST'}(count + ${change}, 0) WHERE id IN (${marks(ids.length)})`,
    params: [...cases.flatMap(([value, group]) => [...group, value]), ...ids],
  };
}

/**
 * Keeps `terms.count` up to date incrementally in the write's transaction: a recount per term
 * costs a COUNT over all its events (~40 ms at 100,000 events on MariaDB, issue #7). `before` must
 * be read after the event's row lock, or two writers of one event would apply the same change.
 * Resolves the category trees of before's and after's terms as its locks read them (null on
 * SQLite): lockTermsInOrder.
 */
export async function adjustTermCounts(manager: EntityManager, before: CountedState, after: CountedState): Promise<CategoryTrees | null> {
  const deltas = termCountDeltas(before, after);
  // Every term row the write locks from here on (counts, new links' foreign keys, the linked terms'
  // check, the category trees), in id order at once: see lockTermsInOrder.
  const trees = await lockTermsInOrder(manager, [...deltas.keys()], [...before.termIds, ...after.termIds]);
  const update = termCountUpdate(deltas, isSqlite(manager));
  if (update) await manager.query(update.sql, update.params);
  return trees;
}

const PUBLISHED_EVENTS_OF_TERM = eventLinks.publishedCountSql('terms.id');

/**
 * `npm run cli -- terms:recount`: every term's count computed afresh, for counts that writes made
 * with SQL (not through the API) left wrong. Returns how many terms there are and how many were corrected.
 */
export function recountAllTerms(dataSource: DataSource): Promise<{ terms: number; corrected: number }> {
  return transaction(dataSource, async (manager) => {
    // The count reads the link rows' copy of each event's status: make them true first.
    await eventLinks.refreshAll(manager);
    const [{ n }] = await manager.query<{ n: number | string }[]>('SELECT COUNT(*) AS n FROM terms');
    const wrong = await manager.query<{ id: number | string }[]>(`SELECT id FROM terms WHERE count <> ${PUBLISHED_EVENTS_OF_TERM}`);
    const ids = wrong.map((row) => Number(row.id));
    for (let from = 0; from < ids.length; from += 500) {
      const slice = ids.slice(from, from + 500);
      await manager.query(`UPDATE terms SET count = ${PUBLISHED_EVENTS_OF_TERM} WHERE id IN (${marks(slice.length)})`, slice);
    }
    // The list totals and pages of each category with its descendants follow the tree (parents changed with SQL too).
    await recountCategoryTrees(manager);
    await eventLinks.rebuildTrees(manager);
    return { terms: Number(n), corrected: ids.length };
  });
}
