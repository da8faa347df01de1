/**
 * The two term taxonomies (CONTRACT §5). They share one table and one id sequence; everything
 * that differs between categories and tags is in this record.
 */
export interface Taxonomy {
  /** The WordPress taxonomy name, kept on the wire for client compatibility. */
  readonly name: 'tribe_events_cat' | 'post_tag';
  /** The REST collection segment, also the list envelope's key. */
  readonly resource: 'categories' | 'tags';
  /** Categories have parents; a tag's parent is always 0. */
  readonly hierarchical: boolean;
  /** Path segments of the term's public archive page, before its slug. */
  readonly archivePath: readonly string[];
}

export const CATEGORY: Taxonomy = {
  name: 'tribe_events_cat',
  resource: 'categories',
  hierarchical: true,
  archivePath: ['events', 'category'],
};

export const TAG: Taxonomy = {
  name: 'post_tag',
  resource: 'tags',
  hierarchical: false,
  archivePath: ['tag'],
};

export type TaxonomyName = Taxonomy['name'];
