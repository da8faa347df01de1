import { AddressInfo, Server, Socket, connect, createServer } from 'node:net';

const COM_QUERY = 0x03;

/**
 * A TCP proxy in front of a MySQL/MariaDB server that, once armed, loses the server's answer to
 * one COMMIT: the COMMIT of the first transaction that, after arming, sent a statement holding
 * `marker` (the `INSERT` of a new event, say). The server commits; the service never hears
 * so (its client gives up after the statement timeout and closes the connection). That is the
 * failure a network or a proxy can cause, which the service must survive without a duplicate.
 */
export class LostCommitProxy {
  private armed = false;
  /** How many COMMIT answers were lost. */
  lost = 0;

  private constructor(
    private readonly server: Server,
    private readonly marker: RegExp,
  ) {}

  static async start(targetPort: number, marker: RegExp): Promise<LostCommitProxy> {
    const server = createServer();
    const proxy = new LostCommitProxy(server, marker);
    server.on('connection', (client) => proxy.relay(client, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  arm(): void {
    this.armed = true;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: Socket, targetPort: number): void {
    const upstream = connect(targetPort, '127.0.0.1');
    let pending = Buffer.alloc(0);
    let marked = false;
    let losing = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      // Client packets: 3-byte little-endian length, a sequence byte, the payload (command first).
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= 4 + pending.readUIntLE(0, 3)) {
        const payload = pending.subarray(4, 4 + pending.readUIntLE(0, 3));
        pending = pending.subarray(4 + payload.length);
        const text = payload.subarray(1).toString('latin1');
        if (this.armed && this.marker.test(text)) marked = true;
        if (marked && payload[0] === COM_QUERY && text.trim().toUpperCase() === 'COMMIT') {
          losing = true;
          marked = false;
          this.armed = false;
          this.lost++;
        }
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
