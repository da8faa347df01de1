import { Role } from '../src/auth/roles';
import { TEST_DATABASES } from './support/databases';
import { TermFixtures, TAG_KEYS, TERM_KEYS } from './support/terms';
import { TestApp, TestUser, DISCOVERY_LINK } from './support/test-app';

const ROOT = 'http://calendar.test/calendar/events/v1';
const LIST_KEYS = ['rest_url', 'total', 'total_pages', 'categories'];

describe.each(TEST_DATABASES)('categories on $kind', (database) => {
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
    t.request.post(t.api('/categories')).set('Authorization', as(role)).send(body);
  const createOk = async (body: Record<string, unknown>): Promise<{ id: number; slug: string; parent: number }> => {
    const res = await create(body);
    expect(res.status).toBe(201);
    return res.body;
  };
  const list = (query: string, role?: Role) => {
    const req = t.request.get(t.api(`/categories${query}`));
    return role ? req.set('Authorization', as(role)) : req;
  };
  const names = (body: { categories: { name: string }[] }) => body.categories.map((term) => term.name);

  describe('create', () => {
    beforeEach(() => fx.reset());

    it('answers 201 with the term in the reference key order and a Location header', async () => {
      const res = await create({ name: 'Concerts', description: 'Live music' }).expect(201);
      expect(Object.keys(res.body)).toEqual(TERM_KEYS);
      expect(res.body).toEqual({
        id: expect.any(Number),
        count: 0,
        description: 'Live music',
        name: 'Concerts',
        slug: 'concerts',
        taxonomy: 'tribe_events_cat',
        parent: 0,
        meta: [],
        url: 'http://calendar.test/events/category/concerts/',
        urls: { self: `${ROOT}/categories/${res.body.id}`, collection: `${ROOT}/categories` },
      });
      expect(res.headers.location).toBe(`${ROOT}/categories/${res.body.id}`);
      const read = await t.request.get(t.api(`/categories/${res.body.id}`)).expect(200);
      expect(read.body).toEqual(res.body);
    });

    it('accepts a form-encoded body', async () => {
      const res = await t.request
        .post(t.api('/categories'))
        .set('Authorization', as('editor'))
        .type('form')
        .send('name=Theatre&description=Plays&slug=stage')
        .expect(201);
      expect(res.body).toMatchObject({ name: 'Theatre', description: 'Plays', slug: 'stage' });
    });

    it('answers 400 rest_missing_callback_param without a name, and writes nothing', async () => {
      const res = await create({ description: 'No name' }).expect(400);
      expect(res.body).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): name',
        data: { status: 400, params: ['name'] },
      });
      expect(await fx.countTerms()).toBe(0);
    });

    it.each([
      ['an empty name', { name: '' }, 'name'],
      ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name'],
      ['a name that is not a string', { name: { a: 1 } }, 'name'],
      ['an empty slug', { name: 'Ok', slug: '' }, 'slug'],
      ['a slug without a letter or digit', { name: 'Ok', slug: '!!!' }, 'slug'],
      ['a slug over 200 characters', { name: 'Ok', slug: 's'.repeat(201) }, 'slug'],
      ['a non-integer parent', { name: 'Ok', parent: 'abc' }, 'parent'],
      ['an empty parent', { name: 'Ok', parent: '' }, 'parent'],
      ['a negative parent', { name: 'Ok', parent: -1 }, 'parent'],
      ['a description that is not a string', { name: 'Ok', description: ['x'] }, 'description'],
    ])('answers 400 rest_invalid_param for %s, and writes nothing', async (_label, body, param) => {
      const res = await create(body).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.message).toBe(`Invalid parameter(s): ${param}`);
      expect(Object.keys(res.body.data.params)).toEqual([param]);
      expect(typeof res.body.data.params[param]).toBe('string');
      expect(await fx.countTerms()).toBe(0);
    });

    it("answers a name of only markup with WordPress's 400 empty_term_name, and writes nothing", async () => {
      const res = await create({ name: '<b></b>' }).expect(400);
      expect(res.body).toEqual({ code: 'empty_term_name', message: 'A name is required for this term.', data: { status: 400 } });
      // White space only is emptied by sanitizing too; "" itself fails the argument check (rest_invalid_param, above).
      expect((await create({ name: ' \t ' }).expect(400)).body.code).toBe('empty_term_name');
      // The parent is checked first, as WordPress does.
      expect((await create({ name: '<i> </i>', parent: 999999 }).expect(400)).body.data.params).toHaveProperty('parent');
      expect(await fx.countTerms()).toBe(0);
    });

    it('names every invalid parameter in one 400', async () => {
      const res = await create({ name: '', slug: '', parent: 'x' }).expect(400);
      expect(Object.keys(res.body.data.params)).toEqual(['name', 'slug', 'parent']);
    });

    it('keeps the name as plain text and sanitises the description', async () => {
      const res = await create({
        name: '<b>Rock</b> & Roll',
        description: '<p onclick="x()">Loud <script>alert(1)</script><a href="javascript:alert(1)">link</a></p>',
      }).expect(201);
      expect(res.body.name).toBe('Rock &amp; Roll');
      expect(res.body.slug).toBe('rock-roll');
      expect(res.body.description).toBe('<p>Loud <a>link</a></p>');
    });

    it('accepts an empty description', async () => {
      const res = await create({ name: 'Quiet', description: '' }).expect(201);
      expect(res.body.description).toBe('');
    });

    it('derives the slug from the name: lower-case ASCII with hyphens, accents transliterated', async () => {
      const res = await create({ name: 'Café Müller Straße' }).expect(201);
      expect(res.body.slug).toBe('cafe-muller-strasse');
    });

    it('falls back to the id as slug when the name has nothing to make one from', async () => {
      const res = await create({ name: '日本' }).expect(201);
      expect(res.body.slug).toBe(String(res.body.id));
      expect(res.body.url).toBe(`http://calendar.test/events/category/${res.body.id}/`);
    });

    it('makes a derived slug unique with -2, -3', async () => {
      const a = await createOk({ name: 'Music' });
      const b = await createOk({ name: 'Music', parent: a.id });
      const c = await createOk({ name: 'Music!', parent: b.id });
      expect([a.slug, b.slug, c.slug]).toEqual(['music', 'music-2', 'music-3']);
    });

    it('normalises a given slug like a derived one', async () => {
      const res = await create({ name: 'Folk', slug: 'Folk Music' }).expect(201);
      expect(res.body.slug).toBe('folk-music');
    });

    it('answers 400 duplicate_term_slug for a given slug that is taken, and writes nothing', async () => {
      await createOk({ name: 'Jazz' });
      const res = await create({ name: 'Other', slug: 'JAZZ' }).expect(400);
      expect(res.body).toEqual({
        code: 'duplicate_term_slug',
        message: 'The slug “jazz” is already in use by another term.',
        data: { status: 400 },
      });
      expect(await fx.countTerms()).toBe(1);
    });

    it('answers 400 term_exists with data.term_id for a duplicate name under the same parent, case-insensitively', async () => {
      const first = await createOk({ name: 'Jazz' });
      const res = await create({ name: 'JAZZ', slug: 'other-slug' }).expect(400);
      expect(res.body).toEqual({
        code: 'term_exists',
        message: 'A term with the name provided already exists with this parent.',
        data: { status: 400, term_id: first.id },
      });
      expect(await fx.countTerms()).toBe(1);
    });

    it('treats names that differ only by their tags as duplicates', async () => {
      const first = await createOk({ name: 'Blues' });
      const res = await create({ name: '<em>Blues</em>' }).expect(400);
      expect(res.body.data.term_id).toBe(first.id);
    });

    it('allows the same name under another parent', async () => {
      const music = await createOk({ name: 'Music' });
      const theatre = await createOk({ name: 'Theatre' });
      await createOk({ name: 'Modern', parent: music.id });
      const res = await create({ name: 'Modern', parent: theatre.id }).expect(201);
      expect(res.body).toMatchObject({ parent: theatre.id, slug: 'modern-2' });
      expect(res.body.urls.up).toBe(`${ROOT}/categories/${theatre.id}`);
      expect(Object.keys(res.body.urls)).toEqual(['self', 'collection', 'up']);
    });

    it('treats parent 0 as top level', async () => {
      const res = await create({ name: 'Top', parent: 0 }).expect(201);
      expect(res.body.parent).toBe(0);
      expect(res.body.urls.up).toBeUndefined();
    });

    it('answers 400 for an unknown parent, and writes nothing', async () => {
      const res = await create({ name: 'Orphan', parent: 987654 }).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.params.parent).toBe('No event category has the ID(s): 987654.');
      expect(await fx.countTerms()).toBe(0);
    });

    it('answers 400 for a tag as parent', async () => {
      const tag = await t.request.post(t.api('/tags')).set('Authorization', as('editor')).send({ name: 'Outdoor' }).expect(201);
      const res = await create({ name: 'Child', parent: tag.body.id }).expect(400);
      expect(Object.keys(res.body.data.params)).toEqual(['parent']);
    });

    it('ignores unknown fields', async () => {
      const res = await create({ name: 'Film', taxonomy: 'post_tag', count: 99, id: 5 }).expect(201);
      expect(res.body).toMatchObject({ name: 'Film', taxonomy: 'tribe_events_cat', count: 0 });
    });

    it('never creates two terms for concurrent creates of the same name', async () => {
      const results = await Promise.all(Array.from({ length: 6 }, () => create({ name: 'Race' })));
      const created = results.filter((res) => res.status === 201);
      expect(created).toHaveLength(1);
      for (const res of results.filter((r) => r.status !== 201)) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'term_exists', data: { term_id: created[0].body.id } });
      }
      expect(await fx.countTerms()).toBe(1);
    });

    it('gives concurrent creates with the same derived slug distinct slugs', async () => {
      const results = await Promise.all(['Race!', 'Race?', 'Race.', 'RACE;'].map((name) => create({ name })));
      expect(results.map((res) => res.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(results.map((res) => res.body.slug))).toEqual(new Set(['race', 'race-2', 'race-3', 'race-4']));
    });
  });

  describe('permissions and the order of checks', () => {
    let term: { id: number };

    beforeAll(async () => {
      await fx.reset();
      term = await createOk({ name: 'Guarded' });
    });

    it('answers an anonymous create with 401 rest_forbidden and WWW-Authenticate, even with a bad body', async () => {
      for (const body of [{ name: 'Anon' }, { name: '' }]) {
        const res = await t.request.post(t.api('/categories')).send(body).expect(401);
        expect(res.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
        expect(res.headers['www-authenticate']).toMatch(/^Basic realm="/);
      }
    });

    it.each(['PUT', 'PATCH', 'POST', 'DELETE'])('answers an anonymous %s on a category with 401', async (method) => {
      const res = await t.request[method.toLowerCase() as 'put'](t.api(`/categories/${term.id}`)).send({ name: 'x' });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('rest_forbidden');
    });

    it.each(['subscriber', 'contributor', 'author'] as const)('refuses every write of a %s with 403 rest_forbidden', async (role) => {
      const forbidden = { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } };
      expect((await create({ name: `By ${role}` }, role).expect(403)).body).toEqual(forbidden);
      for (const method of ['post', 'put', 'patch'] as const) {
        const res = await t.request[method](t.api(`/categories/${term.id}`))
          .set('Authorization', as(role))
          .send({ name: 'Renamed' });
        expect(res.status).toBe(403);
      }
      await t.request
        .delete(t.api(`/categories/${term.id}`))
        .set('Authorization', as(role))
        .expect(403);
      expect(await fx.row(term.id)).toMatchObject({ name: 'Guarded' });
    });

    it.each(['editor', 'administrator'] as const)('lets an %s create, update and delete', async (role) => {
      const created = await create({ name: `By ${role}` }, role).expect(201);
      await t.request
        .patch(t.api(`/categories/${created.body.id}`))
        .set('Authorization', as(role))
        .send({ description: 'd' })
        .expect(200);
      await t.request
        .delete(t.api(`/categories/${created.body.id}`))
        .set('Authorization', as(role))
        .expect(200);
    });

    it('answers a subscriber deleting an unknown term with 403, not 404', async () => {
      await t.request.delete(t.api('/categories/999999')).set('Authorization', as('subscriber')).expect(403);
    });

    it('answers an editor updating an unknown term with a bad body with 404 rest_term_invalid', async () => {
      const res = await t.request.put(t.api('/categories/999999')).set('Authorization', as('editor')).send({ name: '' }).expect(404);
      expect(res.body).toEqual({ code: 'rest_term_invalid', message: 'Term does not exist.', data: { status: 404 } });
    });

    it('reads without credentials', async () => {
      await t.request.get(t.api(`/categories/${term.id}`)).expect(200);
      await t.request.get(t.api('/categories')).expect(200);
    });
  });

  describe('read one', () => {
    beforeAll(() => fx.reset());

    it('answers 404 rest_term_invalid for an unknown id and for id 0', async () => {
      for (const id of ['999999', '0']) {
        const res = await t.request.get(t.api(`/categories/${id}`)).expect(404);
        expect(res.body).toEqual({ code: 'rest_term_invalid', message: 'Term does not exist.', data: { status: 404 } });
      }
    });

    it('answers 404 rest_term_invalid for the id of a tag (one id sequence)', async () => {
      const tag = await t.request.post(t.api('/tags')).set('Authorization', as('editor')).send({ name: 'Not a category' }).expect(201);
      const res = await t.request.get(t.api(`/categories/${tag.body.id}`)).expect(404);
      expect(res.body.code).toBe('rest_term_invalid');
    });

    it('answers 404 rest_term_invalid for an id of more digits than any id has', async () => {
      const res = await t.request.get(t.api('/categories/99999999999999999999')).expect(404);
      expect(res.body.code).toBe('rest_term_invalid');
    });

    it('answers 404 rest_no_route for a non-digit id', async () => {
      for (const id of ['abc', '12abc', '-1']) {
        const res = await t.request.get(t.api(`/categories/${id}`)).expect(404);
        expect(res.body.code).toBe('rest_no_route');
      }
    });

    it('answers 404 rest_no_route for a method the collection does not have', async () => {
      const res = await t.request.put(t.api('/categories')).set('Authorization', as('editor')).send({ name: 'x' }).expect(404);
      expect(res.body.code).toBe('rest_no_route');
    });
  });

  describe('update', () => {
    let music: { id: number; slug: string };
    let jazz: { id: number; slug: string };
    let bebop: { id: number };

    beforeEach(async () => {
      await fx.reset();
      music = await createOk({ name: 'Music', description: 'All music' });
      jazz = await createOk({ name: 'Jazz', parent: music.id, description: 'Swing' });
      bebop = await createOk({ name: 'Bebop', parent: jazz.id });
    });

    it.each(['post', 'put', 'patch'] as const)('updates with %s: 200 and only the fields sent change', async (method) => {
      const res = await t.request[method](t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .send({ name: 'Cool Jazz' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(TERM_KEYS);
      expect(res.body).toMatchObject({ id: jazz.id, name: 'Cool Jazz', slug: 'jazz', description: 'Swing', parent: music.id });
      expect(res.headers.location).toBeUndefined();
      expect(await fx.row(jazz.id)).toMatchObject({ name: 'Cool Jazz', slug: 'jazz', description: 'Swing', parent: music.id });
    });

    it('refuses a new name of only markup with 400 empty_term_name and changes nothing', async () => {
      const res = await t.request
        .post(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .send({ name: '<em></em>', slug: 'cool' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('empty_term_name');
      expect(await fx.row(jazz.id)).toMatchObject({ name: 'Jazz', slug: 'jazz' });
    });

    it('changes the description and the slug', async () => {
      const res = await t.request
        .patch(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .send({ description: '<i>Blue</i> notes', slug: 'Jazz Music' })
        .expect(200);
      expect(res.body).toMatchObject({
        description: '<i>Blue</i> notes',
        slug: 'jazz-music',
        // Under its parent, as the original's hierarchical rewrite nests a child's archive.
        url: 'http://calendar.test/events/category/music/jazz-music/',
      });
    });

    it("nests a category's url under every ancestor's slug, top first, in lists, reads and writes", async () => {
      const expected = 'http://calendar.test/events/category/music/jazz/bebop/';
      const hardBop = await createOk({ name: 'Hard bop', parent: bebop.id });
      expect((hardBop as unknown as { url: string }).url).toBe('http://calendar.test/events/category/music/jazz/bebop/hard-bop/');
      expect((await t.request.get(t.api(`/categories/${bebop.id}`)).expect(200)).body.url).toBe(expected);
      const list = await t.request.get(t.api('/categories')).query({ hide_empty: 0, per_page: 50 }).expect(200);
      const urls = Object.fromEntries((list.body.categories as { slug: string; url: string }[]).map((term) => [term.slug, term.url]));
      expect(urls).toMatchObject({ music: 'http://calendar.test/events/category/music/', bebop: expected });
      // Moved to the top, its url loses the ancestors.
      const moved = await t.request
        .patch(t.api(`/categories/${bebop.id}`))
        .set('Authorization', as('editor'))
        .send({ parent: 0 })
        .expect(200);
      expect(moved.body.url).toBe('http://calendar.test/events/category/bebop/');
    });

    it.each([null, ''])('clears the description with %j', async (value) => {
      const res = await t.request
        .patch(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .send({ description: value })
        .expect(200);
      expect(res.body.description).toBe('');
      expect(res.body.name).toBe('Jazz');
    });

    it('accepts its own name in another case and its own slug', async () => {
      const res = await t.request
        .put(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .send({ name: 'JAZZ', slug: 'jazz' })
        .expect(200);
      expect(res.body).toMatchObject({ name: 'JAZZ', slug: 'jazz' });
    });

    it('answers 400 term_exists when renamed to a sibling name, and changes nothing', async () => {
      const blues = await createOk({ name: 'Blues', parent: music.id });
      const res = await t.request
        .put(t.api(`/categories/${blues.id}`))
        .set('Authorization', as('editor'))
        .send({ name: 'jazz' })
        .expect(400);
      expect(res.body).toEqual({
        code: 'term_exists',
        message: 'A term with the name provided already exists with this parent.',
        data: { status: 400, term_id: jazz.id },
      });
      expect(await fx.row(blues.id)).toMatchObject({ name: 'Blues' });
    });

    it('answers 400 term_exists when moved under a parent that has a term of the same name', async () => {
      const topJazz = await createOk({ name: 'Jazz' });
      const res = await t.request
        .patch(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .send({ parent: 0 })
        .expect(400);
      expect(res.body).toMatchObject({ code: 'term_exists', data: { term_id: topJazz.id } });
      expect(await fx.row(jazz.id)).toMatchObject({ parent: music.id });
    });

    it('answers 400 duplicate_term_slug for a slug another term has, and changes nothing', async () => {
      const res = await t.request
        .patch(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .send({ slug: 'music', description: 'changed' })
        .expect(400);
      expect(res.body).toEqual({
        code: 'duplicate_term_slug',
        message: 'The slug “music” is already in use by another term.',
        data: { status: 400 },
      });
      expect(await fx.row(jazz.id)).toMatchObject({ slug: 'jazz', description: 'Swing' });
    });

    it('moves a category to the top level with parent 0', async () => {
      const res = await t.request
        .patch(t.api(`/categories/${bebop.id}`))
        .set('Authorization', as('editor'))
        .send({ parent: 0 })
        .expect(200);
      expect(res.body.parent).toBe(0);
      expect(res.body.urls.up).toBeUndefined();
    });

    it('moves a category under another one', async () => {
      const other = await createOk({ name: 'Other' });
      const res = await t.request
        .patch(t.api(`/categories/${bebop.id}`))
        .set('Authorization', as('editor'))
        .send({ parent: other.id })
        .expect(200);
      expect(res.body).toMatchObject({ parent: other.id, urls: { up: `${ROOT}/categories/${other.id}` } });
    });

    it.each([
      ['itself', () => music.id],
      ['its child', () => jazz.id],
      ['its grandchild', () => bebop.id],
    ])('answers 400 rest_invalid_param when a category would become its own ancestor through %s', async (_label, parent) => {
      const res = await t.request
        .patch(t.api(`/categories/${music.id}`))
        .set('Authorization', as('editor'))
        .send({ parent: parent() });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.params.parent).toBe('A category cannot be its own parent or ancestor.');
      expect(await fx.row(music.id)).toMatchObject({ parent: 0 });
    });

    it('answers 400 for an unknown parent', async () => {
      const res = await t.request
        .patch(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .send({ parent: 424242 })
        .expect(400);
      expect(Object.keys(res.body.data.params)).toEqual(['parent']);
    });

    it.each([
      [{ name: '' }, 'name'],
      [{ slug: '' }, 'slug'],
      [{ parent: 'x' }, 'parent'],
      [{ name: 'x'.repeat(201) }, 'name'],
    ])('answers 400 rest_invalid_param for %j and changes nothing', async (body, param) => {
      const res = await t.request
        .put(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .send(body)
        .expect(400);
      expect(Object.keys(res.body.data.params)).toEqual([param]);
      expect(await fx.row(jazz.id)).toEqual({ name: 'Jazz', slug: 'jazz', parent: music.id, description: 'Swing' });
    });

    it('answers 404 rest_term_invalid for the id of a tag', async () => {
      const tag = await t.request.post(t.api('/tags')).set('Authorization', as('editor')).send({ name: 'A tag' }).expect(201);
      const res = await t.request
        .patch(t.api(`/categories/${tag.body.id}`))
        .set('Authorization', as('editor'))
        .send({ name: 'x' })
        .expect(404);
      expect(res.body.code).toBe('rest_term_invalid');
    });
  });

  describe('delete', () => {
    let music: { id: number };
    let jazz: { id: number };

    beforeEach(async () => {
      await fx.reset();
      music = await createOk({ name: 'Music' });
      jazz = await createOk({ name: 'Jazz', parent: music.id });
    });

    it('deletes permanently and answers 200 with the term as it was', async () => {
      await fx.setCount(jazz.id, 4);
      const before = (await t.request.get(t.api(`/categories/${jazz.id}`)).expect(200)).body;
      const res = await t.request
        .delete(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .expect(200);
      expect(Object.keys(res.body)).toEqual(TERM_KEYS);
      expect(res.body).toEqual(before);
      expect(res.body.count).toBe(4);
      await t.request.get(t.api(`/categories/${jazz.id}`)).expect(404);
      expect(await fx.row(jazz.id)).toBeUndefined();
      const again = await t.request
        .delete(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .expect(404);
      expect(again.body.code).toBe('rest_term_invalid');
    });

    it("moves the children up to the deleted term's parent", async () => {
      const bebop = await createOk({ name: 'Bebop', parent: jazz.id });
      const swing = await createOk({ name: 'Swing', parent: jazz.id });
      await t.request
        .delete(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .expect(200);
      for (const child of [bebop, swing]) {
        const res = await t.request.get(t.api(`/categories/${child.id}`)).expect(200);
        expect(res.body).toMatchObject({ parent: music.id, urls: { up: `${ROOT}/categories/${music.id}` } });
      }
      await t.request
        .delete(t.api(`/categories/${music.id}`))
        .set('Authorization', as('editor'))
        .expect(200);
      expect((await t.request.get(t.api(`/categories/${bebop.id}`)).expect(200)).body.parent).toBe(0);
    });

    it('refuses with 400 term_exists when a child would move next to a term of the same name, and deletes nothing', async () => {
      const topLevelBebop = await createOk({ name: 'Bebop', parent: music.id });
      await createOk({ name: 'Bebop', parent: jazz.id });
      const res = await t.request
        .delete(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .expect(400);
      expect(res.body).toMatchObject({ code: 'term_exists', data: { status: 400, term_id: topLevelBebop.id } });
      expect(await fx.row(jazz.id)).toMatchObject({ name: 'Jazz' });
      expect(await fx.countTerms()).toBe(4);
    });

    it('deletes a category whose child has its name: the child takes its place', async () => {
      const child = await createOk({ name: 'jazz', parent: jazz.id });
      await t.request
        .delete(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .expect(200);
      expect(await fx.row(jazz.id)).toBeUndefined();
      expect((await t.request.get(t.api(`/categories/${child.id}`)).expect(200)).body).toMatchObject({ name: 'jazz', parent: music.id });
    });

    it("removes the term from its events and leaves the events' other terms", async () => {
      const eventId = await fx.insertEvent({ termIds: [jazz.id, music.id] });
      await t.request
        .delete(t.api(`/categories/${jazz.id}`))
        .set('Authorization', as('editor'))
        .expect(200);
      expect(await fx.eventTermCount(jazz.id)).toBe(0);
      expect(await fx.eventTermCount(music.id)).toBe(1);
      const res = await list(`?event=${eventId}&hide_empty=0`).expect(200);
      expect(names(res.body)).toEqual(['Music']);
    });
  });

  describe('list', () => {
    // name (slug, count, description), children under Music
    const seed: { name: string; slug?: string; count: number; description?: string; parentName?: string }[] = [
      { name: 'Music', count: 5, description: 'b' },
      { name: 'art', count: 2, description: 'c' },
      { name: 'Zoo', count: 0, description: 'a' },
      { name: 'One', slug: 'foo-bar', count: 1 },
      { name: 'Jazz', count: 3, parentName: 'Music' },
      { name: 'Blues', count: 0, parentName: 'Music' },
      { name: 'Art', count: 1, parentName: 'Music' },
    ];
    const ids: Record<string, number> = {};
    const idOf = (name: string, parentName?: string) => ids[`${parentName ?? ''}/${name}`];

    beforeAll(async () => {
      await fx.reset();
      for (const row of seed) {
        const body = await createOk({
          name: row.name,
          ...(row.slug ? { slug: row.slug } : {}),
          ...(row.description ? { description: row.description } : {}),
          ...(row.parentName ? { parent: idOf(row.parentName) } : {}),
        });
        ids[`${row.parentName ?? ''}/${row.name}`] = body.id;
        await fx.setCount(body.id, row.count);
      }
    });

    it('lists non-empty categories by name (case-insensitive), ties by id, in the reference envelope', async () => {
      const res = await list('').expect(200);
      expect(Object.keys(res.body)).toEqual(LIST_KEYS);
      expect(names(res.body)).toEqual(['art', 'Art', 'Jazz', 'Music', 'One']);
      expect(res.body.categories[0].id).toBeLessThan(res.body.categories[1].id);
      expect(res.body).toMatchObject({ total: 5, total_pages: 1, rest_url: `${ROOT}/categories/?page=1&per_page=10&hide_empty=1` });
      expect(res.headers['x-tec-total']).toBe('5');
      expect(res.headers['x-tec-totalpages']).toBe('1');
      // A lone page has no next or prev: only WordPress's discovery link, as on every answer.
      expect(res.headers.link).toBe(DISCOVERY_LINK);
      expect(Object.keys(res.body.categories[0])).toEqual(TERM_KEYS);
    });

    describe('hide_empty', () => {
      it.each(['0', 'false', 'FALSE'])('shows unused categories with hide_empty=%s', async (value) => {
        const res = await list(`?hide_empty=${value}`).expect(200);
        expect(res.body.total).toBe(7);
        expect(names(res.body)).toEqual(['art', 'Art', 'Blues', 'Jazz', 'Music', 'One', 'Zoo']);
        expect(res.body.rest_url).toBe(`${ROOT}/categories/?page=1&per_page=10&hide_empty=0`);
      });

      it.each(['1', 'true', 'TRUE'])('hides unused categories with hide_empty=%s', async (value) => {
        const res = await list(`?hide_empty=${value}`).expect(200);
        expect(res.body.total).toBe(5);
      });

      it.each(['yes', 'maybe', '2', ''])('answers 400 for hide_empty=%j', async (value) => {
        const res = await list(`?hide_empty=${value}`).expect(400);
        expect(Object.keys(res.body.data.params)).toEqual(['hide_empty']);
      });
    });

    describe('order and orderby', () => {
      const all = (query: string) => list(`?hide_empty=0&${query}`).expect(200);

      it('orders by name descending with order=desc, ties by id descending', async () => {
        const res = await all('order=desc');
        expect(names(res.body)).toEqual(['Zoo', 'One', 'Music', 'Jazz', 'Blues', 'Art', 'art']);
      });

      it('reads order case-insensitively', async () => {
        const res = await all('order=DESC');
        expect(names(res.body)[0]).toBe('Zoo');
        expect(res.body.rest_url).toContain('order=desc');
      });

      it.each([
        ['id', ['Music', 'art', 'Zoo', 'One', 'Jazz', 'Blues', 'Art']],
        ['term_group', ['Music', 'art', 'Zoo', 'One', 'Jazz', 'Blues', 'Art']],
        ['slug', ['art', 'Art', 'Blues', 'One', 'Jazz', 'Music', 'Zoo']],
        ['count', ['Zoo', 'Blues', 'One', 'Art', 'art', 'Jazz', 'Music']],
        ['description', ['One', 'Jazz', 'Blues', 'Art', 'Zoo', 'Music', 'art']],
        ['name', ['art', 'Art', 'Blues', 'Jazz', 'Music', 'One', 'Zoo']],
        ['include_slugs', ['art', 'Art', 'Blues', 'Jazz', 'Music', 'One', 'Zoo']],
        ['include', ['art', 'Art', 'Blues', 'Jazz', 'Music', 'One', 'Zoo']],
      ])('orders by %s', async (orderby, expected) => {
        const res = await all(`orderby=${orderby}`);
        expect(names(res.body)).toEqual(expected);
        expect(res.body.rest_url).toContain(`orderby=${orderby}`);
      });

      it('orders by the position in include with orderby=include, reversed with order=desc', async () => {
        const wanted = [idOf('Zoo'), idOf('Music'), idOf('Jazz', 'Music')];
        const res = await all(`include=${wanted.join(',')}&orderby=include`);
        expect(names(res.body)).toEqual(['Zoo', 'Music', 'Jazz']);
        const desc = await all(`include=${wanted.join(',')}&orderby=include&order=desc`);
        expect(names(desc.body)).toEqual(['Jazz', 'Music', 'Zoo']);
      });

      it.each([
        ['order', 'up'],
        ['order', ''],
        ['orderby', 'popularity'],
        ['orderby', ''],
      ])('answers 400 for %s=%j', async (name, value) => {
        const res = await list(`?${name}=${value}`).expect(400);
        expect(res.body.code).toBe('rest_invalid_param');
        expect(Object.keys(res.body.data.params)).toEqual([name]);
      });
    });

    describe('search', () => {
      it('matches the name or the slug, case-insensitively', async () => {
        const res = await list('?hide_empty=0&search=FOO').expect(200);
        expect(names(res.body)).toEqual(['One']);
        const byName = await list('?hide_empty=0&search=U').expect(200);
        expect(names(byName.body)).toEqual(['Blues', 'Music']);
      });

      it('applies together with the other filters, and the total is exact', async () => {
        // "a" is in the names art, Art, Jazz and in the slug foo-bar (One); Zoo has no events.
        const res = await list('?search=a').expect(200);
        expect(names(res.body)).toEqual(['art', 'Art', 'Jazz', 'One']);
        expect(res.body.total).toBe(4);
      });

      it('treats LIKE wildcards literally', async () => {
        expect((await list('?hide_empty=0&search=%25').expect(200)).body.total).toBe(0);
        expect((await list('?hide_empty=0&search=_').expect(200)).body.total).toBe(0);
      });

      it('answers 200 with an empty list when nothing matches', async () => {
        const res = await list('?search=nothing-like-this').expect(200);
        expect(res.body).toEqual({
          rest_url: `${ROOT}/categories/?page=1&per_page=10&search=nothing-like-this&hide_empty=1`,
          total: 0,
          total_pages: 0,
          categories: [],
        });
        expect(res.headers['x-tec-total']).toBe('0');
        expect(res.headers['x-tec-totalpages']).toBe('0');
      });

      it('answers 400 for an empty search and for one over 200 characters', async () => {
        await list('?search=').expect(400);
        const res = await list(`?search=${'a'.repeat(201)}`).expect(400);
        expect(Object.keys(res.body.data.params)).toEqual(['search']);
        await list(`?search=${'a'.repeat(200)}`).expect(200);
      });

      it('finds names with an ampersand whichever way it is typed', async () => {
        const rock = await createOk({ name: 'Rock & Roll' });
        try {
          for (const search of ['rock %26 roll', 'rock %26amp%3B roll']) {
            const res = await list(`?hide_empty=0&search=${search}`).expect(200);
            expect(names(res.body)).toEqual(['Rock &amp; Roll']);
          }
        } finally {
          await t.request
            .delete(t.api(`/categories/${rock.id}`))
            .set('Authorization', as('editor'))
            .expect(200);
        }
      });
    });

    describe('include and exclude', () => {
      it('limits the list to the included ids', async () => {
        const res = await list(`?hide_empty=0&include=${idOf('Zoo')},${idOf('One')}`).expect(200);
        expect(names(res.body)).toEqual(['One', 'Zoo']);
        expect(res.body.rest_url).toBe(`${ROOT}/categories/?page=1&per_page=10&include=${idOf('Zoo')}%2C${idOf('One')}&hide_empty=0`);
      });

      it('accepts the array form', async () => {
        const res = await list(`?hide_empty=0&include[]=${idOf('Zoo')}&include[]=${idOf('One')}`).expect(200);
        expect(names(res.body)).toEqual(['One', 'Zoo']);
      });

      it('keeps hide_empty for included ids', async () => {
        const res = await list(`?include=${idOf('Zoo')},${idOf('One')}`).expect(200);
        expect(names(res.body)).toEqual(['One']);
      });

      it('leaves the excluded ids out', async () => {
        const res = await list(`?exclude=${idOf('art')},${idOf('Music')}`).expect(200);
        expect(names(res.body)).toEqual(['Art', 'Jazz', 'One']);
        expect(res.body.rest_url).toContain(`exclude=${idOf('art')}%2C${idOf('Music')}`);
      });

      it('answers 400 when an id in exclude does not exist', async () => {
        const res = await list(`?exclude=${idOf('Zoo')},999999`).expect(400);
        expect(res.body.data.params).toEqual({ exclude: 'No event category has the ID(s): 999999.' });
      });

      it('leaves out unknown ids in include (CONTRACT §2.3), tags’ ids too', async () => {
        const tag = await t.request.post(t.api('/tags')).set('Authorization', as('editor')).send({ name: 'Tag for include' }).expect(201);
        const res = await list(`?include=${idOf('Zoo')},999999,${tag.body.id}&hide_empty=0`).expect(200);
        expect(names(res.body)).toEqual(['Zoo']);
        expect(res.body.total).toBe(1);
        expect(res.body.rest_url).toContain(`include=${idOf('Zoo')}%2C999999%2C${tag.body.id}`);
        expect((await list('?include=999999&hide_empty=0').expect(200)).body.categories).toEqual([]);
      });

      it('answers 400 when exclude names a tag', async () => {
        const tag = await t.request.post(t.api('/tags')).set('Authorization', as('editor')).send({ name: 'Tag for exclude' }).expect(201);
        const res = await list(`?exclude=${tag.body.id}`).expect(400);
        expect(Object.keys(res.body.data.params)).toEqual(['exclude']);
      });

      it.each([
        ['include', ''],
        ['include', 'abc'],
        ['include', '0'],
        ['exclude', '1.5'],
        ['exclude', ','],
      ])('answers 400 for %s=%j', async (name, value) => {
        const res = await list(`?${name}=${value}`).expect(400);
        expect(Object.keys(res.body.data.params)).toEqual([name]);
      });
    });

    describe('parent', () => {
      it('lists the direct children of a category', async () => {
        const res = await list(`?hide_empty=0&parent=${idOf('Music')}`).expect(200);
        expect(names(res.body)).toEqual(['Art', 'Blues', 'Jazz']);
        expect(res.body.rest_url).toBe(`${ROOT}/categories/?page=1&per_page=10&hide_empty=0&parent=${idOf('Music')}`);
      });

      it.each(['999999', '0', '', 'x', '-3'])('answers 400 for parent=%j', async (value) => {
        const res = await list(`?parent=${value}`).expect(400);
        expect(Object.keys(res.body.data.params)).toEqual(['parent']);
      });
    });

    describe('post and event', () => {
      let published: number;
      let other: number;

      beforeAll(async () => {
        published = await fx.insertEvent({ termIds: [idOf('Music'), idOf('Zoo'), idOf('Jazz', 'Music')] });
        other = await fx.insertEvent({ termIds: [idOf('art')] });
      });

      it.each(['post', 'event'])('lists the terms of the event given as %s', async (name) => {
        const res = await list(`?hide_empty=0&${name}=${published}`).expect(200);
        expect(names(res.body)).toEqual(['Jazz', 'Music', 'Zoo']);
        expect(res.body.rest_url).toBe(`${ROOT}/categories/?page=1&per_page=10&hide_empty=0&${name}=${published}`);
      });

      it('lets event win over post', async () => {
        const res = await list(`?hide_empty=0&post=${published}&event=${other}`).expect(200);
        expect(names(res.body)).toEqual(['art']);
        expect(res.body.rest_url).toContain(`event=${other}`);
        expect(res.body.rest_url).not.toContain('post=');
      });

      it('combines with hide_empty', async () => {
        const res = await list(`?post=${published}`).expect(200);
        expect(names(res.body)).toEqual(['Jazz', 'Music']);
      });

      it.each(['post', 'event'])('answers 400 when %s is not an event', async (name) => {
        const res = await list(`?${name}=999999`).expect(400);
        expect(res.body.data.params).toEqual({ [name]: `The specified ID for the "${name}" parameter is not a valid event.` });
      });

      it('validates post even when event is also given', async () => {
        const res = await list(`?post=999999&event=${published}`).expect(400);
        expect(Object.keys(res.body.data.params)).toEqual(['post']);
      });

      it.each(['', 'abc', '0'])('answers 400 for event=%j', async (value) => {
        const res = await list(`?event=${value}`).expect(400);
        expect(Object.keys(res.body.data.params)).toEqual(['event']);
      });

      it('hides the terms of a draft event from callers who may not read it', async () => {
        const draft = await fx.insertEvent({ status: 'draft', authorId: users.administrator.id, termIds: [idOf('Music')] });
        await list(`?event=${draft}`).expect(400);
        await list(`?event=${draft}`, 'subscriber').expect(400);
        await list(`?event=${draft}`, 'author').expect(400);
        const res = await list(`?event=${draft}`, 'editor').expect(200);
        expect(names(res.body)).toEqual(['Music']);
      });

      it('shows the author the terms of their own draft', async () => {
        const draft = await fx.insertEvent({ status: 'draft', authorId: users.author.id, termIds: [idOf('Music')] });
        expect(names((await list(`?event=${draft}`, 'author').expect(200)).body)).toEqual(['Music']);
      });
    });

    describe('slug', () => {
      it('keeps only the term with that exact slug', async () => {
        const res = await list('?hide_empty=0&slug=foo-bar').expect(200);
        expect(names(res.body)).toEqual(['One']);
        expect(res.body.rest_url).toBe(`${ROOT}/categories/?page=1&per_page=10&hide_empty=0&slug=foo-bar`);
      });

      it('normalises the slug like a stored one, and keeps it as given in the links', async () => {
        const res = await list('?hide_empty=0&slug=Foo%20Bar').expect(200);
        expect(names(res.body)).toEqual(['One']);
        expect(res.body.rest_url).toBe(`${ROOT}/categories/?page=1&per_page=10&hide_empty=0&slug=Foo%20Bar`);
      });

      it('answers an empty list for a slug that normalises to nothing', async () => {
        const res = await list('?hide_empty=0&slug=!!!').expect(200);
        expect(res.body.total).toBe(0);
        expect(res.body.rest_url).toBe(`${ROOT}/categories/?page=1&per_page=10&hide_empty=0&slug=!!!`);
      });

      it('does not match part of a slug, and an unknown slug is an empty list', async () => {
        expect((await list('?hide_empty=0&slug=foo').expect(200)).body.total).toBe(0);
      });

      it('answers 400 for an empty slug', async () => {
        const res = await list('?slug=').expect(400);
        expect(Object.keys(res.body.data.params)).toEqual(['slug']);
      });
    });

    describe('pagination and links', () => {
      it('pages with next and previous links that keep every filter', async () => {
        const first = await list('?hide_empty=0&per_page=3&search=a').expect(200);
        expect(first.body.total).toBe(4);
        expect(first.body.total_pages).toBe(2);
        expect(Object.keys(first.body)).toEqual([...LIST_KEYS, 'next_rest_url']);
        const next = `${ROOT}/categories/?per_page=3&search=a&hide_empty=0&page=2`;
        expect(first.body.next_rest_url).toBe(next);
        expect(first.headers.link).toBe(`<${next}>; rel="next", ${DISCOVERY_LINK}`);

        const second = await t.request.get(new URL(next).pathname + new URL(next).search).expect(200);
        expect(Object.keys(second.body)).toEqual([...LIST_KEYS, 'previous_rest_url']);
        expect(second.body.categories).toHaveLength(1);
        const previous = `${ROOT}/categories/?per_page=3&search=a&hide_empty=0`;
        expect(second.body.previous_rest_url).toBe(previous);
        expect(second.headers.link).toBe(`<${previous}>; rel="prev", ${DISCOVERY_LINK}`);
        const seen = [...first.body.categories, ...second.body.categories].map((term: { id: number }) => term.id);
        expect(new Set(seen).size).toBe(4);
      });

      it('has both links on a middle page', async () => {
        const res = await list('?hide_empty=0&per_page=2&page=2').expect(200);
        expect(Object.keys(res.body)).toEqual([...LIST_KEYS, 'next_rest_url', 'previous_rest_url']);
        expect(res.headers.link).toBe(
          `<${ROOT}/categories/?per_page=2&hide_empty=0&page=3>; rel="next", <${ROOT}/categories/?per_page=2&hide_empty=0>; rel="prev", ${DISCOVERY_LINK}`,
        );
      });

      it('answers 200 with an empty list past the last page', async () => {
        const res = await list('?page=9').expect(200);
        expect(res.body).toMatchObject({ total: 5, total_pages: 1, categories: [] });
        expect(res.headers['x-tec-total']).toBe('5');
      });

      it('lowers per_page to MAX_PER_PAGE and says so in rest_url', async () => {
        const res = await list('?per_page=100').expect(200);
        expect(res.body.rest_url).toBe(`${ROOT}/categories/?page=1&per_page=50&hide_empty=1`);
        // Past JavaScript's safe integers but within PHP_INT_MAX the original lowers it too; past that, 400.
        const huge = await list('?per_page=9223372036854775807').expect(200);
        expect(huge.body.rest_url).toBe(`${ROOT}/categories/?page=1&per_page=50&hide_empty=1`);
        expect((await list('?per_page=9223372036854775808').expect(400)).body.data.params).toHaveProperty('per_page');
      });

      it.each([
        ['page', '0'],
        ['page', '-1'],
        ['page', 'abc'],
        ['page', ''],
        ['per_page', '0'],
        ['per_page', 'abc'],
        ['per_page', '2.5'],
      ])('answers 400 for %s=%j', async (name, value) => {
        const res = await list(`?${name}=${value}`).expect(400);
        expect(res.body).toMatchObject({ code: 'rest_invalid_param', message: `Invalid parameter(s): ${name}` });
      });

      it('percent-encodes filters in the links', async () => {
        const res = await list('?hide_empty=0&search=a%26b%20c').expect(200);
        expect(res.body.rest_url).toBe(`${ROOT}/categories/?page=1&per_page=10&search=a%26b%20c&hide_empty=0`);
      });
    });

    it('lists no tags', async () => {
      const res = await list('?hide_empty=0&per_page=50').expect(200);
      expect(res.body.categories.every((term: { taxonomy: string }) => term.taxonomy === 'tribe_events_cat')).toBe(true);
      expect(Object.keys(res.body.categories[0])).not.toEqual(TAG_KEYS);
    });
  });

  it('keeps with hide_empty the empty categories above one with events, as WordPress, and counts them', async () => {
    await fx.reset();
    const root = await createOk({ name: 'Root' });
    const middle = await createOk({ name: 'Middle', parent: root.id });
    const leaf = await createOk({ name: 'Leaf', parent: middle.id });
    const lonely = await createOk({ name: 'Lonely', parent: root.id });
    await createOk({ name: 'Alone' });
    await fx.setCount(leaf.id, 2);
    const res = await list('').expect(200);
    expect(names(res.body)).toEqual(['Leaf', 'Middle', 'Root']);
    expect(res.headers['x-tec-total']).toBe('3');
    expect(names((await list(`?parent=${root.id}`).expect(200)).body)).toEqual(['Middle']);
    await fx.setCount(leaf.id, 0);
    await fx.setCount(lonely.id, 1);
    expect(names((await list('').expect(200)).body)).toEqual(['Lonely', 'Root']);
  });

  it('answers an empty database with the empty envelope', async () => {
    await fx.reset();
    const res = await list('').expect(200);
    expect(res.body).toEqual({ rest_url: `${ROOT}/categories/?page=1&per_page=10&hide_empty=1`, total: 0, total_pages: 0, categories: [] });
    expect(Object.keys(res.body)).toEqual(LIST_KEYS);
    expect(res.headers['x-tec-total']).toBe('0');
    expect(res.headers['x-tec-totalpages']).toBe('0');
  });
});
