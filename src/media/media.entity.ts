import { createHash } from 'node:crypto';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An image known by URL (CONTRACT §3: stored, never fetched by the server). Events, venues and
 * organizers point at it by id; the presenter builds the reference's image object from it.
 */
@Entity('media')
@Index('idx_media_url_hash', ['urlHash'])
export class MediaEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

  /**
   * mediaUrlHash(url): an image given by a URL it knows is this row again (reference §5.2: "a URL
   * is matched to an existing attachment"); the URL itself is too long for an index.
   */
  @Column({ name: 'url_hash', type: 'varchar', length: 64, nullable: true })
  urlHash!: string | null;

  @Column({ type: 'varchar', length: 16 })
  extension!: string;

  @Column({ type: 'int', nullable: true })
  width!: number | null;

  @Column({ type: 'int', nullable: true })
  height!: number | null;

  /** JSON text of the reference's `sizes` object, when known. */
  @Column({ type: 'text', nullable: true })
  sizes!: string | null;

  @Column({ name: 'author_id', type: 'int', nullable: true })
  authorId!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}

/** SHA-256 (hex) of a media URL's UTF-8 bytes, as MySQL's SHA2(url, 256) gives it for the migration's rows. */
export function mediaUrlHash(url: string): string {
  return createHash('sha256').update(url, 'utf8').digest('hex');
}
