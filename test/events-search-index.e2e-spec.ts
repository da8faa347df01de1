import { TEST_DATABASES } from './support/databases';
import { TestApp, TestUser } from './support/test-app';

jest.setTimeout(120_000);

// `search` by index (issue #14): on SQLite a trigram index preselects the rows; what it finds
// must stay exactly what "occurs in" (CONTRACT §3) finds, through every kind of write.
describe.each(TEST_DATABASES)('search by index on $kind', (database) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await TestApp.start(database, { READ_CACHE_SECONDS: '0' });
    admin = await t.createUser('administrator');
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>): Promise<number> => {
    const res = await t.request
      .post(t.api('/events'))
      .set('Authorization', admin.auth)
      .send({ start_date: '2030-03-01 10:00:00', end_date: '2030-03-01 12:00:00', ...body });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const found = async (search: string): Promise<number[]> => {
    const res = await t.request.get(t.api('/events')).query({ search, start_date: '2030-01-01', end_date: '2030-12-31' });
    expect(res.status).toBe(200);
    return (res.body.events as { id: number }[]).map((event) => event.id).sort((a, b) => a - b);
  };

  it('finds words inside words, in any case, in titles, descriptions and excerpts, and words shorter than three characters', async () => {
    const title = await create({ title: 'Moonlight JAZZfest' });
    const description = await create({ title: 'Plain', description: '<p>Ein Straßenfest mit Ölgemälden</p>' });
    const excerpt = await create({ title: 'Other', excerpt: 'Lorem ipsumdolor sit' });
    expect(await found('jazz')).toEqual([title]);
    expect(await found('LIGHT jazzf')).toEqual([title]);
    expect(await found('straßen')).toEqual([description]);
    expect(await found('ÖLGEMÄLDE')).toEqual([description]);
    expect(await found('MDOL')).toEqual([excerpt]);
    // Quotes and operators of the index's query language are plain characters of a word.
    expect(await found('ip"sum')).toEqual([]);
    expect(await found('ipsum*')).toEqual([]);
    expect(await found('zz')).toEqual([title]);
    expect(await found('jazz plain')).toEqual([]);
    expect(await found('azzfestx')).toEqual([]);
  });

  it('follows updates and deletes, through the API and with SQL', async () => {
    const id = await create({ title: 'Harpsichord recital' });
    expect(await found('harpsi')).toEqual([id]);
    await t.request
      .patch(t.api(`/events/${id}`))
      .set('Authorization', admin.auth)
      .send({ title: 'Lute recital' })
      .expect(200);
    expect([await found('harpsi'), await found('lute')]).toEqual([[], [id]]);
    await t.sql('UPDATE events SET description = ? WHERE id = ?', ['Theorbo included', id]);
    expect(await found('theorb')).toEqual([id]);
    await t.request
      .delete(t.api(`/events/${id}?force=true`))
      .set('Authorization', admin.auth)
      .expect(200);
    expect(await found('lute')).toEqual([]);
  });
});
