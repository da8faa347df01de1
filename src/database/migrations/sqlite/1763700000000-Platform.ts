import { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, application passwords and media (issue #2). Generated from the entities, then tidied. */
export class Platform1763700000000 implements MigrationInterface {
  name = 'Platform1763700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" varchar(60) NOT NULL, "email" varchar(100), "role" varchar(20) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username" ON "users" ("username") `);
    await queryRunner.query(
      `CREATE TABLE "application_passwords" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "uuid" varchar(36) NOT NULL, "user_id" integer NOT NULL, "name" varchar(100) NOT NULL, "password_hash" varchar(255) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "last_used_at" datetime, CONSTRAINT "fk_application_passwords_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_application_passwords_uuid" ON "application_passwords" ("uuid") `);
    await queryRunner.query(`CREATE INDEX "idx_application_passwords_user" ON "application_passwords" ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "media" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "url" varchar(2048) NOT NULL, "extension" varchar(16) NOT NULL, "width" integer, "height" integer, "sizes" text, "author_id" integer, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "media"`);
    await queryRunner.query(`DROP TABLE "application_passwords"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
