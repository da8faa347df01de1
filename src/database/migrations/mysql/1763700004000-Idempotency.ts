import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys of creates (CONTRACT §7). Written by hand; the SQLite twin has the same table,
 * columns and index names, and says which index serves what. `response` is JSON because MySQL's
 * TEXT stops at 64 KiB (on MariaDB JSON is LONGTEXT with a validity check).
 */
export class Idempotency1763700004000 implements MigrationInterface {
  name = 'Idempotency1763700004000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `idempotency_keys` (' +
        '`id` int NOT NULL AUTO_INCREMENT, ' +
        '`user_id` int NOT NULL, ' +
        '`key_hash` varchar(64) NOT NULL, ' +
        '`fingerprint` varchar(64) NOT NULL, ' +
        '`response` json NULL, ' +
        '`created_at` datetime NOT NULL, ' +
        '`expires_at` datetime NOT NULL, ' +
        'UNIQUE INDEX `uq_idempotency_keys_user_key` (`user_id`, `key_hash`), ' +
        'INDEX `idx_idempotency_keys_expires` (`expires_at`), ' +
        'PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `idempotency_keys` ADD CONSTRAINT `fk_idempotency_keys_user` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `idempotency_keys` DROP FOREIGN KEY `fk_idempotency_keys_user`');
    await queryRunner.query('DROP TABLE `idempotency_keys`');
  }
}
