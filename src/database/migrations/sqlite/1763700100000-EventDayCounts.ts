import { MigrationInterface, QueryRunner } from 'typeorm';
import { eventDayCountInserts } from '../../../events/event-day-counts';

/** Counts of listed events per bucket of days (issue #14): the MySQL twin's comment says why and how. */
export class EventDayCounts1763700100000 implements MigrationInterface {
  name = 'EventDayCounts1763700100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "event_day_counts" (' +
        '"id" integer PRIMARY KEY AUTOINCREMENT, ' +
        '"kind" integer NOT NULL, ' +
        '"post_id" integer NOT NULL, ' +
        '"status" varchar(20) NOT NULL, ' +
        '"level" integer NOT NULL, ' +
        '"start_bucket" integer NOT NULL, ' +
        '"end_bucket" integer NOT NULL, ' +
        '"n" integer NOT NULL)',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_event_day_counts_start" ON "event_day_counts" ("kind", "post_id", "status", "level", "start_bucket", "end_bucket")',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_event_day_counts_end" ON "event_day_counts" ("kind", "post_id", "status", "level", "end_bucket", "start_bucket")',
    );
    for (const sql of eventDayCountInserts(true)) await queryRunner.query(sql);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "event_day_counts"');
  }
}
