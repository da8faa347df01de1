import { Role } from '../src/auth/roles';
import { TEST_DATABASES } from './support/databases';
import { TAG_KEYS, TermFixtures } from './support/terms';
import { TestApp, TestUser, DISCOVERY_LINK } from './support/test-app';

const ROOT = 'http://calendar.test/calendar/events/v1';
const LIST_KEYS = ['rest_url', 'total', 'total_pages', 'tags'];

describe.each(TEST_DATABASES)('tags on $kind', (database) => {
  let t: TestApp;
  let fx: TermFixtures;
  const users = {} as Record<Role, TestUser>;

  beforeAll(async () => {
    t = await TestApp.start(database);
    fx = new TermFixtures(t);
    for (const role of ['subscriber', 'contributor', 'author', 'editor', 'administrator'] as const) users[role] = await t.createUser(role);
  });
  afterAll(() => t.close());

  const as = (role: Role) => users[role].auth;
  const create = (body: Record<string, unknown>, role: Role = 'editor') =>
    t.request.post(t.api('/tags')).set('Authorization', as(role)).send(body);
  const createOk = async (body: Record<string, unknown>): Promise<{ id: number; slug: string }> => {
    const res = await create(body);
    expect(res.status).toBe(201);
    return res.body;
  };
  const list = (query: string) => t.request.get(t.api(`/tags${query}`));
  const names = (body: { tags: { name: string }[] }) => body.tags.map((term) => term.name);

  describe('create', () => {
    beforeEach(() => fx.reset());

    it('answers 201 with the tag in the reference key order (no parent) and a Location header', async () => {
      const res = await create({ name: 'Outdoor', description: 'Under the sky' }).expect(201);
      expect(Object.keys(res.body)).toEqual(TAG_KEYS);
      expect(res.body).toEqual({
        id: expect.any(Number),
        count: 0,
        description: 'Under the sky',
        name: 'Outdoor',
        slug: 'outdoor',
        taxonomy: 'post_tag',
        meta: [],
        url: 'http://calendar.test/tag/outdoor/',
        urls: { self: `${ROOT}/tags/${res.body.id}`, collection: `${ROOT}/tags` },
      });
      expect(res.headers.location).toBe(`${ROOT}/tags/${res.body.id}`);
      expect((await t.request.get(t.api(`/tags/${res.body.id}`)).expect(200)).body).toEqual(res.body);
    });

    it('ignores a parent sent to tags', async () => {
      const other = await createOk({ name: 'Other' });
      const res = await create({ name: 'Child', parent: other.id }).expect(201);
      expect(res.body.parent).toBeUndefined();
      expect(res.body.urls).toEqual({ self: `${ROOT}/tags/${res.body.id}`, collection: `${ROOT}/tags` });
      expect((await fx.row(res.body.id))?.parent).toBe(0);
      await create({ name: 'Bad parent', parent: 'not a number' }).expect(201);
    });

    it('answers 400 rest_missing_callback_param without a name', async () => {
      const res = await create({ slug: 'x' }).expect(400);
      expect(res.body).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): name',
        data: { status: 400, params: ['name'] },
      });
      expect(await fx.countTerms()).toBe(0);
    });

    it.each([
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Ok', slug: '' }, 'slug'],
      [{ name: 'Ok', slug: '---' }, 'slug'],
      [{ name: 'Ok', description: { html: 'x' } }, 'description'],
    ])('answers 400 rest_invalid_param for %j, and writes nothing', async (body, param) => {
      const res = await create(body).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data.params)).toEqual([param]);
      expect(await fx.countTerms()).toBe(0);
    });

    it('answers a name of only markup with 400 empty_term_name (WordPress), and writes nothing', async () => {
      expect((await create({ name: '<i></i>' }).expect(400)).body.code).toBe('empty_term_name');
      expect(await fx.countTerms()).toBe(0);
    });

    it('answers 400 term_exists with data.term_id for a duplicate name, case-insensitively', async () => {
      const first = await createOk({ name: 'Outdoor' });
      const res = await create({ name: 'OUTDOOR' }).expect(400);
      expect(res.body).toEqual({
        code: 'term_exists',
        message: 'A term with the name provided already exists in this taxonomy.',
        data: { status: 400, term_id: first.id },
      });
      expect(await fx.countTerms()).toBe(1);
    });

    it('allows a tag with the name of a category', async () => {
      const category = await t.request.post(t.api('/categories')).set('Authorization', as('editor')).send({ name: 'Shared' }).expect(201);
      const res = await create({ name: 'Shared' }).expect(201);
      expect(res.body.slug).toBe('shared');
      expect(res.body.id).not.toBe(category.body.id);
    });

    it('answers 400 duplicate_term_slug for a given slug that is taken', async () => {
      await createOk({ name: 'Kids' });
      const res = await create({ name: 'Children', slug: 'kids' }).expect(400);
      expect(res.body).toEqual({
        code: 'duplicate_term_slug',
        message: 'The slug “kids” is already in use by another term.',
        data: { status: 400 },
      });
    });

    it('derives slugs and makes them unique with -2', async () => {
      const a = await createOk({ name: 'Free Entry' });
      const b = await createOk({ name: 'Free-Entry!' });
      expect([a.slug, b.slug]).toEqual(['free-entry', 'free-entry-2']);
    });

    it('sanitises the name and the description', async () => {
      const res = await create({ name: '<b>Kids</b> & Family', description: '<img src=x onerror="alert(1)"><em>fun</em>' }).expect(201);
      expect(res.body.name).toBe('Kids &amp; Family');
      expect(res.body.description).toBe('<img src="x" /><em>fun</em>');
    });

    it('never creates two tags for concurrent creates of the same name', async () => {
      const results = await Promise.all(Array.from({ length: 6 }, () => create({ name: 'Busy' })));
      const created = results.filter((res) => res.status === 201);
      expect(created).toHaveLength(1);
      for (const res of results.filter((r) => r.status !== 201)) {
        expect(res.body).toMatchObject({ code: 'term_exists', data: { status: 400, term_id: created[0].body.id } });
      }
      expect(await fx.countTerms()).toBe(1);
    });
  });

  describe('roles', () => {
    let tag: { id: number };

    beforeAll(async () => {
      await fx.reset();
      tag = await createOk({ name: 'Guarded' });
    });

    it('answers anonymous writes with 401 and WWW-Authenticate', async () => {
      const res = await t.request.post(t.api('/tags')).send({ name: 'x' }).expect(401);
      expect(res.body).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
      expect(res.headers['www-authenticate']).toMatch(/^Basic /);
      await t.request
        .put(t.api(`/tags/${tag.id}`))
        .send({ name: 'x' })
        .expect(401);
      await t.request.delete(t.api(`/tags/${tag.id}`)).expect(401);
    });

    it.each(['subscriber', 'contributor', 'author'] as const)('answers every write of a %s with 403', async (role) => {
      expect((await create({ name: 'x' }, role).expect(403)).body).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
      for (const method of ['post', 'put', 'patch', 'delete'] as const) {
        await t.request[method](t.api(`/tags/${tag.id}`))
          .set('Authorization', as(role))
          .send({ name: 'x' })
          .expect(403);
      }
      await t.request.delete(t.api('/tags/999999')).set('Authorization', as(role)).expect(403);
      expect(await fx.row(tag.id)).toMatchObject({ name: 'Guarded' });
    });

    it.each(['editor', 'administrator'] as const)('lets an %s create, update and delete', async (role) => {
      const created = await create({ name: `By ${role}` }, role).expect(201);
      await t.request
        .put(t.api(`/tags/${created.body.id}`))
        .set('Authorization', as(role))
        .send({ name: `By ${role} 2` })
        .expect(200);
      await t.request
        .delete(t.api(`/tags/${created.body.id}`))
        .set('Authorization', as(role))
        .expect(200);
    });
  });

  describe('read, update, delete', () => {
    let outdoor: { id: number; slug: string };
    let kids: { id: number; slug: string };

    beforeEach(async () => {
      await fx.reset();
      outdoor = await createOk({ name: 'Outdoor', description: 'Sky' });
      kids = await createOk({ name: 'Kids' });
    });

    it('orders by description case-insensitively on every database, as MySQL compares text', async () => {
      for (const description of ['beta', 'Alpha', 'gamma', 'Delta']) await createOk({ name: `About ${description}`, description });
      const res = await list('?hide_empty=0&orderby=description').expect(200);
      expect(names(res.body)).toEqual(['Kids', 'About Alpha', 'About beta', 'About Delta', 'About gamma', 'Outdoor']);
      const desc = await list('?hide_empty=0&orderby=description&order=desc').expect(200);
      expect(names(desc.body)).toEqual(['Outdoor', 'About gamma', 'About Delta', 'About beta', 'About Alpha', 'Kids']);
    });

    it('answers 404 rest_term_invalid for an unknown id and for the id of a category', async () => {
      const category = await t.request.post(t.api('/categories')).set('Authorization', as('editor')).send({ name: 'Cat' }).expect(201);
      for (const id of [999999, category.body.id]) {
        const res = await t.request.get(t.api(`/tags/${id}`)).expect(404);
        expect(res.body).toEqual({ code: 'rest_term_invalid', message: 'Term does not exist.', data: { status: 404 } });
        await t.request
          .patch(t.api(`/tags/${id}`))
          .set('Authorization', as('editor'))
          .send({ name: 'x' })
          .expect(404);
        await t.request
          .delete(t.api(`/tags/${id}`))
          .set('Authorization', as('editor'))
          .expect(404);
      }
      expect((await t.request.get(t.api('/tags/abc')).expect(404)).body.code).toBe('rest_no_route');
    });

    it.each(['post', 'put', 'patch'] as const)('updates partially with %s', async (method) => {
      const res = await t.request[method](t.api(`/tags/${outdoor.id}`))
        .set('Authorization', as('editor'))
        .send({ slug: 'open-air' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(TAG_KEYS);
      expect(res.body).toMatchObject({ name: 'Outdoor', slug: 'open-air', description: 'Sky', url: 'http://calendar.test/tag/open-air/' });
    });

    it('ignores a parent on update', async () => {
      const res = await t.request
        .patch(t.api(`/tags/${outdoor.id}`))
        .set('Authorization', as('editor'))
        .send({ parent: kids.id })
        .expect(200);
      expect(res.body.parent).toBeUndefined();
      expect((await fx.row(outdoor.id))?.parent).toBe(0);
    });

    it('answers 400 term_exists and duplicate_term_slug on update, and changes nothing', async () => {
      const byName = await t.request
        .patch(t.api(`/tags/${kids.id}`))
        .set('Authorization', as('editor'))
        .send({ name: 'outdoor' })
        .expect(400);
      expect(byName.body).toMatchObject({ code: 'term_exists', data: { term_id: outdoor.id } });
      const bySlug = await t.request
        .patch(t.api(`/tags/${kids.id}`))
        .set('Authorization', as('editor'))
        .send({ slug: 'outdoor' })
        .expect(400);
      expect(bySlug.body.code).toBe('duplicate_term_slug');
      expect(await fx.row(kids.id)).toEqual({ name: 'Kids', slug: 'kids', parent: 0, description: '' });
    });

    it('answers 400 for an empty name on update', async () => {
      const res = await t.request
        .put(t.api(`/tags/${kids.id}`))
        .set('Authorization', as('editor'))
        .send({ name: '' })
        .expect(400);
      expect(Object.keys(res.body.data.params)).toEqual(['name']);
    });

    it('deletes permanently, answers with the tag as it was and unlinks it from events', async () => {
      const eventId = await fx.insertEvent({ termIds: [outdoor.id, kids.id] });
      const before = (await t.request.get(t.api(`/tags/${outdoor.id}`)).expect(200)).body;
      const res = await t.request
        .delete(t.api(`/tags/${outdoor.id}`))
        .set('Authorization', as('administrator'))
        .expect(200);
      expect(res.body).toEqual(before);
      await t.request.get(t.api(`/tags/${outdoor.id}`)).expect(404);
      expect(await fx.eventTermCount(outdoor.id)).toBe(0);
      expect(names((await list(`?hide_empty=0&event=${eventId}`).expect(200)).body)).toEqual(['Kids']);
    });
  });

  describe('list', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      await fx.reset();
      const seed: [string, number, string?][] = [
        ['Outdoor', 4],
        ['kids', 1, 'children'],
        ['Free', 0],
        ['Indoor', 2],
      ];
      for (const [name, count, slug] of seed) {
        ids[name] = (await createOk({ name, ...(slug ? { slug } : {}) })).id;
        await fx.setCount(ids[name], count);
      }
      // A category with events must never appear among tags.
      const category = await t.request
        .post(t.api('/categories'))
        .set('Authorization', as('editor'))
        .send({ name: 'A category' })
        .expect(201);
      await fx.setCount(category.body.id, 9);
    });

    it('lists non-empty tags by name in the reference envelope with the list headers', async () => {
      const res = await list('').expect(200);
      expect(Object.keys(res.body)).toEqual(LIST_KEYS);
      expect(res.body).toMatchObject({ rest_url: `${ROOT}/tags/?page=1&per_page=10&hide_empty=1`, total: 3, total_pages: 1 });
      expect(names(res.body)).toEqual(['Indoor', 'kids', 'Outdoor']);
      expect(Object.keys(res.body.tags[0])).toEqual(TAG_KEYS);
      expect(res.headers['x-tec-total']).toBe('3');
      expect(res.headers['x-tec-totalpages']).toBe('1');
    });

    it('shows unused tags with hide_empty=false and refuses a non-boolean', async () => {
      expect(names((await list('?hide_empty=false').expect(200)).body)).toEqual(['Free', 'Indoor', 'kids', 'Outdoor']);
      await list('?hide_empty=nope').expect(400);
    });

    it('searches names and slugs', async () => {
      expect(names((await list('?hide_empty=0&search=CHILD').expect(200)).body)).toEqual(['kids']);
      expect(names((await list('?hide_empty=0&search=door').expect(200)).body)).toEqual(['Indoor', 'Outdoor']);
      await list('?search=').expect(400);
      await list(`?search=${'x'.repeat(201)}`).expect(400);
    });

    it('matches slugs as typed, accent-sensitively, on both databases', async () => {
      // MySQL's collation of the slug column found "indoor" and "outdoor" for "ó", "dóor" and "OUTDÓOR".
      for (const search of ['%C3%B3', 'd%C3%B3or', 'OUTDO%CC%81OR']) {
        expect(names((await list(`?hide_empty=0&search=${search}`).expect(200)).body)).toEqual([]);
      }
      expect(names((await list('?hide_empty=0&search=tdo').expect(200)).body)).toEqual(['Outdoor']);
    });

    it('filters by include and exclude; exclude must name existing tags, unknown ids in include are absent', async () => {
      expect(names((await list(`?hide_empty=0&include=${ids.Free},${ids.kids}`).expect(200)).body)).toEqual(['Free', 'kids']);
      expect(names((await list(`?exclude=${ids.Outdoor}`).expect(200)).body)).toEqual(['Indoor', 'kids']);
      const res = await list(`?include=${ids.Free},999999&exclude=${ids.Outdoor},888888`).expect(400);
      expect(res.body.data.params).toEqual({ exclude: 'No event tag has the ID(s): 888888.' });
      expect(names((await list(`?hide_empty=0&include=${ids.Free},999999`).expect(200)).body)).toEqual(['Free']);
      expect((await list('?exclude=abc').expect(400)).body.data.params).toEqual({ exclude: '"abc" is not an integer.' });
    });

    it('leaves a category out of include, and answers 400 when exclude names one', async () => {
      const category = await t.request.get(t.api('/categories?per_page=1')).expect(200);
      expect((await list(`?include=${category.body.categories[0].id}&hide_empty=0`).expect(200)).body.tags).toEqual([]);
      await list(`?exclude=${category.body.categories[0].id}`).expect(400);
    });

    it('orders with order and orderby, and refuses other values', async () => {
      expect(names((await list('?hide_empty=0&order=desc').expect(200)).body)).toEqual(['Outdoor', 'kids', 'Indoor', 'Free']);
      expect(names((await list('?hide_empty=0&orderby=count&order=desc').expect(200)).body)).toEqual(['Outdoor', 'Indoor', 'kids', 'Free']);
      expect(names((await list('?hide_empty=0&orderby=slug').expect(200)).body)).toEqual(['kids', 'Free', 'Indoor', 'Outdoor']);
      expect(names((await list('?hide_empty=0&orderby=id').expect(200)).body)).toEqual(['Outdoor', 'kids', 'Free', 'Indoor']);
      await list('?order=sideways').expect(400);
      await list('?orderby=random').expect(400);
    });

    it('ignores parent, which tags do not have', async () => {
      const res = await list('?parent=abc').expect(200);
      expect(res.body.total).toBe(3);
      expect(res.body.rest_url).not.toContain('parent');
    });

    it('filters by post and event, event winning, both validated', async () => {
      const first = await fx.insertEvent({ termIds: [ids.Outdoor, ids.Free] });
      const second = await fx.insertEvent({ termIds: [ids.kids] });
      expect(names((await list(`?hide_empty=0&post=${first}`).expect(200)).body)).toEqual(['Free', 'Outdoor']);
      expect(names((await list(`?post=${first}`).expect(200)).body)).toEqual(['Outdoor']);
      const both = await list(`?hide_empty=0&post=${first}&event=${second}`).expect(200);
      expect(names(both.body)).toEqual(['kids']);
      expect(both.body.rest_url).toBe(`${ROOT}/tags/?page=1&per_page=10&hide_empty=0&event=${second}`);
      const res = await list('?post=999999&event=888888').expect(400);
      expect(Object.keys(res.body.data.params)).toEqual(['post', 'event']);
      expect(Object.keys((await list('?event=abc').expect(400)).body.data.params)).toEqual(['event']);
    });

    it('filters by exact slug and refuses an empty one', async () => {
      expect(names((await list('?slug=children').expect(200)).body)).toEqual(['kids']);
      expect((await list('?slug=child').expect(200)).body.total).toBe(0);
      await list('?slug=').expect(400);
    });

    it('pages, keeps filters in links, and answers past the end with 200 and an empty list', async () => {
      const first = await list('?hide_empty=0&per_page=3&orderby=id').expect(200);
      expect(first.body).toMatchObject({ total: 4, total_pages: 2 });
      expect(first.body.next_rest_url).toBe(`${ROOT}/tags/?per_page=3&orderby=id&hide_empty=0&page=2`);
      expect(first.headers.link).toBe(`<${ROOT}/tags/?per_page=3&orderby=id&hide_empty=0&page=2>; rel="next", ${DISCOVERY_LINK}`);
      const second = await list('?hide_empty=0&per_page=3&orderby=id&page=2').expect(200);
      expect(Object.keys(second.body)).toEqual([...LIST_KEYS, 'previous_rest_url']);
      expect(names(second.body)).toEqual(['Indoor']);
      const past = await list('?hide_empty=0&page=5').expect(200);
      expect(past.body).toMatchObject({ total: 4, total_pages: 1, tags: [] });
      await list('?page=0').expect(400);
      await list('?per_page=-5').expect(400);
      expect((await list('?per_page=500').expect(200)).body.rest_url).toContain('per_page=50');
    });
  });

  describe('order by slug and description', () => {
    beforeEach(() => fx.reset());

    it('orders slugs by code point, the same on both databases', async () => {
      // MySQL's collation sorted "_" before "-" and both before digits; code points put "-" first.
      for (const slug of ['a-b', 'a_b', 'ab', 'a0', 'a-c', 'a', 'a_', 'aa']) await createOk({ name: `t ${slug}`, slug });
      const order = async (query: string) =>
        (await list(`?hide_empty=0&orderby=slug${query}`).expect(200)).body.tags.map((tag: { slug: string }) => tag.slug);
      expect(await order('')).toEqual(['a', 'a-b', 'a-c', 'a0', 'a_', 'a_b', 'aa', 'ab']);
      expect(await order('&order=desc')).toEqual(['ab', 'aa', 'a_b', 'a_', 'a0', 'a-c', 'a-b', 'a']);
    });

    it('orders lower-cased descriptions by code point, the same on both databases', async () => {
      // MySQL's collation sorted "á" among the "a"s, SQLite's BINARY sorted "B" and "Z" before "a".
      for (const [name, description] of [
        ['t1', 'b'],
        ['t2', 'B'],
        ['t3', 'á'],
        ['t4', 'a'],
        ['t5', 'Z'],
        ['t6', ''],
        ['t7', 'a b'],
      ]) {
        await createOk({ name, description });
      }
      const order = async (query: string) =>
        (await list(`?hide_empty=0&orderby=description${query}`).expect(200)).body.tags.map(
          (tag: { description: string }) => tag.description,
        );
      expect(await order('')).toEqual(['', 'a', 'a b', 'b', 'B', 'Z', 'á']);
      expect(await order('&order=desc')).toEqual(['á', 'Z', 'B', 'b', 'a b', 'a', '']);
    });
  });
});
