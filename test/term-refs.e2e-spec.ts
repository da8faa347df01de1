import { TEST_DATABASES } from './support/databases';
import { EventsClient } from './support/events';
import { TestApp } from './support/test-app';

jest.setTimeout(120_000);

// A list's `categories` names terms by id, else slug, else exact name (CONTRACT §3, issue #11),
// each with its descendants; all found in one statement (issue #14). A word that is one term's
// slug and another's name means the first: the other's tree must stay out.
describe.each(TEST_DATABASES)('category references in a list on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;
  const ids: Record<string, number> = {};
  const category = async (name: string, slug: string, parent?: number) => {
    const res = await t.request.post(t.api('/categories')).set('Authorization', c.auth('administrator')).send({ name, slug, parent });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
    const slugged = await category('Jazz', 'blues');
    const named = await category('Blues', 'rhythm');
    const child = await category('Delta', 'delta', named);
    const grandchild = await category('Hill country', 'hill-country', child);
    const event = async (title: string, categories: number[]) =>
      (await c.create({ title, categories, start_date: '2041-03-01 10:00:00', end_date: '2041-03-01 11:00:00' })).id;
    ids.slugged = await event('In the slugged tree', [slugged]);
    ids.named = await event('In the named tree', [named]);
    ids.grandchild = await event('In a grandchild', [grandchild]);
    ids.child = await event('In a child', [child]);
  });
  afterAll(() => t.close());

  const list = async (categories: string) => {
    const res = await c
      .list(`start_date=2041-01-01&end_date=2041-12-31&per_page=50&categories=${encodeURIComponent(categories)}`)
      .expect(200);
    return (res.body.events as { id: number }[]).map((event) => event.id).sort((a, b) => a - b);
  };
  const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

  it('takes a slug before a name, and only the tree of the term it names', async () => {
    expect(await list('blues')).toEqual([ids.slugged]);
    expect(await list('Blues')).toEqual([ids.slugged]);
  });

  it('takes a name that is no slug, with every level of descendants', async () => {
    expect(await list('rhythm')).toEqual(sorted(ids.named, ids.child, ids.grandchild));
    expect(await list('Hill country')).toEqual([ids.grandchild]);
    expect(await list('delta,blues')).toEqual(sorted(ids.slugged, ids.child, ids.grandchild));
  });

  it('reads a word as a slug after slugifying it, as get_term_by does (tec-events-api §2.2)', async () => {
    expect(await list('Hill  Country!')).toEqual([ids.grandchild]);
    expect(await list('DELTA.')).toEqual(sorted(ids.child, ids.grandchild));
  });

  it('links the term a slugified word names on a write, instead of making a new one', async () => {
    const before = await t.request.get(t.api('/categories?hide_empty=0&per_page=50')).expect(200);
    const event = await c.create({
      title: 'Slugified reference',
      categories: ['Hill  Country!'],
      start_date: '2041-04-01 10:00:00',
      end_date: '2041-04-01 11:00:00',
    });
    expect((event.categories as { slug: string }[]).map((term) => term.slug)).toEqual(['hill-country']);
    const after = await t.request.get(t.api('/categories?hide_empty=0&per_page=50')).expect(200);
    expect(after.body.total).toBe(before.body.total);
  });

  it('refuses with 400 a reference that names nothing, and reports it', async () => {
    const res = await c.list('categories=rhythm,nowhere,99999999999999999999').expect(400);
    expect(Object.keys(res.body.data.params)).toEqual(['categories']);
    expect(res.body.data.params.categories).toContain('nowhere');
    expect(res.body.data.params.categories).toContain('99999999999999999999');
    expect(res.body.data.params.categories).not.toContain('rhythm');
  });
});
