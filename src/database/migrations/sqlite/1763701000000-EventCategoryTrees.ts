import { MigrationInterface, QueryRunner } from 'typeorm';

/** event_category_trees: an event in the list of each category whose tree holds it (see the mysql twin). */
export class EventCategoryTrees1763701000000 implements MigrationInterface {
  name = 'EventCategoryTrees1763701000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "event_category_trees" ("event_id" integer NOT NULL, "category_id" integer NOT NULL, ' +
        '"start_utc" datetime NOT NULL, "end_utc" datetime NOT NULL, "status" varchar(20) NOT NULL, "hide_from_listings" boolean NOT NULL, ' +
        'CONSTRAINT "pk_event_category_trees" PRIMARY KEY ("event_id", "category_id"), ' +
        'CONSTRAINT "fk_event_category_trees_event" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, ' +
        'CONSTRAINT "fk_event_category_trees_category" FOREIGN KEY ("category_id") REFERENCES "terms" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "event_category_trees" ("category_id", "event_id", "start_utc", "end_utc", "status", "hide_from_listings") ' +
        "WITH RECURSIVE up (id, ancestor) AS (SELECT id, id FROM terms WHERE taxonomy = 'tribe_events_cat' " +
        "UNION SELECT up.id, t.parent FROM up INNER JOIN terms t ON t.id = up.ancestor WHERE t.parent <> 0 AND t.taxonomy = 'tribe_events_cat') " +
        'SELECT DISTINCT up.ancestor, l.event_id, l.start_utc, l.end_utc, l.status, l.hide_from_listings FROM event_terms l INNER JOIN up ON up.id = l.term_id',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_event_category_trees_list" ON "event_category_trees" ("category_id", "hide_from_listings", "start_utc", "event_id", "status", "end_utc")',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "event_category_trees"');
  }
}
