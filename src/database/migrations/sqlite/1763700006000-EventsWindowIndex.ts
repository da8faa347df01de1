import { MigrationInterface, QueryRunner } from 'typeorm';

/** Serves the count of the events list's date window from the index alone (issue #7). */
export class EventsWindowIndex1763700006000 implements MigrationInterface {
  name = 'EventsWindowIndex1763700006000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX "idx_events_window" ON "events" ("status", "hide_from_listings", "start_utc", "end_utc")');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_events_window"');
  }
}
