import { Column, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The WordPress post columns events, venues and organizers share, declared once. Each table
 * declares its own indexes (index names are per database on SQLite), so none are declared here.
 */
export abstract class PostEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'author_id', type: 'int' })
  authorId!: number;

  @Column({ type: 'varchar', length: 20 })
  status!: string;

  /**
   * In the trash: the status it had before (WordPress's _wp_trash_meta_status), which decides
   * whether a contributor may still edit or delete it; NULL when not known (trashed before it was
   * kept). Meaningless outside the trash.
   */
  @Column({ name: 'trashed_from', type: 'varchar', length: 20, nullable: true })
  trashedFrom!: string | null;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  /** Sanitised HTML. */
  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text' })
  excerpt!: string;

  /** The post password (as WordPress, a shared secret handed to readers, not a credential). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  password!: string | null;

  @Column({ name: 'image_id', type: 'int', nullable: true })
  imageId!: number | null;

  /** `date_utc`: the publication instant. */
  @Column({ name: 'published_at', type: 'datetime' })
  publishedAt!: Date;

  /** `date`: the publication wall clock in SITE_TIMEZONE (its UTC fields are the wall clock). */
  @Column({ name: 'published_local', type: 'datetime' })
  publishedLocal!: Date;

  @Column({ name: 'modified_at', type: 'datetime' })
  modifiedAt!: Date;

  @Column({ name: 'modified_local', type: 'datetime' })
  modifiedLocal!: Date;
}
