import { MigrationInterface, QueryRunner } from 'typeorm';
import { COUNT_KIND, treeDayCountInserts } from '../../../events/event-day-counts';

/**
 * event_day_counts' `tree` kind (issue #14): per category, the events linked to it or to any of
 * its descendants, each once, so the total of a list filtered by one category (which includes
 * its descendants, reference §2.2) sums summary rows instead of de-duplicating every link row of
 * its window. A data migration only: the rows are filled here from the link rows' copies of their
 * events' columns (migration 1763700300000), as `events:recount-days` fills them, and kept by
 * recordEventChanges in every event write, and by the category writes that move or delete a
 * category (keepingCategoryTrees). Cost: one INSERT ... SELECT of the days that reads
 * idx_event_terms_list once and de-duplicates (category tree, event) pairs in a temporary table,
 * then the 8- and 64-day buckets summed from those days: at 100,000 events on MariaDB 4 s for
 * 143,592 rows; at 1,000,000 events the days' SELECT alone took 52 s (384,166 rows, the temporary
 * table on disk), so plan on about a minute.
 */
export class CategoryTreeDayCounts1763700600000 implements MigrationInterface {
  name = 'CategoryTreeDayCounts1763700600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const insert of treeDayCountInserts(false)) await queryRunner.query(insert.sql, insert.params);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM `event_day_counts` WHERE `kind` = ?', [COUNT_KIND.tree]);
  }
}
