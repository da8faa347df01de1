import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { MediaEntity } from '../media/media.entity';
import { LinkedPostEntity } from '../linked-posts/linked-post.entity';

/**
 * A venue (tec-other-api §2.1). Indexes: the list order with its status filter, the order alone
 * (editors' lists span several statuses), own items of contributors and authors, the duplicate
 * rule's name key, slugs. The event filters use event_venues' idx_event_venues_list (EventLinks).
 */
@Entity('venues')
@Index('uq_venues_slug', ['slug'], { unique: true })
@Index('idx_venues_list', ['status', 'publishedAt', 'id'])
@Index('idx_venues_published', ['publishedAt', 'id'])
@Index('idx_venues_author', ['authorId', 'status'])
@Index('idx_venues_name_key', ['nameKey'])
@Index('idx_venues_image', ['imageId'])
export class VenueEntity extends LinkedPostEntity {
  @Column({ type: 'varchar', length: 255 })
  address!: string;

  @Column({ type: 'varchar', length: 255 })
  city!: string;

  @Column({ type: 'varchar', length: 255 })
  country!: string;

  @Column({ type: 'varchar', length: 255 })
  province!: string;

  @Column({ type: 'varchar', length: 255 })
  state!: string;

  @Column({ type: 'varchar', length: 255 })
  zip!: string;

  @Column({ type: 'varchar', length: 255 })
  stateprovince!: string;

  @Column({ name: 'show_map', type: 'boolean' })
  showMap!: boolean;

  @Column({ name: 'show_map_link', type: 'boolean' })
  showMapLink!: boolean;

  @Column({ name: 'geo_lat', type: 'double', nullable: true })
  geoLat!: number | null;

  @Column({ name: 'geo_lng', type: 'double', nullable: true })
  geoLng!: number | null;

  @ManyToOne(() => MediaEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'image_id', foreignKeyConstraintName: 'fk_venues_image' })
  image?: MediaEntity | null;
}
