import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events and their links to terms, venues and organizers (issue #5). Written by hand; the MySQL
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
 * - pk_event_terms (event_id, term_id): terms of a page of events; idx_event_terms_term
 *   (term_id, event_id): categories/tags filters, term `count`, the terms' post/event filter;
 * - pk_event_venues (event_id, venue_id): venues of a page of events; idx_event_venues_venue
 *   (venue_id, event_id): venue filter, geoloc (joined to venues by id), the venues' event,
 *   has_events and only_with_upcoming filters, unlinking a trashed venue;
 * - pk_event_organizers / idx_event_organizers_organizer: the same for organizers;
 * - include: the primary key. search (LIKE on title, description, excerpt) cannot use a B-tree
 *   index; it only narrows rows the indexes above already selected.
 */
export class Events1763700003000 implements MigrationInterface {
  name = 'Events1763700003000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "events" (` +
        `"id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, ` +
        `"author_id" integer NOT NULL, ` +
        `"status" varchar(20) NOT NULL, ` +
        `"slug" varchar(200) NOT NULL, ` +
        `"title" text NOT NULL, ` +
        `"description" text NOT NULL, ` +
        `"excerpt" text NOT NULL, ` +
        `"password" varchar(255), ` +
        `"start_local" datetime NOT NULL, ` +
        `"end_local" datetime NOT NULL, ` +
        `"start_utc" datetime NOT NULL, ` +
        `"end_utc" datetime NOT NULL, ` +
        `"timezone" varchar(64) NOT NULL, ` +
        `"timezone_abbr" varchar(32) NOT NULL DEFAULT (''), ` +
        `"all_day" boolean NOT NULL DEFAULT (0), ` +
        `"cost" varchar(255), ` +
        `"currency_symbol" varchar(16) NOT NULL DEFAULT (''), ` +
        `"currency_code" varchar(8) NOT NULL DEFAULT (''), ` +
        `"currency_position" varchar(8) NOT NULL DEFAULT ('prefix'), ` +
        `"website" varchar(2048), ` +
        `"show_map" boolean NOT NULL DEFAULT (0), ` +
        `"show_map_link" boolean NOT NULL DEFAULT (0), ` +
        `"hide_from_listings" boolean NOT NULL DEFAULT (0), ` +
        `"sticky" boolean NOT NULL DEFAULT (0), ` +
        `"featured" boolean NOT NULL DEFAULT (0), ` +
        `"ticketed" boolean NOT NULL DEFAULT (0), ` +
        `"post_parent" integer NOT NULL DEFAULT (0), ` +
        `"image_id" integer, ` +
        `"published_at" datetime NOT NULL, ` +
        `"published_local" datetime NOT NULL, ` +
        `"modified_at" datetime NOT NULL, ` +
        `"modified_local" datetime NOT NULL, ` +
        `CONSTRAINT "fk_events_image" FOREIGN KEY ("image_id") REFERENCES "media" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_events_slug" ON "events" ("slug")`);
    await queryRunner.query(`CREATE INDEX "idx_events_list" ON "events" ("status", "hide_from_listings", "start_utc", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_events_end" ON "events" ("end_utc", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_events_author" ON "events" ("author_id", "status")`);
    await queryRunner.query(`CREATE INDEX "idx_events_parent" ON "events" ("post_parent", "start_utc")`);
    await queryRunner.query(`CREATE INDEX "idx_events_featured" ON "events" ("featured", "start_utc")`);
    await queryRunner.query(`CREATE INDEX "idx_events_ticketed" ON "events" ("ticketed", "start_utc")`);
    await queryRunner.query(`CREATE INDEX "idx_events_image" ON "events" ("image_id")`);

    await queryRunner.query(
      `CREATE TABLE "event_terms" ("event_id" integer NOT NULL, "term_id" integer NOT NULL, ` +
        `CONSTRAINT "pk_event_terms" PRIMARY KEY ("event_id", "term_id"), ` +
        `CONSTRAINT "fk_event_terms_event" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, ` +
        `CONSTRAINT "fk_event_terms_term" FOREIGN KEY ("term_id") REFERENCES "terms" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_event_terms_term" ON "event_terms" ("term_id", "event_id")`);

    await queryRunner.query(
      `CREATE TABLE "event_venues" ("event_id" integer NOT NULL, "venue_id" integer NOT NULL, "position" integer NOT NULL DEFAULT (0), ` +
        `CONSTRAINT "pk_event_venues" PRIMARY KEY ("event_id", "venue_id"), ` +
        `CONSTRAINT "fk_event_venues_event" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, ` +
        `CONSTRAINT "fk_event_venues_venue" FOREIGN KEY ("venue_id") REFERENCES "venues" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_event_venues_venue" ON "event_venues" ("venue_id", "event_id")`);

    await queryRunner.query(
      `CREATE TABLE "event_organizers" ("event_id" integer NOT NULL, "organizer_id" integer NOT NULL, "position" integer NOT NULL DEFAULT (0), ` +
        `CONSTRAINT "pk_event_organizers" PRIMARY KEY ("event_id", "organizer_id"), ` +
        `CONSTRAINT "fk_event_organizers_event" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, ` +
        `CONSTRAINT "fk_event_organizers_organizer" FOREIGN KEY ("organizer_id") REFERENCES "organizers" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_event_organizers_organizer" ON "event_organizers" ("organizer_id", "event_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "event_organizers"`);
    await queryRunner.query(`DROP TABLE "event_venues"`);
    await queryRunner.query(`DROP TABLE "event_terms"`);
    await queryRunner.query(`DROP TABLE "events"`);
  }
}
