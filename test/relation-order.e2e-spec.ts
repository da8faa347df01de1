import { compareBinary } from '../src/database/binary-order';
import { TEST_DATABASES } from './support/databases';
import { EventsClient } from './support/events';
import { TestApp } from './support/test-app';

jest.setTimeout(120_000);

// An event's terms come in name order and its venues and organizers in the order given, as the
// database sorts them (reference §3). The relations' statement leaves the sorting to the app
// (issue #14), which must sort exactly as the database would: name_key by code point (not by
// UTF-16 unit), with MySQL's PAD SPACE (`'a\tb'` before `'a'` there, after it on SQLite).
describe.each(TEST_DATABASES)('relation order on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;
  let padSpace: boolean;
  // U+FF5A sorts before U+1F600 by code point, after it by UTF-16 unit; a tab sorts before the
  // space that pads "Tab" on MySQL; case does not count (name_key is lower-cased).
  const names = ['\u{1F600} smile', '\uFF5A wide', 'Tab\tafter', 'Tab', 'tab two', 'apple', 'Banana', 'banana split', 'Ävery'];
  const termIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
    padSpace = t.dataSource.options.type !== 'better-sqlite3';
    for (const name of names) termIds[name] = (await c.createTerm('categories', { name })).id;
  });
  afterAll(() => t.close());

  /** The names in the database's own ORDER BY name_key, id. */
  const databaseOrder = async (ids: number[]): Promise<string[]> => {
    const rows: { name: string }[] = await t.dataSource.query(
      `SELECT name FROM terms WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY name_key, id`,
      ids,
    );
    return rows.map((row) => row.name);
  };

  it('sorts name keys as the database does', async () => {
    const expected = await databaseOrder(Object.values(termIds));
    const stored: { name: string; name_key: string }[] = await t.dataSource.query('SELECT name, name_key FROM terms');
    const key = new Map(stored.map((row) => [row.name, row.name_key]));
    expect([...names].sort((a, b) => compareBinary(key.get(a)!, key.get(b)!, padSpace))).toEqual(expected);
    // The two orders this test tells apart: without them it would prove nothing.
    expect(expected.indexOf('\uFF5A wide')).toBeLessThan(expected.indexOf('\u{1F600} smile'));
    expect(expected.indexOf('Tab\tafter') < expected.indexOf('Tab')).toBe(padSpace);
  });

  it('answers terms in name order and links in the order given, in a list and alone', async () => {
    const venues = [];
    for (const venue of ['Zeta hall', 'Alpha hall', 'Mid hall']) venues.push((await c.createLinked('venues', { venue })).id);
    const organizers = [];
    for (const organizer of ['Zed', 'Amy', 'Moe']) organizers.push((await c.createLinked('organizers', { organizer })).id);
    // Given in an order that is neither name nor id order; several events interleave on one page.
    const given = [names[4], names[1], names[8], names[0], names[6], names[3], names[2]];
    const created = [];
    for (let i = 0; i < 3; i++) {
      created.push(
        await c.create({
          title: `Ordered ${i}`,
          start_date: `2044-02-0${i + 1} 10:00:00`,
          end_date: `2044-02-0${i + 1} 11:00:00`,
          categories: given.slice(i).map((name) => termIds[name]),
          venue: venues[i],
          organizer: i === 1 ? [...organizers].reverse() : organizers,
        }),
      );
    }
    const list = await c.list('start_date=2044-02-01&end_date=2044-02-28&per_page=10', 'administrator').expect(200);
    type Shown = { id: number; categories: { name: string }[]; organizer: { id: number }[] };
    const shown = list.body.events as Shown[];
    expect(shown.map((event) => event.id)).toEqual(created.map((event) => event.id));
    for (let i = 0; i < 3; i++) {
      const expected = await databaseOrder(given.slice(i).map((name) => termIds[name]));
      const single = (await c.get(`/events/${created[i].id}`, 'administrator').expect(200)).body as Shown;
      for (const event of [shown[i], single]) {
        expect(event.categories.map((term) => term.name)).toEqual(expected);
        expect(event.organizer.map((organizer) => organizer.id)).toEqual(i === 1 ? [...organizers].reverse() : organizers);
      }
    }
  });
});
