import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Venues and organizers (issue #4). Written by hand; the SQLite twin has the same tables, columns
 * and index names, and says which index serves what.
 */
export class VenuesOrganizers1763700002000 implements MigrationInterface {
  name = 'VenuesOrganizers1763700002000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `venues` (' +
        '`id` int NOT NULL AUTO_INCREMENT, ' +
        '`author_id` int NOT NULL, ' +
        '`status` varchar(20) NOT NULL, ' +
        '`slug` varchar(200) NOT NULL, ' +
        '`name` varchar(255) NOT NULL, ' +
        '`name_key` varchar(255) NOT NULL, ' +
        '`description` text NOT NULL, ' +
        '`excerpt` text NOT NULL, ' +
        '`address` varchar(255) NOT NULL, ' +
        '`city` varchar(255) NOT NULL, ' +
        '`country` varchar(255) NOT NULL, ' +
        '`province` varchar(255) NOT NULL, ' +
        '`state` varchar(255) NOT NULL, ' +
        '`zip` varchar(255) NOT NULL, ' +
        '`phone` varchar(255) NOT NULL, ' +
        '`website` varchar(2048) NOT NULL, ' +
        '`stateprovince` varchar(255) NOT NULL, ' +
        '`show_map` tinyint NOT NULL, ' +
        '`show_map_link` tinyint NOT NULL, ' +
        '`geo_lat` double NULL, ' +
        '`geo_lng` double NULL, ' +
        '`image_id` int NULL, ' +
        '`password` varchar(255) NULL, ' +
        '`published_at` datetime NOT NULL, ' +
        '`published_local` datetime NOT NULL, ' +
        '`modified_at` datetime NOT NULL, ' +
        '`modified_local` datetime NOT NULL, ' +
        'UNIQUE INDEX `uq_venues_slug` (`slug`), ' +
        'INDEX `idx_venues_list` (`status`, `published_at`, `id`), ' +
        'INDEX `idx_venues_published` (`published_at`, `id`), ' +
        'INDEX `idx_venues_author` (`author_id`, `status`), ' +
        'INDEX `idx_venues_name_key` (`name_key`), ' +
        'INDEX `idx_venues_image` (`image_id`), ' +
        'PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `venues` ADD CONSTRAINT `fk_venues_image` FOREIGN KEY (`image_id`) REFERENCES `media`(`id`) ON DELETE SET NULL ON UPDATE NO ACTION',
    );

    await queryRunner.query(
      'CREATE TABLE `organizers` (' +
        '`id` int NOT NULL AUTO_INCREMENT, ' +
        '`author_id` int NOT NULL, ' +
        '`status` varchar(20) NOT NULL, ' +
        '`slug` varchar(200) NOT NULL, ' +
        '`name` varchar(255) NOT NULL, ' +
        '`name_key` varchar(255) NOT NULL, ' +
        '`description` text NOT NULL, ' +
        '`excerpt` text NOT NULL, ' +
        '`phone` varchar(255) NOT NULL, ' +
        '`website` varchar(2048) NOT NULL, ' +
        '`email` varchar(254) NOT NULL, ' +
        '`image_id` int NULL, ' +
        '`password` varchar(255) NULL, ' +
        '`published_at` datetime NOT NULL, ' +
        '`published_local` datetime NOT NULL, ' +
        '`modified_at` datetime NOT NULL, ' +
        '`modified_local` datetime NOT NULL, ' +
        'UNIQUE INDEX `uq_organizers_slug` (`slug`), ' +
        'INDEX `idx_organizers_list` (`status`, `published_at`, `id`), ' +
        'INDEX `idx_organizers_published` (`published_at`, `id`), ' +
        'INDEX `idx_organizers_author` (`author_id`, `status`), ' +
        'INDEX `idx_organizers_name_key` (`name_key`), ' +
        'INDEX `idx_organizers_image` (`image_id`), ' +
        'PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `organizers` ADD CONSTRAINT `fk_organizers_image` FOREIGN KEY (`image_id`) REFERENCES `media`(`id`) ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `organizers` DROP FOREIGN KEY `fk_organizers_image`');
    await queryRunner.query('DROP TABLE `organizers`');
    await queryRunner.query('ALTER TABLE `venues` DROP FOREIGN KEY `fk_venues_image`');
    await queryRunner.query('DROP TABLE `venues`');
  }
}
