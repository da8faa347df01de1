import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys of creates (CONTRACT §7). Written by hand; the MySQL twin has the same table,
 * columns and index names.
 *
 * - uq_idempotency_keys_user_key (user_id, key_hash): the claim of a key (the first request
 *   inserts it; a concurrent one collides and waits) and every lookup;
 * - idx_idempotency_keys_expires (expires_at): the lazy clean-up of keys older than 24 h.
 * `response` is JSON (`{status, location, body}`), NULL while the first request is in flight.
 */
export class Idempotency1763700004000 implements MigrationInterface {
  name = 'Idempotency1763700004000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_keys" (` +
        `"id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, ` +
        `"user_id" integer NOT NULL, ` +
        `"key_hash" varchar(64) NOT NULL, ` +
        `"fingerprint" varchar(64) NOT NULL, ` +
        `"response" json, ` +
        `"created_at" datetime NOT NULL, ` +
        `"expires_at" datetime NOT NULL, ` +
        `CONSTRAINT "fk_idempotency_keys_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_idempotency_keys_user_key" ON "idempotency_keys" ("user_id", "key_hash")`);
    await queryRunner.query(`CREATE INDEX "idx_idempotency_keys_expires" ON "idempotency_keys" ("expires_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_idempotency_keys_expires"`);
    await queryRunner.query(`DROP INDEX "uq_idempotency_keys_user_key"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
