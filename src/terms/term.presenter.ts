import { ExactKeys } from '../common/presenting/wire-keys';
import { CATEGORY, TAG, Taxonomy, TaxonomyName } from './taxonomy';
import { TermEntity } from './term.entity';

/** What the presenters need to build URLs: the `Urls` service fits. */
export interface TermUrlBuilder {
  rest(...segments: (string | number)[]): string;
  site(...segments: string[]): string;
}

export interface TermLinks {
  self: string;
  collection: string;
  up?: string;
}

/** A term's keys in the reference's order (tec-other-api §2.3); `parent` for categories only. */
export const TERM_KEYS = ['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls'] as const;

/** An embedded term's keys: WordPress's WP_Term reshaped by the reference (tec-events-api §3.4). */
export const EMBEDDED_TERM_KEYS = [
  'name',
  'slug',
  'term_group',
  'term_taxonomy_id',
  'taxonomy',
  'description',
  'parent',
  'count',
  'filter',
  'id',
  'urls',
] as const;

/** A term's links: `self` and `collection`, `up` for a category with a parent. */
export const TERM_LINK_KEYS = ['self', 'collection', 'up'] as const;

/** A term as the category and tag routes return it (reference tec-other-api §2.3). */
export interface TermView {
  id: number;
  count: number;
  description: string;
  name: string;
  slug: string;
  taxonomy: TaxonomyName;
  parent?: number;
  meta: [];
  url: string;
  urls: TermLinks;
}

/** A term as it is embedded in an event's `categories` and `tags` (reference tec-events-api §3.4). */
export interface EmbeddedTermView {
  name: string;
  slug: string;
  term_group: number;
  term_taxonomy_id: number;
  taxonomy: TaxonomyName;
  description: string;
  parent: number;
  count: number;
  filter: 'raw';
  id: number;
  urls: TermLinks;
}

const TERM_KEYS_MATCH_VIEW: ExactKeys<TermView, typeof TERM_KEYS> = true;
const EMBEDDED_TERM_KEYS_MATCH_VIEW: ExactKeys<EmbeddedTermView, typeof EMBEDDED_TERM_KEYS> = true;
const TERM_LINK_KEYS_MATCH_VIEW: ExactKeys<TermLinks, typeof TERM_LINK_KEYS> = true;
void [TERM_KEYS_MATCH_VIEW, EMBEDDED_TERM_KEYS_MATCH_VIEW, TERM_LINK_KEYS_MATCH_VIEW];

export function taxonomyOf(term: Pick<TermEntity, 'taxonomy'>): Taxonomy {
  return term.taxonomy === CATEGORY.name ? CATEGORY : TAG;
}

/**
 * Keys in TERM_KEYS' order (a literal, compared with it by the unit spec); `parent` for categories
 * only. `ancestors`: the slugs above a category, top first: its archive URL nests them as the
 * original's hierarchical rewrite does (`/events/category/concerts/jazz/`).
 */
export function presentTerm(term: TermEntity, urls: TermUrlBuilder, ancestors: readonly string[] = []): TermView {
  const taxonomy = taxonomyOf(term);
  return {
    id: term.id,
    count: term.count,
    description: term.description,
    name: term.name,
    slug: term.slug,
    taxonomy: taxonomy.name,
    ...(taxonomy.hierarchical ? { parent: term.parent } : {}),
    meta: [],
    url: urls.site(...taxonomy.archivePath, ...ancestors, term.slug),
    urls: termLinks(term, taxonomy, urls),
  };
}

/** WordPress's WP_Term reshaped by the reference: no `url`, no `meta`, `id` near the end. */
export function presentEmbeddedTerm(term: TermEntity, urls: TermUrlBuilder): EmbeddedTermView {
  const taxonomy = taxonomyOf(term);
  return {
    name: term.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: taxonomy.name,
    description: term.description,
    parent: term.parent,
    count: term.count,
    filter: 'raw',
    id: term.id,
    urls: termLinks(term, taxonomy, urls),
  };
}

/** `self` and `collection` without a trailing slash; `up` only for a category with a parent. */
function termLinks(term: TermEntity, taxonomy: Taxonomy, urls: TermUrlBuilder): TermLinks {
  return {
    self: urls.rest(taxonomy.resource, term.id),
    collection: urls.rest(taxonomy.resource),
    ...(taxonomy.hierarchical && term.parent ? { up: urls.rest(taxonomy.resource, term.parent) } : {}),
  };
}
