import { randomUUID } from 'node:crypto';
import { InvalidationTransport } from '../database/invalidation';
import { RedisLink } from './redis-link';
import { WriteScope, decodeScope, encodeScope } from '../database/write-scope';

const CHANNEL = 'writes';

/**
 * Writes announced over Redis pub/sub: every instance hears every commit within milliseconds,
 * with what it touched (write-scope.ts; ids and spans bounded, so a message stays under a few KB).
 * While Redis is away an instance could miss some, so it remembers nothing; when Redis is back it
 * ends what it remembered before (a write may have gone unheard) and remembers again.
 */
export class RedisInvalidation implements InvalidationTransport {
  /** Who published: a process ignores nothing, but the id makes the messages traceable in `MONITOR`. */
  private readonly origin = randomUUID();

  constructor(private readonly link: RedisLink) {}

  publish(scope: WriteScope): void {
    this.link.publish(CHANNEL, `${this.origin} ${encodeScope(scope)}`);
  }

  listen(onWrite: (scope: WriteScope) => void, onResync: () => void): void {
    // `<origin> <scope JSON>`; a message without a readable scope (an older instance's) ends everything.
    this.link.subscribe(CHANNEL, (message) => onWrite(decodeScope(message.slice(message.indexOf(' ') + 1))));
    this.link.onAvailable(onResync);
  }

  connected(): boolean {
    return this.link.available();
  }
}
