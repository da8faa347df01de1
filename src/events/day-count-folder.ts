import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PeriodicJob } from '../common/jobs/periodic-job';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { FOLD_BATCH, foldDayCounts } from './day-count-folding';

/** Steps per run: a run that has not caught up yields to requests and goes on at the next one. */
const STEPS_PER_RUN = 50;

/**
 * Folds event_day_counts every DAY_COUNT_FOLD_SECONDS (issue #14, day-count-folding.ts), so list
 * totals keep reading a few dozen rows under steady writes. Safe with several instances (they take
 * turns on the progress row).
 */
@Injectable()
export class DayCountFolder extends PeriodicJob<void> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(new Logger(DayCountFolder.name), 'Folding the day counts', config.dayCountFoldSeconds);
  }

  /** Folds until caught up or STEPS_PER_RUN steps. */
  protected async work(): Promise<void> {
    for (let step = 0; step < STEPS_PER_RUN && !this.stopped; step++) {
      if ((await foldDayCounts(this.dataSource)) < FOLD_BATCH) return;
    }
  }
}
