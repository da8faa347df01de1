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
    // Each category with every descendant (as EventLinks.rebuildTrees walks them), then the links
    // below it, each event once; should two link rows of one event disagree on a copy, the least.
    await queryRunner.query(
      'INSERT INTO "event_category_trees" ("category_id", "event_id", "start_utc", "end_utc", "status", "hide_from_listings") ' +
        "WITH RECURSIVE tree (root, id) AS (SELECT id, id FROM terms WHERE taxonomy = 'tribe_events_cat' " +
        "UNION SELECT tree.root, t.id FROM terms t INNER JOIN tree ON t.parent = tree.id WHERE t.taxonomy = 'tribe_events_cat') " +
        'SELECT tree.root, l.event_id, MIN(l.start_utc), MIN(l.end_utc), MIN(l.status), MIN(l.hide_from_listings) ' +
        'FROM tree INNER JOIN event_terms l ON l.term_id = tree.id GROUP BY tree.root, l.event_id',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_event_category_trees_list" ON "event_category_trees" ("category_id", "hide_from_listings", "start_utc", "event_id", "status", "end_utc")',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "event_category_trees"');
  }
}
