import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events and their links to terms, venues and organizers (issue #5). Written by hand; the SQLite
 * twin has the same tables, columns and index names.
 *
 * The link tables cascade: deleting an event, a term, a venue or an organizer unlinks it. The
 * terms, venues and organizers tables come from the earlier migrations 1763700001000 and
 * 1763700002000.
 *
 * Dates: `start_utc`/`end_utc` are UTC instants (every filter and the order use them);
 * `start_local`/`end_local` are the event's wall clock in `timezone`; `published_*`/`modified_*`
 * likewise UTC and site wall clock.
 *
 * Which index serves which list filter (CONTRACT §8):
 * - idx_events_list (status, hide_from_listings, start_utc, id): the default list (status IN,
 *   hide_from_listings = 0, start_utc window, ORDER BY start_utc, id), start_date/starts_* bounds;
 * - idx_events_end (end_utc, id): end_date/ends_before/ends_after bounds, only_with_upcoming;
 * - idx_events_author (author_id, status): own unpublished events of contributors and authors;
 * - idx_events_parent (post_parent, start_utc): post_parent;
 * - idx_events_featured (featured, start_utc): featured;
 * - idx_events_ticketed (ticketed, start_utc): ticketed;
 * - uq_events_slug (slug): by-slug routes and unique slugs;
 * - idx_events_image (image_id): the media foreign key;
 * - PRIMARY of event_terms (event_id, term_id): terms of a page of events; idx_event_terms_term
 *   (term_id, event_id): categories/tags filters, term `count`, the terms' post/event filter;
 * - PRIMARY of event_venues (event_id, venue_id): venues of a page of events;
 *   idx_event_venues_venue (venue_id, event_id): venue filter, geoloc (joined to venues by id),
 *   the venues' event, has_events and only_with_upcoming filters, unlinking a trashed venue;
 * - PRIMARY of event_organizers / idx_event_organizers_organizer: the same for organizers;
 * - include: the primary key. search (LIKE on title, description, excerpt) cannot use a B-tree
 *   index; it only narrows rows the indexes above already selected.
 */
export class Events1763700003000 implements MigrationInterface {
  name = 'Events1763700003000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `events` (' +
        '`id` int NOT NULL AUTO_INCREMENT, ' +
        '`author_id` int NOT NULL, ' +
        '`status` varchar(20) NOT NULL, ' +
        '`slug` varchar(200) NOT NULL, ' +
        '`title` text NOT NULL, ' +
        '`description` text NOT NULL, ' +
        '`excerpt` text NOT NULL, ' +
        '`password` varchar(255) NULL, ' +
        '`start_local` datetime NOT NULL, ' +
        '`end_local` datetime NOT NULL, ' +
        '`start_utc` datetime NOT NULL, ' +
        '`end_utc` datetime NOT NULL, ' +
        '`timezone` varchar(64) NOT NULL, ' +
        "`timezone_abbr` varchar(32) NOT NULL DEFAULT '', " +
        '`all_day` tinyint NOT NULL DEFAULT 0, ' +
        '`cost` varchar(255) NULL, ' +
        "`currency_symbol` varchar(16) NOT NULL DEFAULT '', " +
        "`currency_code` varchar(8) NOT NULL DEFAULT '', " +
        "`currency_position` varchar(8) NOT NULL DEFAULT 'prefix', " +
        '`website` varchar(2048) NULL, ' +
        '`show_map` tinyint NOT NULL DEFAULT 0, ' +
        '`show_map_link` tinyint NOT NULL DEFAULT 0, ' +
        '`hide_from_listings` tinyint NOT NULL DEFAULT 0, ' +
        '`sticky` tinyint NOT NULL DEFAULT 0, ' +
        '`featured` tinyint NOT NULL DEFAULT 0, ' +
        '`ticketed` tinyint NOT NULL DEFAULT 0, ' +
        '`post_parent` int NOT NULL DEFAULT 0, ' +
        '`image_id` int NULL, ' +
        '`published_at` datetime NOT NULL, ' +
        '`published_local` datetime NOT NULL, ' +
        '`modified_at` datetime NOT NULL, ' +
        '`modified_local` datetime NOT NULL, ' +
        'UNIQUE INDEX `uq_events_slug` (`slug`), ' +
        'INDEX `idx_events_list` (`status`, `hide_from_listings`, `start_utc`, `id`), ' +
        'INDEX `idx_events_end` (`end_utc`, `id`), ' +
        'INDEX `idx_events_author` (`author_id`, `status`), ' +
        'INDEX `idx_events_parent` (`post_parent`, `start_utc`), ' +
        'INDEX `idx_events_featured` (`featured`, `start_utc`), ' +
        'INDEX `idx_events_ticketed` (`ticketed`, `start_utc`), ' +
        'INDEX `idx_events_image` (`image_id`), ' +
        'PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `events` ADD CONSTRAINT `fk_events_image` FOREIGN KEY (`image_id`) REFERENCES `media`(`id`) ON DELETE SET NULL ON UPDATE NO ACTION',
    );

    await queryRunner.query(
      'CREATE TABLE `event_terms` (`event_id` int NOT NULL, `term_id` int NOT NULL, ' +
        'INDEX `idx_event_terms_term` (`term_id`, `event_id`), PRIMARY KEY (`event_id`, `term_id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `event_terms` ADD CONSTRAINT `fk_event_terms_event` FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `event_terms` ADD CONSTRAINT `fk_event_terms_term` FOREIGN KEY (`term_id`) REFERENCES `terms`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );

    await queryRunner.query(
      'CREATE TABLE `event_venues` (`event_id` int NOT NULL, `venue_id` int NOT NULL, `position` int NOT NULL DEFAULT 0, ' +
        'INDEX `idx_event_venues_venue` (`venue_id`, `event_id`), PRIMARY KEY (`event_id`, `venue_id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `event_venues` ADD CONSTRAINT `fk_event_venues_event` FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `event_venues` ADD CONSTRAINT `fk_event_venues_venue` FOREIGN KEY (`venue_id`) REFERENCES `venues`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );

    await queryRunner.query(
      'CREATE TABLE `event_organizers` (`event_id` int NOT NULL, `organizer_id` int NOT NULL, `position` int NOT NULL DEFAULT 0, ' +
        'INDEX `idx_event_organizers_organizer` (`organizer_id`, `event_id`), PRIMARY KEY (`event_id`, `organizer_id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `event_organizers` ADD CONSTRAINT `fk_event_organizers_event` FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `event_organizers` ADD CONSTRAINT `fk_event_organizers_organizer` FOREIGN KEY (`organizer_id`) REFERENCES `organizers`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `event_organizers` DROP FOREIGN KEY `fk_event_organizers_organizer`');
    await queryRunner.query('ALTER TABLE `event_organizers` DROP FOREIGN KEY `fk_event_organizers_event`');
    await queryRunner.query('DROP TABLE `event_organizers`');
    await queryRunner.query('ALTER TABLE `event_venues` DROP FOREIGN KEY `fk_event_venues_venue`');
    await queryRunner.query('ALTER TABLE `event_venues` DROP FOREIGN KEY `fk_event_venues_event`');
    await queryRunner.query('DROP TABLE `event_venues`');
    await queryRunner.query('ALTER TABLE `event_terms` DROP FOREIGN KEY `fk_event_terms_term`');
    await queryRunner.query('ALTER TABLE `event_terms` DROP FOREIGN KEY `fk_event_terms_event`');
    await queryRunner.query('DROP TABLE `event_terms`');
    await queryRunner.query('ALTER TABLE `events` DROP FOREIGN KEY `fk_events_image`');
    await queryRunner.query('DROP TABLE `events`');
  }
}
