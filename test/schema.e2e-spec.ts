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
});
