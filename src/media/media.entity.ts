import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An image known by URL (CONTRACT §3: stored, never fetched by the server). Events, venues and
 * organizers point at it by id; the presenter builds the reference's image object from it.
 */
@Entity('media')
export class MediaEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

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
