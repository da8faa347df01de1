import { createServer, Server, Socket } from 'node:net';
import { AddressInfo } from 'node:net';
import { RedisLink } from './redis-link';

/**
 * A Redis that answers (PING, INFO, SUBSCRIBE, QUIT...) until `hang()`, then answers nothing while
 * keeping its connections open, and what it was asked meanwhile on `resume()`: what a SIGSTOPped
 * Redis (and SIGCONT) looks like to a client.
 */
class HangingRedis {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private hung = false;
  private readonly held: (() => void)[] = [];
  /** Connections that subscribed, and those made silent (as a network that drops a connection). */
  private readonly subscribed = new Set<Socket>();
  private readonly silent = new Set<Socket>();

  constructor() {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      let buffer = '';
      socket.on('data', (chunk) => {
        buffer += chunk.toString('latin1');
        for (;;) {
          const parsed = parseCommand(buffer);
          if (!parsed) break;
          buffer = buffer.slice(parsed.length);
          if (this.silent.has(socket)) continue;
          if (parsed.args[0].toLowerCase() === 'subscribe') this.subscribed.add(socket);
          const answer = reply(parsed.args);
          if (this.hung) this.held.push(() => socket.write(answer));
          else socket.write(answer);
        }
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `redis://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  hang(): void {
    this.hung = true;
  }

  /** The connections that subscribed so far stop answering, the others (and new ones) do not. */
  silenceSubscribers(): void {
    for (const socket of this.subscribed) this.silent.add(socket);
  }

  /** Open connections that subscribed and still answer. */
  answeringSubscribers(): number {
    return [...this.subscribed].filter((socket) => !socket.destroyed && !this.silent.has(socket)).length;
  }

  resume(): void {
    this.hung = false;
    for (const write of this.held.splice(0)) write();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

function parseCommand(buffer: string): { args: string[]; length: number } | null {
  if (!buffer.startsWith('*')) return null;
  let at = buffer.indexOf('\r\n');
  if (at < 0) return null;
  const count = Number(buffer.slice(1, at));
  at += 2;
  const args: string[] = [];
  for (let i = 0; i < count; i++) {
    const end = buffer.indexOf('\r\n', at);
    if (end < 0) return null;
    const size = Number(buffer.slice(at + 1, end));
    if (buffer.length < end + 2 + size + 2) return null;
    args.push(buffer.slice(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
  return { args, length: at };
}

function bulk(value: string): string {
  return `$${Buffer.byteLength(value)}\r\n${value}\r\n`;
}

function reply([command, ...args]: string[]): string {
  switch (command.toLowerCase()) {
    case 'ping':
      return '+PONG\r\n';
    case 'info':
      return bulk('# Server\r\nredis_version:7.0.0\r\nloading:0\r\n');
    case 'subscribe':
      return args.map((channel, i) => `*3\r\n${bulk('subscribe')}${bulk(channel)}:${i + 1}\r\n`).join('');
    case 'publish':
      return ':0\r\n';
    default:
      return '+OK\r\n';
  }
}

async function eventually(what: string, check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('RedisLink against a Redis that stops answering', () => {
  let redis: HangingRedis;
  let url: string;

  beforeEach(async () => {
    redis = new HangingRedis();
    url = await redis.start();
  });

  afterEach(() => redis.stop());

  it('counts a connected Redis that answers no PING as unavailable, and available again once it answers', async () => {
    const link = new RedisLink({ url, keyPrefix: 'test:' });
    let back = 0;
    link.onAvailable(() => back++);
    try {
      link.subscribe('writes', () => undefined);
      await eventually('connected', () => link.available());
      redis.hang();
      await eventually('seen as unavailable', () => !link.available());
      redis.resume();
      await eventually('seen as available again', () => link.available());
      // What was remembered meanwhile is dropped (messages may have been missed).
      expect(back).toBeGreaterThanOrEqual(2);
    } finally {
      await link.close();
    }
  });

  it('opens the subscribed connection again when it alone stops answering, counting Redis as away meanwhile', async () => {
    const link = new RedisLink({ url, keyPrefix: 'test:' });
    let back = 0;
    link.onAvailable(() => back++);
    try {
      link.subscribe('writes', () => undefined);
      await eventually('connected', () => link.available() && redis.answeringSubscribers() === 1);
      const before = back;
      redis.silenceSubscribers();
      await eventually('seen as unavailable', () => !link.available());
      await eventually('subscribed again on a new connection', () => link.available() && redis.answeringSubscribers() === 1);
      // What was remembered meanwhile is dropped (messages may have been missed).
      expect(back).toBeGreaterThan(before);
    } finally {
      await link.close();
    }
  });

  it('closes within about a second when Redis does not answer QUIT (shutdown is not held up)', async () => {
    const link = new RedisLink({ url, keyPrefix: 'test:' });
    link.subscribe('writes', () => undefined);
    await eventually('connected', () => link.available());
    redis.hang();
    const started = Date.now();
    await link.close();
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
