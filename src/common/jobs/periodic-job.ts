import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

/**
 * Work an instance does in the background every few seconds (folding day counts, publishing
 * scheduled items): started with the application, never two runs at once (a run still going when
 * the next is due is not doubled), and awaited on shutdown so it never dies half-done. Tests turn
 * the timer off (every 0 seconds) and call run() themselves. A failure is logged and retried at
 * the next run, never fatal.
 */
export abstract class PeriodicJob<T> implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Set on shutdown: a long run checks it between steps. */
  protected stopped = false;
  private timer?: NodeJS.Timeout;
  private running?: Promise<T | undefined>;

  protected constructor(
    protected readonly logger: Logger,
    /** What the log says failed, e.g. "Folding the day counts". */
    private readonly what: string,
    private readonly everySeconds: number,
  ) {}

  /** One run. */
  protected abstract work(): Promise<T>;

  onApplicationBootstrap(): void {
    if (!this.everySeconds) return;
    this.timer = setInterval(() => void this.run(), this.everySeconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** A run now, or the one going; its result, undefined when it failed. */
  run(): Promise<T | undefined> {
    this.running ??= this.work()
      .catch((error: unknown) => {
        this.logger.warn(`${this.what} failed (retried at the next run): ${String(error)}`);
        return undefined;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
