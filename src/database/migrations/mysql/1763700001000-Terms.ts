import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event categories and tags in one table (issue #3, CONTRACT §5). Written by hand; the SQLite twin
 * has the same columns and index names. `name_key` is the lower-cased name with a binary
 * collation, so duplicate checks and name order compare exactly what SQLite compares ("Café" and
 * "Cafe" are different names on both). Which index serves which filter is noted on TermEntity.
 */
export class Terms1763700001000 implements MigrationInterface {
  name = 'Terms1763700001000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`terms\` (` +
        `\`id\` int NOT NULL AUTO_INCREMENT, ` +
        `\`taxonomy\` varchar(32) NOT NULL, ` +
        `\`name\` varchar(200) NOT NULL, ` +
        `\`name_key\` varchar(400) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, ` +
        `\`slug\` varchar(200) NOT NULL, ` +
        `\`description\` text NOT NULL, ` +
        `\`parent\` int NOT NULL DEFAULT '0', ` +
        `\`count\` int NOT NULL DEFAULT '0', ` +
        `UNIQUE INDEX \`uq_terms_taxonomy_parent_name\` (\`taxonomy\`, \`parent\`, \`name_key\`), ` +
        `UNIQUE INDEX \`uq_terms_taxonomy_slug\` (\`taxonomy\`, \`slug\`), ` +
        `INDEX \`idx_terms_taxonomy_name\` (\`taxonomy\`, \`name_key\`), ` +
        `INDEX \`idx_terms_taxonomy_count\` (\`taxonomy\`, \`count\`), ` +
        `PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`terms\``);
  }
}
