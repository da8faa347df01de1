import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far the background folding of event_day_counts has come (issue #14): every row up to
 * `folded_to` (an id) is the only row of its key. Writes add rows of changes (never updates, so
 * concurrent writers of one day neither wait nor deadlock); folding sums each key's rows into one,
 * so a total reads a few dozen rows however many writes came before. 0: existing rows are folded
 * in the background from the start.
 */
export class EventDayCountsFolded1763700800000 implements MigrationInterface {
  name = 'EventDayCountsFolded1763700800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE `event_day_counts_folded` (`folded_to` bigint NOT NULL) ENGINE=InnoDB');
    await queryRunner.query('INSERT INTO `event_day_counts_folded` (`folded_to`) VALUES (0)');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `event_day_counts_folded`');
  }
}
