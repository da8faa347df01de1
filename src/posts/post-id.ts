import { EntityManager } from 'typeorm';
import { PostIdEntity } from './post-id.entity';

export type PostType = 'event' | 'venue' | 'organizer';

/** A new id for an event, venue or organizer, from the shared sequence; call it in the write's transaction. */
export async function allocatePostId(manager: EntityManager, postType: PostType): Promise<number> {
  const result = await manager.insert(PostIdEntity, { postType });
  return Number((result.identifiers[0] as { id: number }).id);
}
