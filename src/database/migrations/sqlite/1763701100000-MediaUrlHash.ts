import { MigrationInterface, QueryRunner } from 'typeorm';
import { mediaUrlHash } from '../../../media/media.entity';

/** media.url_hash (see the mysql twin); SQLite has no SHA-256, so existing rows are hashed here. */
export class MediaUrlHash1763701100000 implements MigrationInterface {
  name = 'MediaUrlHash1763701100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "media" ADD COLUMN "url_hash" varchar(64)');
    // A thousand rows at a time, in id order: memory stays bounded on a site with many images.
    for (let after = 0; ;) {
      const rows = (await queryRunner.query('SELECT "id", "url" FROM "media" WHERE "id" > ? ORDER BY "id" LIMIT 1000', [after])) as {
        id: number;
        url: string;
      }[];
      if (!rows.length) break;
      for (const row of rows) await queryRunner.query('UPDATE "media" SET "url_hash" = ? WHERE "id" = ?', [mediaUrlHash(row.url), row.id]);
      after = rows[rows.length - 1].id;
    }
    await queryRunner.query('CREATE INDEX "idx_media_url_hash" ON "media" ("url_hash")');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_media_url_hash"');
    await queryRunner.query('ALTER TABLE "media" DROP COLUMN "url_hash"');
  }
}
