import { randomUUID } from 'node:crypto';
import { InvalidationTransport } from '../database/invalidation';
import { RedisLink } from './redis-link';

const CHANNEL = 'writes';

/**
 * Writes announced over Redis pub/sub: every instance hears every commit within milliseconds.
 * While Redis is away an instance could miss some, so it remembers nothing; when Redis is back it
 * ends what it remembered before (a write may have gone unheard) and remembers again.
 */
export class RedisInvalidation implements InvalidationTransport {
  /** Who published: a process ignores nothing, but the id makes the messages traceable in `MONITOR`. */
  private readonly origin = randomUUID();

  constructor(private readonly link: RedisLink) {}

  publish(): void {
    this.link.publish(CHANNEL, this.origin);
  }

  listen(onWrite: () => void, onResync: () => void): void {
    this.link.subscribe(CHANNEL, () => onWrite());
    this.link.onAvailable(onResync);
  }

  connected(): boolean {
    return this.link.available();
  }
}
