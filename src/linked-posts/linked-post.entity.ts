import { Column } from 'typeorm';
import { PostEntity } from '../posts/post.entity';
import { PostStatus } from '../posts/status';

/**
 * The columns venues and organizers share besides the post's (WordPress posts with a few meta
 * fields). Strings are never NULL: "" is "not set", as the reference's omitted keys.
 */
export abstract class LinkedPostEntity extends PostEntity {
  declare status: PostStatus;

  /** Plain text (tags stripped). */
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** `name` lower-cased: the duplicate rule compares it, the same way on both databases. */
  @Column({ name: 'name_key', type: 'varchar', length: 255 })
  nameKey!: string;

  @Column({ type: 'varchar', length: 255 })
  phone!: string;

  @Column({ type: 'varchar', length: 2048 })
  website!: string;
}
