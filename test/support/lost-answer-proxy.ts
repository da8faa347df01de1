import { AddressInfo, Server, Socket, connect, createServer } from 'node:net';

const COM_QUERY = 0x03;

/** What the proxy loses once armed: the answer to a statement, or to the COMMIT of its transaction. */
type Loss = { readonly statement: RegExp; readonly answerTo: 'statement' | 'commit' };

/**
 * A TCP proxy in front of a MySQL/MariaDB server that, once armed, loses one answer on the way
 * back: to the first statement matching a pattern, or to the COMMIT of the transaction that sent
 * it. The server did the work; the service never hears so (its client gives up after the statement
 * timeout and closes the connection). That is what a network or a proxy can do, and the service
 * must survive it without a duplicate and without waiting for long.
 */
export class LostAnswerProxy {
  private loss: Loss | null = null;
  /** How many answers were lost. */
  lost = 0;

  private constructor(private readonly server: Server) {}

  static async start(targetPort: number): Promise<LostAnswerProxy> {
    const server = createServer();
    const proxy = new LostAnswerProxy(server);
    server.on('connection', (client) => proxy.relay(client, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Loses the next answer to a statement matching `statement` (or to its transaction's COMMIT). */
  arm(statement: RegExp, answerTo: Loss['answerTo']): void {
    this.loss = { statement, answerTo };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: Socket, targetPort: number): void {
    const upstream = connect(targetPort, '127.0.0.1');
    let pending = Buffer.alloc(0);
    let marked = false;
    let losing = false;
    const lose = () => {
      losing = true;
      marked = false;
      this.loss = null;
      this.lost++;
    };
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      // Client packets: 3-byte little-endian length, a sequence byte, the payload (command first).
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= 4 + pending.readUIntLE(0, 3)) {
        const payload = pending.subarray(4, 4 + pending.readUIntLE(0, 3));
        pending = pending.subarray(4 + payload.length);
        const text = payload.subarray(1).toString('latin1');
        const loss = this.loss;
        if (loss?.statement.test(text)) {
          if (loss.answerTo === 'statement') lose();
          else marked = true;
        }
        if (marked && payload[0] === COM_QUERY && text.trim().toUpperCase() === 'COMMIT') lose();
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!losing) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  }
}
