import { Logger } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';
import { RedisConfig } from '../config/app-config';

/**
 * The connections to Redis (REDIS_URL, issue #15): one for commands (login limits, publishing)
 * and one subscribed to the channels of other instances. Redis may be down at start or go away
 * later: commands then fail at once (no offline queue), callers fall back to this process's own
 * state, both connections keep reconnecting by themselves, and the change is logged once each way.
 */
export class RedisLink {
  readonly client: Redis;
  private readonly subscriber: Redis;
  private readonly logger = new Logger('Redis');
  private readonly channels = new Map<string, (message: string) => void>();
  private readonly upListeners: (() => void)[] = [];
  private up = false;
  /** `null` until the first state is known, so a Redis down at start is logged too (once). */
  private reported: boolean | null = null;
  private closed = false;

  constructor(readonly config: RedisConfig) {
    const options: RedisOptions = {
      // Fail fast while disconnected: the callers have a fallback, a queue would only delay them.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      commandTimeout: 1000,
      retryStrategy: (times) => Math.min(100 * times, 1000),
    };
    this.client = new Redis(config.url, options);
    // The subscriber queues its SUBSCRIBE until connected, and subscribes again after each reconnect.
    this.subscriber = new Redis(config.url, { ...options, enableOfflineQueue: true, commandTimeout: undefined, autoResubscribe: true });
    for (const connection of [this.client, this.subscriber]) {
      connection.on('error', () => this.update());
      connection.on('ready', () => this.update());
      connection.on('close', () => this.update());
      connection.on('end', () => this.update());
    }
    this.subscriber.on('message', (channel: string, message: string) => this.channels.get(channel)?.(message));
  }

  /** Both connections are ready: shared state is in force. */
  available(): boolean {
    return this.up;
  }

  /** The name of a key or channel under REDIS_KEY_PREFIX. */
  key(name: string): string {
    return `${this.config.keyPrefix}${name}`;
  }

  /** Publishes `message` on `channel` (prefixed); dropped while Redis is away. */
  publish(channel: string, message: string): void {
    if (!this.up) return;
    this.client.publish(this.key(channel), message).catch(() => this.update());
  }

  /** Hears the messages of `channel` (prefixed) from every instance, this one included. */
  subscribe(channel: string, listener: (message: string) => void): void {
    this.channels.set(this.key(channel), listener);
    this.subscriber.subscribe(this.key(channel)).catch(() => this.update());
  }

  /** Called each time Redis becomes available again (messages may have been missed meanwhile). */
  onAvailable(listener: () => void): void {
    this.upListeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.client, this.subscriber].map((connection) => connection.quit().catch(() => connection.disconnect())));
  }

  private update(): void {
    if (this.closed) return;
    const up = this.client.status === 'ready' && this.subscriber.status === 'ready';
    if (up === this.up && this.reported === up) return;
    this.up = up;
    if (up) {
      if (this.reported === false) this.logger.log('Redis is back: reads are remembered and login limits shared again');
      this.reported = true;
      for (const listener of this.upListeners) listener();
      return;
    }
    // Still making its first connections (no attempt has failed yet): not down.
    const starting =
      this.reported === null && [this.client, this.subscriber].every((c) => ['wait', 'connecting', 'connect', 'ready'].includes(c.status));
    if (this.reported === false || starting) return;
    this.reported = false;
    this.logger.warn('Redis is unavailable: nothing is remembered and login limits are per process until it is back');
  }
}
