import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { RecurrenceService } from './recurrence.service';

const DAY_MS = 86_400_000;

/**
 * Moves every series' horizon forward at start-up and then daily (issue #16). Idempotent and safe
 * with several instances: each series is extended under its row lock, keyed by (series, date).
 */
@Injectable()
export class RecurrenceHorizon implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RecurrenceHorizon.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly recurrence: RecurrenceService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.run();
    this.timer = setInterval(() => void this.run(), DAY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Extends what is due; a failure is logged and retried on the next run, never fatal. */
  async run(now = new Date()): Promise<void> {
    try {
      const extended = await this.recurrence.extendAll(now);
      if (extended) this.logger.log(`Extended ${extended} recurring series to the horizon`);
    } catch (error) {
      this.logger.error(`Extending recurring series failed: ${String(error)}`);
    }
  }
}
