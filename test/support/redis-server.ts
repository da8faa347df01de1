import { ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort, killNow } from './processes';

/**
 * A throw-away Redis for tests that stop and start it: its own free port on 127.0.0.1, no
 * persistence. Stopped by its pid; the shared Redis on 6379 is never touched.
 */
export class ThrowAwayRedis {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<ThrowAwayRedis> {
    const redis = new ThrowAwayRedis(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server on the same port (after kill()) and waits until it accepts connections. */
  async restart(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
      {
        stdio: 'ignore',
      },
    );
    this.process = child;
    const deadline = Date.now() + 10_000;
    while (!(await accepts(this.port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('redis-server did not start within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGKILL: Redis is gone at once, as in a crash. */
  async kill(): Promise<void> {
    await killNow(this.process);
    this.process = null;
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
