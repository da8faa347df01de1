import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurring events (issue #16). event_series: a series is its first event (id), with its RFC 5545
 * lines and how far its occurrences exist. event_occurrences: one row per (series, date), the key
 * that keeps extending the horizon idempotent; event_id is the occurrence's event (set to NULL
 * when it is deleted for good, so the date is not made again); uq_event_occurrences_event finds
 * an event's series.
 */
export class RecurringEvents1763700200000 implements MigrationInterface {
  name = 'RecurringEvents1763700200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `event_series` (`id` int NOT NULL, `recurrence` text NOT NULL, `generated_until` datetime NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'CREATE TABLE `event_occurrences` (`series_id` int NOT NULL, `occurrence_date` varchar(10) NOT NULL, `event_id` int NULL, ' +
        "`original_start_local` datetime NOT NULL, `edited` varchar(255) NOT NULL DEFAULT '', " +
        'UNIQUE INDEX `uq_event_occurrences_event` (`event_id`), PRIMARY KEY (`series_id`, `occurrence_date`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `event_series` ADD CONSTRAINT `fk_event_series_event` FOREIGN KEY (`id`) REFERENCES `events`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `event_occurrences` ADD CONSTRAINT `fk_event_occurrences_series` FOREIGN KEY (`series_id`) REFERENCES `event_series`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `event_occurrences` ADD CONSTRAINT `fk_event_occurrences_event` FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `event_occurrences`');
    await queryRunner.query('DROP TABLE `event_series`');
  }
}
