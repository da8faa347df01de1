import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * media.url_hash: SHA-256 of the URL, indexed, so an image given again by a URL already known is
 * that row (reference §5.2) instead of a new one per write. Existing rows hashed here (SHA2 gives
 * the lowercase hex that mediaUrlHash gives).
 */
export class MediaUrlHash1763701100000 implements MigrationInterface {
  name = 'MediaUrlHash1763701100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `media` ADD `url_hash` varchar(64) NULL');
    await queryRunner.query('UPDATE `media` SET `url_hash` = SHA2(`url`, 256)');
    await queryRunner.query('CREATE INDEX `idx_media_url_hash` ON `media` (`url_hash`)');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `idx_media_url_hash` ON `media`');
    await queryRunner.query('ALTER TABLE `media` DROP COLUMN `url_hash`');
  }
}
