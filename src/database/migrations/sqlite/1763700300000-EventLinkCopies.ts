import { MigrationInterface, QueryRunner } from 'typeorm';

/** The three link tables, their post column, its foreign key target and whether they keep a position. */
const LINKS = [
  { table: 'event_terms', column: 'term_id', target: 'terms', short: 'term', position: false },
  { table: 'event_venues', column: 'venue_id', target: 'venues', short: 'venue', position: true },
  { table: 'event_organizers', column: 'organizer_id', target: 'organizers', short: 'organizer', position: true },
] as const;

/**
 * Issue #14: link rows carry copies of their event's `start_utc`, `end_utc`, `status` and
 * `hide_from_listings`, and `idx_<table>_list` serves the `categories`/`tags`, `venue` and
 * `organizer` filters from the link table in start order (see the MySQL migration of the same
 * name for which index serves what). SQLite cannot add NOT NULL columns without a default, so
 * each table is rebuilt and filled by one INSERT ... SELECT joined to events by primary key.
 */
export class EventLinkCopies1763700300000 implements MigrationInterface {
  name = 'EventLinkCopies1763700300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const link of LINKS) {
      const kept = ['"event_id"', `"${link.column}"`, ...(link.position ? ['"position"'] : [])];
      await queryRunner.query(
        `CREATE TABLE "${link.table}_new" ("event_id" integer NOT NULL, "${link.column}" integer NOT NULL, ` +
          (link.position ? `"position" integer NOT NULL DEFAULT (0), ` : '') +
          `"start_utc" datetime NOT NULL, "end_utc" datetime NOT NULL, "status" varchar(20) NOT NULL, "hide_from_listings" boolean NOT NULL, ` +
          `CONSTRAINT "pk_${link.table}" PRIMARY KEY ("event_id", "${link.column}"), ` +
          `CONSTRAINT "fk_${link.table}_event" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, ` +
          `CONSTRAINT "fk_${link.table}_${link.short}" FOREIGN KEY ("${link.column}") REFERENCES "${link.target}" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      );
      await queryRunner.query(
        `INSERT INTO "${link.table}_new" (${kept.join(', ')}, "start_utc", "end_utc", "status", "hide_from_listings") ` +
          `SELECT ${kept.map((column) => `l.${column}`).join(', ')}, e."start_utc", e."end_utc", e."status", e."hide_from_listings" ` +
          `FROM "${link.table}" l INNER JOIN "events" e ON e."id" = l."event_id"`,
      );
      await queryRunner.query(`DROP TABLE "${link.table}"`);
      await queryRunner.query(`ALTER TABLE "${link.table}_new" RENAME TO "${link.table}"`);
      await queryRunner.query(
        `CREATE INDEX "idx_${link.table}_list" ON "${link.table}" ("${link.column}", "hide_from_listings", "start_utc", "event_id", "status", "end_utc")`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const link of LINKS) {
      await queryRunner.query(`DROP INDEX "idx_${link.table}_list"`);
      for (const column of ['start_utc', 'end_utc', 'status', 'hide_from_listings'])
        await queryRunner.query(`ALTER TABLE "${link.table}" DROP COLUMN "${column}"`);
      await queryRunner.query(`CREATE INDEX "idx_${link.table}_${link.short}" ON "${link.table}" ("${link.column}", "event_id")`);
    }
  }
}
