import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The one id sequence of events, venues and organizers, as WordPress's posts table: an id names
 * one item of one type only, so `/venues/<an event's id>` is 404 and `global_id`s never collide.
 */
@Entity('post_ids')
export class PostIdEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'post_type', type: 'varchar', length: 20 })
  postType!: string;
}
