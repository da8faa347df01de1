import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The list's page in start order whatever the set of statuses (issue #14). idx_events_list leads
 * with `status`, so a caller who sees several statuses (an editor: publish, future, draft, pending,
 * private) got the window's ids from several ranges and sorted all of them: 551,000 rows and 3 s
 * at 1,000,000 events. With `status` after `start_utc, id`, the page is the first rows of one range
 * and the statuses are checked in the index. idx_events_list stays: it serves one status (anonymous
 * callers) and the count of a window's edge days.
 */
export class EventsStartIndex1763700500000 implements MigrationInterface {
  name = 'EventsStartIndex1763700500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX "idx_events_start" ON "events" ("hide_from_listings", "start_utc", "id", "status", "end_utc")');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_events_start"');
  }
}
