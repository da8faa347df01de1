import { randomUUID } from 'node:crypto';
import { EntityManager, In } from 'typeorm';
import { numberedSlug, slugify } from '../common/slug';
import { Taxonomy } from './taxonomy';
import { TermEntity } from './term.entity';

/** Slug candidates (`x`, `x-2`, ...) checked per query. */
const SLUG_BATCH = 20;

/** The key of a term's name: names are unique per taxonomy and parent, case-insensitively. */
export function termNameKey(name: string): string {
  return name.toLowerCase();
}

export interface NewTerm {
  readonly name: string;
  /** A slug the caller chose (checked to be free before), else one is derived from the name. */
  readonly slug?: string;
  readonly description: string;
  readonly parent: number;
}

/**
 * Inserts a term the way WordPress names it: the given slug, else the name's slug made unique
 * (`x`, `x-2`, ...), else, when the name gives none (e.g. "日本"), the term's id. The one place
 * term slugs are allocated: the term routes and terms created by event writes both come here.
 * A concurrent insert of the same slug is refused by the unique index; callers retry.
 */
export async function insertTerm(manager: EntityManager, taxonomy: Taxonomy, term: NewTerm): Promise<TermEntity> {
  const derived = term.slug ?? slugify(term.name);
  const saved = await manager.save(
    manager.create(TermEntity, {
      taxonomy: taxonomy.name,
      name: term.name,
      nameKey: termNameKey(term.name),
      // Unique until the id is known.
      slug: derived ? await freeTermSlug(manager, taxonomy, derived) : `pending-${randomUUID()}`,
      description: term.description,
      parent: term.parent,
      count: 0,
    }),
  );
  if (!derived) {
    saved.slug = await freeTermSlug(manager, taxonomy, String(saved.id));
    await manager.update(TermEntity, saved.id, { slug: saved.slug });
  }
  return saved;
}

/** `base`, else the first free `base-2`, `base-3`, ... in the taxonomy. */
async function freeTermSlug(manager: EntityManager, taxonomy: Taxonomy, base: string): Promise<string> {
  for (let first = 1; ; first += SLUG_BATCH) {
    const candidates = Array.from({ length: SLUG_BATCH }, (_, i) => numberedSlug(base, first + i));
    const taken = await manager.find(TermEntity, { select: { slug: true }, where: { taxonomy: taxonomy.name, slug: In(candidates) } });
    const takenSlugs = new Set(taken.map((row) => row.slug));
    const free = candidates.find((candidate) => !takenSlugs.has(candidate));
    if (free) return free;
  }
}
