import { MigrationInterface, QueryRunner } from 'typeorm';
import { COUNT_KIND, treeDayCountInserts } from '../../../events/event-day-counts';

/** event_day_counts' `tree` kind, filled from the existing links (issue #14): the MySQL twin's comment says why and how. */
export class CategoryTreeDayCounts1763700600000 implements MigrationInterface {
  name = 'CategoryTreeDayCounts1763700600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const insert of treeDayCountInserts(true)) await queryRunner.query(insert.sql, insert.params);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM "event_day_counts" WHERE "kind" = ?', [COUNT_KIND.tree]);
  }
}
