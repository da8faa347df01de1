import { ObjectLiteral } from 'typeorm';
import { JsonRows } from '../src/database/json-rows';
import { EventEntity } from '../src/events/event.entity';
import { MediaEntity } from '../src/media/media.entity';
import { OrganizerEntity } from '../src/organizers/organizer.entity';
import { seedDemoData } from '../src/seed/seeder';
import { TermEntity } from '../src/terms/term.entity';
import { VenueEntity } from '../src/venues/venue.entity';
import { TEST_DATABASES } from './support/databases';
import { TestApp } from './support/test-app';

jest.setTimeout(120_000);

const TABLES: [string, new () => ObjectLiteral][] = [
  ['events', EventEntity],
  ['venues', VenueEntity],
  ['organizers', OrganizerEntity],
  ['terms', TermEntity],
  ['media', MediaEntity],
];

// The events' relations are read as JSON_OBJECT rows, their pages as plain columns (issue #14):
// each must hydrate to exactly the entity TypeORM reads from the same row, every column, its type
// and its nulls.
describe.each(TEST_DATABASES)('JSON rows on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start(database);
    const admin = await t.createUser('administrator');
    await seedDemoData(t.dataSource, {
      events: 60,
      venues: 6,
      organizers: 4,
      categories: 6,
      tags: 6,
      media: 4,
      seed: 9,
      authorId: admin.id,
      siteTimezone: 'Europe/Berlin',
      reset: false,
    });
    // Values the seed does not write: a password, a NULL image, an empty and a Unicode text.
    await t.sql(
      "UPDATE events SET password = 'sesame', image_id = NULL, excerpt = '', title = 'Straße 🎉 \"quoted\" \\\\ back' WHERE id = (SELECT MIN(id) FROM events)",
    );
  });
  afterAll(() => t.close());

  it.each(TABLES)('hydrates every row of %s as TypeORM reads it', async (table, entity) => {
    const rows = new JsonRows(t.dataSource, t.dataSource.getMetadata(entity));
    const read = await t.dataSource.getRepository(entity).find({ order: { id: 'ASC' } });
    expect(read.length).toBeGreaterThan(3);
    const json = await t.dataSource.query<{ j: unknown }[]>(`SELECT ${rows.object('x')} AS j FROM ${table} x ORDER BY x.id`);
    // The same rows as plain columns (a list page's statement).
    const plain = await t.dataSource.query<Record<string, unknown>[]>(`SELECT ${rows.columns('x')} FROM ${table} x ORDER BY x.id`);
    for (const [form, hydrated] of [
      ['JSON', json.map((row) => rows.hydrate(row.j))],
      ['columns', plain.map((row) => rows.hydrateRow(row))],
    ] as const) {
      expect({ form, rows: hydrated }).toEqual({ form, rows: read });
      // toEqual does not tell a Date from a string that prints like one, nor 1 from true.
      for (const [index, entityRead] of read.entries()) {
        for (const [key, value] of Object.entries(entityRead)) {
          const actual = (hydrated[index] as Record<string, unknown>)[key];
          expect({ form, key, type: value instanceof Date ? 'Date' : typeof value }).toEqual({
            form,
            key,
            type: actual instanceof Date ? 'Date' : typeof actual,
          });
        }
      }
    }
  });
});
