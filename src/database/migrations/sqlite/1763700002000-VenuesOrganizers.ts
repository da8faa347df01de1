import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Venues and organizers (issue #4). Written by hand; the MySQL twin has the same tables, columns
 * and index names.
 *
 * Dates: `published_at`/`modified_at` are UTC instants, `published_local`/`modified_local` the
 * SITE_TIMEZONE wall clock. Strings are NOT NULL ("" is "not set"); `name_key` is the lower-cased
 * name the duplicate rule compares.
 *
 * Which index serves what (CONTRACT §8), for each table:
 * - uq_<table>_slug (slug): by-slug routes and unique slugs;
 * - idx_<table>_list (status, published_at, id): lists of one status, newest first;
 * - idx_<table>_published (published_at, id): the order across several statuses (editors);
 * - idx_<table>_author (author_id, status): own unpublished items of contributors and authors;
 * - idx_<table>_name_key (name_key): the duplicate rule on create;
 * - idx_<table>_image (image_id): the media foreign key.
 * The event, has_events and only_with_upcoming filters are EXISTS subqueries served by the events
 * migration's idx_event_venues_venue / idx_event_organizers_organizer. search (LIKE '%word%') cannot
 * use a B-tree index; it narrows the rows the status indexes select.
 */
export class VenuesOrganizers1763700002000 implements MigrationInterface {
  name = 'VenuesOrganizers1763700002000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "venues" (` +
        `"id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, ` +
        `"author_id" integer NOT NULL, ` +
        `"status" varchar(20) NOT NULL, ` +
        `"slug" varchar(200) NOT NULL, ` +
        `"name" varchar(255) NOT NULL, ` +
        `"name_key" varchar(255) NOT NULL, ` +
        `"description" text NOT NULL, ` +
        `"excerpt" text NOT NULL, ` +
        `"address" varchar(255) NOT NULL, ` +
        `"city" varchar(255) NOT NULL, ` +
        `"country" varchar(255) NOT NULL, ` +
        `"province" varchar(255) NOT NULL, ` +
        `"state" varchar(255) NOT NULL, ` +
        `"zip" varchar(255) NOT NULL, ` +
        `"phone" varchar(255) NOT NULL, ` +
        `"website" varchar(2048) NOT NULL, ` +
        `"stateprovince" varchar(255) NOT NULL, ` +
        `"show_map" boolean NOT NULL, ` +
        `"show_map_link" boolean NOT NULL, ` +
        `"geo_lat" double, ` +
        `"geo_lng" double, ` +
        `"image_id" integer, ` +
        `"password" varchar(255), ` +
        `"published_at" datetime NOT NULL, ` +
        `"published_local" datetime NOT NULL, ` +
        `"modified_at" datetime NOT NULL, ` +
        `"modified_local" datetime NOT NULL, ` +
        `CONSTRAINT "fk_venues_image" FOREIGN KEY ("image_id") REFERENCES "media" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_venues_slug" ON "venues" ("slug")`);
    await queryRunner.query(`CREATE INDEX "idx_venues_list" ON "venues" ("status", "published_at", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_venues_published" ON "venues" ("published_at", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_venues_author" ON "venues" ("author_id", "status")`);
    await queryRunner.query(`CREATE INDEX "idx_venues_name_key" ON "venues" ("name_key")`);
    await queryRunner.query(`CREATE INDEX "idx_venues_image" ON "venues" ("image_id")`);

    await queryRunner.query(
      `CREATE TABLE "organizers" (` +
        `"id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, ` +
        `"author_id" integer NOT NULL, ` +
        `"status" varchar(20) NOT NULL, ` +
        `"slug" varchar(200) NOT NULL, ` +
        `"name" varchar(255) NOT NULL, ` +
        `"name_key" varchar(255) NOT NULL, ` +
        `"description" text NOT NULL, ` +
        `"excerpt" text NOT NULL, ` +
        `"phone" varchar(255) NOT NULL, ` +
        `"website" varchar(2048) NOT NULL, ` +
        `"email" varchar(254) NOT NULL, ` +
        `"image_id" integer, ` +
        `"password" varchar(255), ` +
        `"published_at" datetime NOT NULL, ` +
        `"published_local" datetime NOT NULL, ` +
        `"modified_at" datetime NOT NULL, ` +
        `"modified_local" datetime NOT NULL, ` +
        `CONSTRAINT "fk_organizers_image" FOREIGN KEY ("image_id") REFERENCES "media" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_organizers_slug" ON "organizers" ("slug")`);
    await queryRunner.query(`CREATE INDEX "idx_organizers_list" ON "organizers" ("status", "published_at", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_organizers_published" ON "organizers" ("published_at", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_organizers_author" ON "organizers" ("author_id", "status")`);
    await queryRunner.query(`CREATE INDEX "idx_organizers_name_key" ON "organizers" ("name_key")`);
    await queryRunner.query(`CREATE INDEX "idx_organizers_image" ON "organizers" ("image_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "organizers"`);
    await queryRunner.query(`DROP TABLE "venues"`);
  }
}
