import { MigrationInterface, QueryRunner } from 'typeorm';

/** The three link tables, their post column, its foreign key target and whether they keep a position. */
const LINKS = [
  { table: 'event_terms', column: 'term_id', target: 'terms', short: 'term', position: false },
  { table: 'event_venues', column: 'venue_id', target: 'venues', short: 'venue', position: true },
  { table: 'event_organizers', column: 'organizer_id', target: 'organizers', short: 'organizer', position: true },
] as const;

/**
 * Issue #14: each link row carries copies of its event's `start_utc`, `end_utc`, `status` and
 * `hide_from_listings` (kept exact by EventLinks in each write's transaction), and
 * `idx_<table>_list (<post>_id, hide_from_listings, start_utc, event_id, status, end_utc)`:
 * - idx_event_terms_list: `categories` and `tags`; idx_event_venues_list: `venue`;
 *   idx_event_organizers_list: `organizer`. A list filtered by one of them reads its page of ids
 *   in start order and its count from that index alone, never the linked events' rows; `status`
 *   after `start_utc` keeps the order for any set of statuses (an administrator's five), and
 *   `end_utc` checks the default window's end in the index. With several link filters one table
 *   drives and the others are checked by primary key (EXISTS).
 * - The same indexes serve `has_events`/`only_with_upcoming` of venues and organizers, unlinking a
 *   trashed venue or organizer and deleting a term (leading post id); they replace
 *   idx_<table>_<post> (post_id, event_id).
 * Each table is rebuilt, not altered: a fresh table filled by one INSERT ... SELECT (joined to
 * events by primary key) is much faster than updating millions of rows in place, and foreign keys
 * are added after the fill without re-checking rows that came from a table that had them.
 */
export class EventLinkCopies1763700300000 implements MigrationInterface {
  name = 'EventLinkCopies1763700300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const link of LINKS) {
      const position = link.position ? '`position` int NOT NULL DEFAULT 0, ' : '';
      await queryRunner.query(`RENAME TABLE \`${link.table}\` TO \`${link.table}_old\``);
      await queryRunner.query(
        `CREATE TABLE \`${link.table}\` (\`event_id\` int NOT NULL, \`${link.column}\` int NOT NULL, ${position}` +
          '`start_utc` datetime NOT NULL, `end_utc` datetime NOT NULL, `status` varchar(20) NOT NULL, `hide_from_listings` tinyint NOT NULL, ' +
          `INDEX \`idx_${link.table}_list\` (\`${link.column}\`, \`hide_from_listings\`, \`start_utc\`, \`event_id\`, \`status\`, \`end_utc\`), ` +
          `PRIMARY KEY (\`event_id\`, \`${link.column}\`)) ENGINE=InnoDB`,
      );
      const kept = ['`event_id`', `\`${link.column}\``, ...(link.position ? ['`position`'] : [])];
      await queryRunner.query(
        `INSERT INTO \`${link.table}\` (${kept.join(', ')}, \`start_utc\`, \`end_utc\`, \`status\`, \`hide_from_listings\`) ` +
          `SELECT ${kept.map((column) => `l.${column}`).join(', ')}, e.\`start_utc\`, e.\`end_utc\`, e.\`status\`, e.\`hide_from_listings\` ` +
          `FROM \`${link.table}_old\` l INNER JOIN \`events\` e ON e.\`id\` = l.\`event_id\` ORDER BY l.\`event_id\`, l.\`${link.column}\``,
      );
      await queryRunner.query(`DROP TABLE \`${link.table}_old\``);
      await addForeignKeys(queryRunner, link);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const link of LINKS) {
      await queryRunner.query(`ALTER TABLE \`${link.table}\` DROP FOREIGN KEY \`fk_${link.table}_event\``);
      await queryRunner.query(`ALTER TABLE \`${link.table}\` DROP FOREIGN KEY \`fk_${link.table}_${link.short}\``);
      await queryRunner.query(
        `ALTER TABLE \`${link.table}\` DROP INDEX \`idx_${link.table}_list\`, ` +
          `ADD INDEX \`idx_${link.table}_${link.short}\` (\`${link.column}\`, \`event_id\`), ` +
          'DROP COLUMN `start_utc`, DROP COLUMN `end_utc`, DROP COLUMN `status`, DROP COLUMN `hide_from_listings`',
      );
      await addForeignKeys(queryRunner, link);
    }
  }
}

async function addForeignKeys(queryRunner: QueryRunner, link: (typeof LINKS)[number]): Promise<void> {
  // The rows came from a table with the same keys: checking them again would copy the whole table.
  await queryRunner.query('SET SESSION foreign_key_checks = 0');
  try {
    await queryRunner.query(
      `ALTER TABLE \`${link.table}\` ADD CONSTRAINT \`fk_${link.table}_event\` FOREIGN KEY (\`event_id\`) REFERENCES \`events\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION, ` +
        `ADD CONSTRAINT \`fk_${link.table}_${link.short}\` FOREIGN KEY (\`${link.column}\`) REFERENCES \`${link.target}\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  } finally {
    await queryRunner.query('SET SESSION foreign_key_checks = 1');
  }
}
