import { MigrationInterface, QueryRunner } from 'typeorm';

/** The SQLite twin of the MySQL migration of the same name: how far folding event_day_counts has come. */
export class EventDayCountsFolded1763700800000 implements MigrationInterface {
  name = 'EventDayCountsFolded1763700800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE "event_day_counts_folded" ("folded_to" bigint NOT NULL)');
    await queryRunner.query('INSERT INTO "event_day_counts_folded" ("folded_to") VALUES (0)');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "event_day_counts_folded"');
  }
}
