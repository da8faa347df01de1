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

export function taxonomyOf(term: Pick<TermEntity, 'taxonomy'>): Taxonomy {
  return term.taxonomy === CATEGORY.name ? CATEGORY : TAG;
}

/** Key order: id, count, description, name, slug, taxonomy, parent (categories only), meta, url, urls. */
export function presentTerm(term: TermEntity, urls: TermUrlBuilder): TermView {
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
    url: urls.site(...taxonomy.archivePath, term.slug),
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
