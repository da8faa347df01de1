import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * trashed_from: the status a post had when it went to the trash (WordPress keeps it as
 * _wp_trash_meta_status), so that a contributor may not edit or delete their item an editor
 * published before trashing it. NULL for rows trashed before (they are treated as before).
 */
export class TrashedFrom1763701200000 implements MigrationInterface {
  name = 'TrashedFrom1763701200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['events', 'venues', 'organizers']) {
      await queryRunner.query('ALTER TABLE `' + table + '` ADD `trashed_from` varchar(20) NULL');
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['events', 'venues', 'organizers']) {
      await queryRunner.query('ALTER TABLE `' + table + '` DROP COLUMN `trashed_from`');
    }
  }
}
