import { Logger } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';
import { RedisConfig } from '../config/app-config';

/** How often the command connection is asked PING: a hung Redis (or a network that drops packets) keeps its TCP connection "ready". */
export const REDIS_HEARTBEAT_MS = 1000;
/** How long close() waits for each connection's QUIT before dropping it (a hung Redis never answers). */
export const REDIS_QUIT_MS = 500;

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
  /** The last PING answered (within commandTimeout); false while a connected Redis does not answer. */
  private responsive = true;
  /** Why Redis was last unreachable, for the log line (ioredis' messages carry no password). */
  private lastError = '';
  private readonly heartbeat: NodeJS.Timeout;
  /** A PING of the subscribed connection is awaited (one at a time). */
  private subscriberProbing = false;

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
      connection.on('error', (error: Error) => {
        this.lastError = error.message;
        this.update();
      });
      connection.on('ready', () => {
        if (connection === this.client) this.responsive = true;
        this.update();
      });
      connection.on('close', () => this.update());
      connection.on('end', () => this.update());
    }
    this.subscriber.on('message', (channel: string, message: string) => this.channels.get(channel)?.(message));
    this.heartbeat = setInterval(() => this.probe(), REDIS_HEARTBEAT_MS);
    this.heartbeat.unref();
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

  /** Ends both connections: QUIT, or dropped after REDIS_QUIT_MS (a hung Redis must not hold up shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    await Promise.all(
      [this.client, this.subscriber].map(async (connection) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, REDIS_QUIT_MS)));
        await Promise.race([connection.quit().catch(() => undefined), late]);
        clearTimeout(timer);
        connection.disconnect();
      }),
    );
  }

  /** A connected command connection that does not answer PING within commandTimeout counts as down. */
  private probe(): void {
    if (this.closed) return;
    this.probeSubscriber();
    if (this.client.status !== 'ready') return;
    this.client.ping().then(
      () => {
        this.responsive = true;
        this.update();
      },
      (error: Error) => {
        this.lastError = error.message;
        this.responsive = false;
        this.update();
      },
    );
  }

  /**
   * The subscribed connection has no command timeout (it waits for messages): a PING it does not
   * answer within REDIS_HEARTBEAT_MS means it is dead though TCP has not said so (a network or a
   * proxy dropped it silently), and other instances' messages are lost. It is opened again
   * (ioredis subscribes again); until it is back Redis counts as away, and then what was
   * remembered meanwhile is dropped (onAvailable).
   */
  private probeSubscriber(): void {
    if (this.subscriberProbing || this.subscriber.status !== 'ready') return;
    this.subscriberProbing = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), REDIS_HEARTBEAT_MS)));
    const answered = this.subscriber.ping().then(
      () => true,
      () => false,
    );
    void Promise.race([answered, late]).then((ok) => {
      clearTimeout(timer);
      this.subscriberProbing = false;
      if (ok || this.closed) return;
      this.lastError = 'the subscribed connection did not answer PING';
      this.subscriber.disconnect(true);
    });
  }

  private update(): void {
    if (this.closed) return;
    const up = this.client.status === 'ready' && this.subscriber.status === 'ready' && this.responsive;
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
    const why = this.lastError ? ` (${this.lastError})` : '';
    this.logger.warn(`Redis is unavailable${why}: nothing is remembered and login limits are per process until it is back`);
  }
}
