import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Application passwords are found by a keyed hash, so a login verifies one scrypt hash whatever
 * the number of the user's passwords (issue #12). The key is a `settings` row made at first use;
 * existing rows get their lookup hash on their next successful use.
 */
export class PasswordLookup1763700008000 implements MigrationInterface {
  name = 'PasswordLookup1763700008000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `settings` (`name` varchar(64) NOT NULL, `value` varchar(255) NOT NULL, PRIMARY KEY (`name`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `application_passwords` ADD `lookup_hash` varchar(64) NULL, ' +
        'ADD INDEX `idx_application_passwords_lookup` (`user_id`, `lookup_hash`)',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `application_passwords` DROP INDEX `idx_application_passwords_lookup`, DROP COLUMN `lookup_hash`');
    await queryRunner.query('DROP TABLE `settings`');
  }
}
