import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { TaxonomyName } from './taxonomy';

/**
 * An event category or an event tag (CONTRACT §5): one table, one id sequence, so a tag's id is
 * never a category's. Index use (CONTRACT §8):
 * - uq_terms_taxonomy_parent_name: duplicate names (same parent for categories), race-free, and
 *   the `parent` filter;
 * - uq_terms_taxonomy_slug: unique slugs and the `slug` filter;
 * - idx_terms_taxonomy_name: the default order (name, id) and `search` candidates;
 * - idx_terms_taxonomy_count: `hide_empty`;
 * - include/exclude use the primary key; post/event use event_terms' idx_event_terms_list (EventLinks).
 */
@Entity('terms')
@Index('uq_terms_taxonomy_parent_name', ['taxonomy', 'parent', 'nameKey'], { unique: true })
@Index('uq_terms_taxonomy_slug', ['taxonomy', 'slug'], { unique: true })
@Index('idx_terms_taxonomy_name', ['taxonomy', 'nameKey'])
@Index('idx_terms_taxonomy_count', ['taxonomy', 'count'])
export class TermEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 32 })
  taxonomy!: TaxonomyName;

  /** Plain text (tags stripped), at most 200 characters as WordPress. */
  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /**
   * The name lower-cased: duplicate checks, search and name order are case-insensitive and the
   * same on both databases (a binary collation on MySQL, see the migration). Lower-casing may
   * lengthen a name, hence 400.
   */
  @Column({ name: 'name_key', type: 'varchar', length: 400 })
  nameKey!: string;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  /** Sanitised HTML; "" when none. */
  @Column({ type: 'text' })
  description!: string;

  /** The parent category's id; 0 for top-level categories and for every tag. */
  @Column({ type: 'int', default: 0 })
  parent!: number;

  /** Published events with this term, kept up to date by the events service. */
  @Column({ type: 'int', default: 0 })
  count!: number;
}
