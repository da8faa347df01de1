import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `search` by index on SQLite (issue #14): an FTS5 trigram index of each event's title and of its
 * description and excerpt, lower-cased as the search compares them (unicode_lower, registered on
 * every connection). It only preselects: a word of 3+ characters occurs in a text only if all its
 * trigrams do, and the list still applies its LIKE conditions to the rows found, so the CONTRACT's
 * "occurs in" is kept exactly. Triggers keep it in every write's transaction, SQL writes included.
 * MySQL/MariaDB have no twin: InnoDB's FULLTEXT on MariaDB 10.11 has no n-gram parser (README).
 */
export class EventsSearch1763700101000 implements MigrationInterface {
  name = 'EventsSearch1763700101000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE VIRTUAL TABLE "events_search" USING fts5(title, content, tokenize = 'trigram')`);
    const values = "unicode_lower(new.title), unicode_lower(new.description || ' ' || new.excerpt)";
    await queryRunner.query(
      `CREATE TRIGGER "events_search_insert" AFTER INSERT ON "events" BEGIN ` +
        `INSERT INTO events_search (rowid, title, content) VALUES (new.id, ${values}); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "events_search_update" AFTER UPDATE OF title, description, excerpt ON "events" BEGIN ` +
        `DELETE FROM events_search WHERE rowid = old.id; INSERT INTO events_search (rowid, title, content) VALUES (new.id, ${values}); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "events_search_delete" AFTER DELETE ON "events" BEGIN DELETE FROM events_search WHERE rowid = old.id; END`,
    );
    await queryRunner.query(
      "INSERT INTO events_search (rowid, title, content) SELECT id, unicode_lower(title), unicode_lower(description || ' ' || excerpt) FROM events",
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER "events_search_delete"');
    await queryRunner.query('DROP TRIGGER "events_search_update"');
    await queryRunner.query('DROP TRIGGER "events_search_insert"');
    await queryRunner.query('DROP TABLE "events_search"');
  }
}
