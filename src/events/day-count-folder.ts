import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { FOLD_BATCH, foldDayCounts } from './day-count-folding';

/** Steps per run: a run that has not caught up yields to requests and goes on at the next one. */
const STEPS_PER_RUN = 50;

/**
 * Folds event_day_counts every DAY_COUNT_FOLD_SECONDS (issue #14, day-count-folding.ts), so list
 * totals keep reading a few dozen rows under steady writes. Safe with several instances (they take
 * turns on the progress row); a failure is logged and retried on the next run, never fatal.
 */
@Injectable()
export class DayCountFolder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DayCountFolder.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.dayCountFoldSeconds) return;
    this.timer = setInterval(() => void this.run(), this.config.dayCountFoldSeconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Folds until caught up or STEPS_PER_RUN steps; a run still going when the next is due is not doubled. */
  run(): Promise<void> {
    this.running ??= this.fold().finally(() => (this.running = undefined));
    return this.running;
  }

  private async fold(): Promise<void> {
    try {
      for (let step = 0; step < STEPS_PER_RUN && !this.stopped; step++) {
        if ((await foldDayCounts(this.dataSource)) < FOLD_BATCH) return;
      }
    } catch (error) {
      this.logger.warn(`Folding the day counts failed (retried at the next run): ${String(error)}`);
    }
  }
}
