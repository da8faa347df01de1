import { Column, PrimaryGeneratedColumn } from 'typeorm';
import { PostStatus } from '../common/posts/status';

/**
 * The columns venues and organizers share (WordPress posts with a few meta fields). Each table
 * declares its own indexes (names are per database on SQLite). Strings are never NULL: "" is
 * "not set", as the reference's omitted keys.
 */
export abstract class LinkedPostEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'author_id', type: 'int' })
  authorId!: number;

  @Column({ type: 'varchar', length: 20 })
  status!: PostStatus;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  /** Plain text (tags stripped). */
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** `name` lower-cased: the duplicate rule compares it, the same way on both databases. */
  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  nameKey!: string;

  /** Sanitised HTML. */
  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text' })
  excerpt!: string;

  @Column({ type: 'varchar', length: 255 })
  phone!: string;

  @Column({ type: 'varchar', length: 2048 })
  website!: string;

  @Column({ name: 'image_id', type: 'int', nullable: true })
  imageId!: number | null;

  /** The post password (as WordPress, a shared secret handed to readers, not a credential). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  password!: string | null;

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
