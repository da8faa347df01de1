import { MigrationInterface, QueryRunner } from 'typeorm';
import { eventDayCountInserts } from '../../../events/event-day-counts';

/**
 * Counts of listed events per bucket of days (issue #14), so the events list's exact total sums
 * a few hundred summary rows and reads the events of its edge days, instead of walking its window.
 * One row per (kind, post, status, level, start bucket, end bucket): kind 0 is every event, 1-3
 * the events of a term, venue or organizer (`post_id`), 4 and 5 the featured and the ticketed
 * ones; level 0, 1, 2 count buckets of 1, 8 and 64 UTC days since 1970-01-01. Events hidden from
 * listings count nowhere. Writes only ever INSERT their changes (+1, -1) as new rows: no unique
 * key but the id, so concurrent writers of the same day take no gap or duplicate-key locks and
 * never wait for or deadlock with each other; totals sum the rows, and
 * `events:recount-days` folds them again. idx_event_day_counts_start serves bounds on the start, idx_event_day_counts_end
 * bounds on the end. Kept by recordEventChanges in every write's transaction; filled here as
 * `npm run cli -- events:recount-days` fills it.
 */
export class EventDayCounts1763700100000 implements MigrationInterface {
  name = 'EventDayCounts1763700100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `event_day_counts` (' +
        '`id` bigint NOT NULL AUTO_INCREMENT, ' +
        '`kind` tinyint NOT NULL, ' +
        '`post_id` int NOT NULL, ' +
        '`status` varchar(20) NOT NULL, ' +
        '`level` tinyint NOT NULL, ' +
        '`start_bucket` int NOT NULL, ' +
        '`end_bucket` int NOT NULL, ' +
        '`n` int NOT NULL, ' +
        'INDEX `idx_event_day_counts_end` (`kind`, `post_id`, `status`, `level`, `end_bucket`, `start_bucket`), ' +
        'INDEX `idx_event_day_counts_start` (`kind`, `post_id`, `status`, `level`, `start_bucket`, `end_bucket`), ' +
        'PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    for (const sql of eventDayCountInserts(false)) await queryRunner.query(sql);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `event_day_counts`');
  }
}
