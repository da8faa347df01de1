import { TEST_DATABASES } from './support/databases';
import { EventsClient } from './support/events';
import { TestApp } from './support/test-app';

jest.setTimeout(120_000);

// An event write looks up its image, its parent, its categories and tags, and its venues' and
// organizers' ids in one statement (issue #14). Each answer must stay with its own parameter: a
// tag's id is no category, an organizer's id is no venue, and a 400 names each parameter that failed.
describe.each(TEST_DATABASES)('the lookups of an event write on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;
  let category: number;
  let tag: number;
  let venue: number;
  let organizer: number;
  let draftVenue: number;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
    category = (await c.createTerm('categories', { name: 'Lookup category' })).id;
    tag = (await c.createTerm('tags', { name: 'Lookup tag' })).id;
    venue = (await c.createLinked('venues', { venue: 'Lookup hall' })).id;
    organizer = (await c.createLinked('organizers', { organizer: 'Lookup crew' })).id;
    draftVenue = (await c.createLinked('venues', { venue: 'Draft hall', status: 'draft' }, 'editor')).id;
  });
  afterAll(() => t.close());

  const body = (extra: Record<string, unknown>) => ({
    title: `Lookups ${Math.random().toString(36).slice(2, 8)}`,
    start_date: '2045-05-01 10:00:00',
    end_date: '2045-05-01 11:00:00',
    ...extra,
  });
  const create = (extra: Record<string, unknown>, role: 'administrator' | 'author' = 'administrator') =>
    c.write('post', '/events', body(extra), role);

  it('takes no statement more for tags beside categories, and only the link row for an organizer beside a venue', async () => {
    const ok = async (extra: Record<string, unknown>) =>
      c.countQueries(async () => {
        const res = await create(extra);
        expect(res.status).toBe(201);
      });
    const categoriesOnly = await ok({ categories: [category] });
    const withTags = await ok({ categories: [category], tags: [tag] });
    const venueOnly = await ok({ venue });
    const withOrganizer = await ok({ venue, organizer: [organizer] });
    // Tags add no lookup (and share the link insert and the count update); an organizer adds its link insert only.
    expect(withTags).toBe(categoriesOnly);
    expect(withOrganizer).toBe(venueOnly + 1);
  });

  it('looks up the image and the parent with the rest: neither adds a statement', async () => {
    const withImage = await create({ image: 'https://example.org/lookup.jpg' });
    expect(withImage.status).toBe(201);
    const image = withImage.body.image.id as number;
    const parent = withImage.body.id as number;
    const links = { categories: [category], tags: [tag], venue, organizer: [organizer] };
    let child: { status: number; body: { post_parent: number; image: { id: number } } } | undefined;
    const plain = await c.countQueries(async () => expect((await create(links)).status).toBe(201));
    const withBoth = await c.countQueries(async () => {
      child = await create({ ...links, image, post_parent: parent });
    });
    expect(child?.status).toBe(201);
    expect(child?.body.post_parent).toBe(parent);
    expect(child?.body.image.id).toBe(image);
    expect(withBoth).toBe(plain);
  });

  it("reads the slug's numbers in the lookups' statement, for creates and for updates that set a slug", async () => {
    const image = (await create({ image: 'https://example.org/slug-lookup.jpg' })).body.image.id as number;
    const title = `Slug lookup ${Math.random().toString(36).slice(2, 8)}`;
    // The statements that read a slug's numbers (uniqueSlug's first read), and whether each also
    // looked up the image.
    const slugReads = (statements: string[]) =>
      statements.filter((sql) => sql.includes('base_taken')).map((sql) => ({ withImage: /FROM media\b/.test(sql) }));
    const slugs: string[] = [];
    const plain = await c.recordQueries(async () => slugs.push((await create({ title })).body.slug));
    const withImage = await c.recordQueries(async () => slugs.push((await create({ title, image })).body.slug));
    expect(slugReads(plain)).toEqual([{ withImage: false }]);
    expect(slugReads(withImage)).toEqual([{ withImage: true }]);
    expect(withImage.length).toBe(plain.length);
    // The numbers read with the lookups still give the next free one.
    const base = slugs[0];
    expect(slugs).toEqual([base, `${base}-2`]);

    const target = (await create({})).body.id as number;
    const update = async (extra: Record<string, unknown>) => {
      let slug = '';
      const statements = await c.recordQueries(async () => {
        const res = await c.write('post', `/events/${target}`, { slug: base, ...extra }, 'administrator');
        expect(res.status).toBe(200);
        slug = res.body.slug;
      });
      return { slug, reads: slugReads(statements) };
    };
    expect(await update({ image })).toEqual({ slug: `${base}-3`, reads: [{ withImage: true }] });
    // Its own slug is no conflict: it keeps `-3`.
    expect(await update({})).toEqual({ slug: `${base}-3`, reads: [{ withImage: false }] });
  });

  // One 400 for all six was so before the lookups shared a statement: this guards that each answer
  // of the shared statement reaches its own parameter.
  it('reports every failed lookup of one statement in one 400, each under its parameter, and writes nothing', async () => {
    const events = await c.count('events');
    const res = await create({
      image: 987654,
      post_parent: 987655,
      categories: [987656],
      tags: [987657],
      venue: 987658,
      organizer: [987659],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params)).toEqual(['image', 'categories', 'tags', 'venue', 'organizer', 'post_parent']);
    expect(res.body.data.params.image).toBe('No media has the id 987654.');
    expect(res.body.data.params.post_parent).toBe('No event has the id 987655.');
    expect(res.body.data.params.categories).toContain('987656');
    expect(res.body.data.params.tags).toContain('987657');
    expect(res.body.data.params.venue).toContain('987658');
    expect(res.body.data.params.organizer).toContain('987659');
    expect(await c.count('events')).toBe(events);
  });

  it('keeps each taxonomy apart: a tag id is no category, a category id is no tag', async () => {
    const res = await create({ categories: [tag], tags: [category] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params).sort()).toEqual(['categories', 'tags']);
    expect(res.body.data.params.categories).toContain(String(tag));
    expect(res.body.data.params.tags).toContain(String(category));
  });

  it('does not take a match in one taxonomy for the other, by id or by name', async () => {
    // The same tag id in both lists: the statement finds it once, for the tags only.
    const byId = await create({ categories: [tag], tags: [tag] });
    expect(byId.status).toBe(400);
    expect(Object.keys(byId.body.data.params)).toEqual(['categories']);

    // A name only a tag has, given in both lists by someone who may not create terms.
    await c.createTerm('tags', { name: 'Only a tag' });
    const byName = await create({ categories: ['Only a tag'], tags: ['Only a tag'] }, 'author');
    expect(byName.status).toBe(400);
    expect(Object.keys(byName.body.data.params)).toEqual(['categories']);
  });

  it('does not take an organizer found for one list as the venue of the other', async () => {
    const res = await create({ venue: organizer, organizer: [organizer] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.params)).toEqual(['venue']);
  });

  it('keeps venues and organizers apart, and reports an unreadable venue like an unknown one', async () => {
    const crossed = await create({ venue: organizer, organizer: [venue] });
    expect(crossed.status).toBe(400);
    expect(Object.keys(crossed.body.data.params).sort()).toEqual(['organizer', 'venue']);
    expect(crossed.body.data.params.venue).toContain(String(organizer));
    expect(crossed.body.data.params.organizer).toContain(String(venue));

    // An author may not read the editor's draft venue: the same reason as an id that names nothing.
    const events = await c.count('events');
    const hidden = await create({ venue: draftVenue, organizer: [organizer] }, 'author');
    expect(hidden.status).toBe(400);
    expect(Object.keys(hidden.body.data.params)).toEqual(['venue']);
    expect(hidden.body.data.params.venue).toBe(`No venue has the id(s): ${draftVenue}.`);
    expect(await c.count('events')).toBe(events);
  });

  it('names the missing venue, organizer and category in the language asked for, not in English', async () => {
    const res = await c
      .write('post', '/events', body({ venue: 987654, organizer: [{ organizer: '' }], categories: [987655] }), 'administrator')
      .set('Accept-Language', 'de-DE');
    expect(res.status).toBe(400);
    expect(res.body.data.params).toEqual({
      categories: 'Kein(e) Veranstaltungskategorie hat die ID(s): 987655.',
      venue: 'Kein(e) Veranstaltungsort hat die ID(s): 987654.',
      organizer: 'Veranstalter: konnte aus den übermittelten Daten nicht angelegt werden, ungültiges Feld organizer.',
    });
  });

  it('accepts both lists when every id is readable', async () => {
    const res = await create({ categories: [category], tags: [tag], venue, organizer: [organizer] });
    expect(res.status).toBe(201);
    expect(res.body.categories.map((term: { id: number }) => term.id)).toEqual([category]);
    expect(res.body.tags.map((term: { id: number }) => term.id)).toEqual([tag]);
    expect(res.body.venue.id).toBe(venue);
    expect(res.body.organizer.map((item: { id: number }) => item.id)).toEqual([organizer]);
  });
});
