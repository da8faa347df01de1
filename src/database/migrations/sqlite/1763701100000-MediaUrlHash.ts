import { MigrationInterface, QueryRunner } from 'typeorm';
import { mediaUrlHash } from '../../../media/media.entity';

/** media.url_hash (see the mysql twin); SQLite has no SHA-256, so existing rows are hashed here. */
export class MediaUrlHash1763701100000 implements MigrationInterface {
  name = 'MediaUrlHash1763701100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "media" ADD COLUMN "url_hash" varchar(64)');
    const rows = (await queryRunner.query('SELECT "id", "url" FROM "media"')) as { id: number; url: string }[];
    for (const row of rows) await queryRunner.query('UPDATE "media" SET "url_hash" = ? WHERE "id" = ?', [mediaUrlHash(row.url), row.id]);
    await queryRunner.query('CREATE INDEX "idx_media_url_hash" ON "media" ("url_hash")');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_media_url_hash"');
    await queryRunner.query('ALTER TABLE "media" DROP COLUMN "url_hash"');
  }
}
