import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event categories and tags in one table (issue #3, CONTRACT §5). Written by hand; the MySQL twin
 * has the same columns and index names. `name_key` is the lower-cased name; which index serves
 * which filter is noted on TermEntity.
 */
export class Terms1763700001000 implements MigrationInterface {
  name = 'Terms1763700001000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "terms" (` +
        `"id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, ` +
        `"taxonomy" varchar(32) NOT NULL, ` +
        `"name" varchar(200) NOT NULL, ` +
        `"name_key" varchar(400) NOT NULL, ` +
        `"slug" varchar(200) NOT NULL, ` +
        `"description" text NOT NULL, ` +
        `"parent" integer NOT NULL DEFAULT (0), ` +
        `"count" integer NOT NULL DEFAULT (0))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_terms_taxonomy_parent_name" ON "terms" ("taxonomy", "parent", "name_key")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_terms_taxonomy_slug" ON "terms" ("taxonomy", "slug")`);
    await queryRunner.query(`CREATE INDEX "idx_terms_taxonomy_name" ON "terms" ("taxonomy", "name_key")`);
    await queryRunner.query(`CREATE INDEX "idx_terms_taxonomy_count" ON "terms" ("taxonomy", "count")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "terms"`);
  }
}
