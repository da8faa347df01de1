import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { MediaEntity } from '../media/media.entity';
import { LinkedPostEntity } from '../linked-posts/linked-post.entity';

/** An organizer (tec-other-api §2.2); indexes as for venues. */
@Entity('organizers')
@Index('uq_organizers_slug', ['slug'], { unique: true })
@Index('idx_organizers_list', ['status', 'publishedAt', 'id'])
@Index('idx_organizers_published', ['publishedAt', 'id'])
@Index('idx_organizers_author', ['authorId', 'status'])
@Index('idx_organizers_name_key', ['nameKey'])
@Index('idx_organizers_image', ['imageId'])
export class OrganizerEntity extends LinkedPostEntity {
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @ManyToOne(() => MediaEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'image_id', foreignKeyConstraintName: 'fk_organizers_image' })
  image?: MediaEntity | null;
}
