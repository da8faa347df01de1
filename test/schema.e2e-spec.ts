import { mediaUrlHash } from '../src/media/media.entity';
import { TEST_DATABASES } from './support/databases';
import { TestApp } from './support/test-app';

// Migrations are written (or generated and reviewed) per dialect; this proves they build exactly
// the schema the entities describe, so neither can drift from the other.
describe.each(TEST_DATABASES)('schema on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start(database);
  });
  afterAll(() => t.close());

  it('has run every migration at start-up', async () => {
    expect(await t.dataSource.showMigrations()).toBe(false);
  });

  it('matches the entities exactly after the migrations', async () => {
    const pending = await t.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('hashes the URLs of the media a site already has when adding media.url_hash (more than one batch)', async () => {
    const urls = Array.from({ length: 2_100 }, (_, i) => `https://images.example/ü/${i}.jpg?size=${i % 7}`);
    for (let i = 0; i < urls.length; i += 500) {
      const batch = urls.slice(i, i + 500);
      await t.dataSource.query(
        `INSERT INTO media (url, extension, url_hash) VALUES ${batch.map(() => '(?, ?, NULL)').join(', ')}`,
        batch.flatMap((url) => [url, 'jpg']),
      );
    }
    // Back to before migration 1763701100000 (and any later one), then forward again.
    for (let reverted = ''; reverted !== 'MediaUrlHash1763701100000';) {
      const [last] = await t.dataSource.query<{ name: string }[]>('SELECT name FROM migrations ORDER BY id DESC LIMIT 1');
      await t.dataSource.undoLastMigration();
      reverted = last.name;
    }
    await t.dataSource.runMigrations();
    const rows = await t.dataSource.query<{ url: string; url_hash: string | null }[]>('SELECT url, url_hash FROM media');
    expect(rows).toHaveLength(urls.length);
    expect(rows.filter((row) => row.url_hash !== mediaUrlHash(row.url))).toEqual([]);
    expect(await t.dataSource.showMigrations()).toBe(false);
  });
});
