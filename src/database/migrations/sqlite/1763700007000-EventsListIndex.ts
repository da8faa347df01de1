import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One index for the events list's page and its count (issue #7). With `end_utc` after `id`, the
 * page's ids come in list order (start_utc, id) and the default window's `end_utc <= ?` is checked
 * in the index, without reading a row; the count is answered from the same index, so
 * idx_events_window is no longer needed.
 */
export class EventsListIndex1763700007000 implements MigrationInterface {
  name = 'EventsListIndex1763700007000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_events_window"');
    await queryRunner.query('DROP INDEX "idx_events_list"');
    await queryRunner.query('CREATE INDEX "idx_events_list" ON "events" ("status", "hide_from_listings", "start_utc", "id", "end_utc")');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_events_list"');
    await queryRunner.query('CREATE INDEX "idx_events_list" ON "events" ("status", "hide_from_listings", "start_utc", "id")');
    await queryRunner.query('CREATE INDEX "idx_events_window" ON "events" ("status", "hide_from_listings", "start_utc", "end_utc")');
  }
}
