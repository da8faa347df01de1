import { Role } from '../src/auth/roles';
import { TEST_DATABASES } from './support/databases';
import { EventFixtures, ORGANIZER_KEYS, inReferenceOrder, token } from './support/linked-posts';
import { TestApp, TestUser, DISCOVERY_LINK } from './support/test-app';

const ROOT = 'http://calendar.test/calendar/events/v1';
const ROLES = ['subscriber', 'contributor', 'author', 'editor', 'administrator'] as const;
type Body = Record<string, unknown>;

describe.each(TEST_DATABASES)('organizers on $kind', (database) => {
  let t: TestApp;
  let events: EventFixtures;
  const users = {} as Record<Role | 'contributor2' | 'author2', TestUser>;

  beforeAll(async () => {
    t = await TestApp.start(database);
    events = new EventFixtures(t);
    for (const role of ROLES) users[role] = await t.createUser(role);
    users.contributor2 = await t.createUser('contributor');
    users.author2 = await t.createUser('author');
  });
  afterAll(() => t.close());

  type Who = keyof typeof users;
  const auth = (who: Who) => users[who].auth;
  const create = (body: Body, who: Who = 'editor') => t.request.post(t.api('/organizers')).set('Authorization', auth(who)).send(body);
  const createOk = async (body: Body, who: Who = 'editor'): Promise<Body & { id: number; slug: string }> => {
    const res = await create(body, who);
    expect(res.status).toBe(201);
    return res.body;
  };
  const get = (path: string, who?: Who) => {
    const req = t.request.get(t.api(path));
    return who ? req.set('Authorization', auth(who)) : req;
  };
  const patch = (path: string, body: Body, who: Who = 'editor') => t.request.patch(t.api(path)).set('Authorization', auth(who)).send(body);
  const del = (path: string, who: Who = 'editor') => t.request.delete(t.api(path)).set('Authorization', auth(who));
  const ids = (body: { organizers: { id: number }[] }) => body.organizers.map((organizer) => organizer.id);

  describe('create', () => {
    it('answers 401 without credentials and 403 to a subscriber', async () => {
      expect((await t.request.post(t.api('/organizers')).send({ organizer: 'x' }).expect(401)).body.code).toBe('rest_forbidden');
      expect((await create({ organizer: 'x' }, 'subscriber').expect(403)).body.code).toBe('rest_forbidden');
    });

    it('needs the organizer name', async () => {
      const res = await create({ email: 'a@b.co' }).expect(400);
      expect(res.body).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): organizer',
        data: { status: 400, params: ['organizer'] },
      });
      expect(Object.keys((await create({ organizer: '' }).expect(400)).body.data.params)).toEqual(['organizer']);
    });

    it('answers 201 with Location and the organizer in the reference key order, without json_ld', async () => {
      const res = await create({
        organizer: 'Peer Org',
        description: '<p>We <em>organise</em></p>',
        phone: '555-9999',
        website: 'https://example.com/o',
        email: 'org@example.com',
        image: 'https://cdn.example.com/logo.webp',
      }).expect(201);
      const body = res.body;
      expect(res.headers.location).toBe(`${ROOT}/organizers/${body.id}`);
      expect(Object.keys(body)).toEqual(inReferenceOrder(body, ORGANIZER_KEYS));
      expect(body).toEqual({
        id: expect.any(Number),
        author: String(users.editor.id),
        status: 'publish',
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        date_utc: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        modified: expect.any(String),
        modified_utc: expect.any(String),
        url: 'http://calendar.test/organizer/peer-org/',
        organizer: 'Peer Org',
        description: '<p>We <em>organise</em></p>',
        slug: 'peer-org',
        image: { url: 'https://cdn.example.com/logo.webp', id: expect.any(Number), extension: 'webp' },
        phone: '555-9999',
        website: 'https://example.com/o',
        email: 'org@example.com',
        global_id: `calendar.test?id=${body.id}`,
        global_id_lineage: [`calendar.test?id=${body.id}`],
      });
      expect(body.date).toBe(body.date_utc);
    });

    it('leaves every empty value out, and has no map flags', async () => {
      const body = await createOk({ organizer: `Bare ${token()}`, phone: '', email: null, show_map: true });
      expect(Object.keys(body)).toEqual([
        'id',
        'author',
        'status',
        'date',
        'date_utc',
        'modified',
        'modified_utc',
        'url',
        'organizer',
        'slug',
        'global_id',
        'global_id_lineage',
      ]);
    });

    it.each([['org@example.com'], ['first.last+tag@sub.example.org']])('accepts the e-mail %s', async (email) => {
      expect((await createOk({ organizer: `Mail ${token()}`, email })).email).toBe(email);
    });

    it.each([['not-an-email'], ['a@b'], ['@example.com'], ['a b@example.com']])('refuses the e-mail %p', async (email) => {
      const res = await create({ organizer: 'x', email }).expect(400);
      expect(res.body.data.params).toEqual({ email: 'Must be a valid e-mail address.' });
    });

    it('refuses an e-mail that is a number', async () => {
      const res = await create({ organizer: 'x', email: 42 }).expect(400);
      expect(res.body.data.params).toEqual({ email: 'Must be a string.' });
    });

    it.each([['ftp://example.com'], ['javascript:alert(1)'], ['example.com']])('refuses the website %p', async (website) => {
      const res = await create({ organizer: 'x', website }).expect(400);
      expect(res.body.data.params).toEqual({ website: 'Must be an http(s) URL.' });
    });

    it.each([
      ['status', 'trash'],
      ['author', 999999],
      ['date', 'foo'],
      ['date_utc', 'bar'],
      ['image', 999999],
      ['phone', 'p'.repeat(256)],
    ])('refuses %s %p', async (name, value) => {
      const res = await create({ organizer: 'x', [name]: value }).expect(400);
      expect(Object.keys(res.body.data.params)).toEqual([name]);
    });

    it('reads the publication date in the site zone (UTC here)', async () => {
      const body = await createOk({ organizer: `Dated ${token()}`, date: '2020-05-06 07:08:09' });
      expect(body).toMatchObject({ date: '2020-05-06 07:08:09', date_utc: '2020-05-06 07:08:09' });
    });

    it.each([
      ['contributor', undefined, 'draft'],
      ['contributor', 'publish', 'pending'],
      ['author', undefined, 'publish'],
      ['editor', 'private', 'private'],
    ] as const)('%s asking for status %s gets %s', async (who, status, expected) => {
      expect((await createOk({ organizer: `Status ${token()}`, ...(status ? { status } : {}) }, who)).status).toBe(expected);
    });

    it('answers 403 when an author names another author, and lets editors do it', async () => {
      expect((await create({ organizer: 'x', author: users.editor.id }, 'author').expect(403)).body.code).toBe('rest_forbidden');
      expect((await createOk({ organizer: `Other ${token()}`, author: users.author.id })).author).toBe(String(users.author.id));
    });

    describe('the duplicate rule', () => {
      it('returns the existing organizer unchanged for the same name (any case), whatever else differs', async () => {
        const name = `Dup Org ${token()}`;
        const original = await createOk({ organizer: name, email: 'first@example.com', description: 'About us' });
        const res = await create({ organizer: name.toLowerCase(), email: 'second@example.com', phone: '1111' }).expect(201);
        expect(res.body).toEqual(original);
        expect(res.headers.location).toBe(`${ROOT}/organizers/${original.id}`);
        expect((await createOk({ organizer: name, description: 'ABOUT US' })).id).toBe(original.id);
        const other = await createOk({ organizer: name, description: 'Another text' });
        expect(other.id).not.toBe(original.id);
        expect(other.slug).toBe(`${original.slug}-2`);
      });

      it('does not match a trashed organizer', async () => {
        const name = `Dup Trash Org ${token()}`;
        const original = await createOk({ organizer: name });
        await del(`/organizers/${original.id}`).expect(200);
        expect((await createOk({ organizer: name })).id).not.toBe(original.id);
      });
    });

    it('writes nothing on a 400', async () => {
      const before = { organizers: await events.count('organizers'), media: await events.count('media') };
      await create({ organizer: 'Nope', image: 'https://cdn.example.com/n.png', email: 'bad' }).expect(400);
      await create({ organizer: 'Nope', image: 'https://cdn.example.com/n.png', author: 999999 }).expect(400);
      expect({ organizers: await events.count('organizers'), media: await events.count('media') }).toEqual(before);
    });
  });

  describe('single read', () => {
    it('answers 200 with json_ld before global_id, by id and by slug', async () => {
      const organizer = await createOk({
        organizer: `Read Org ${token()}`,
        phone: '555',
        email: 'read@example.com',
        website: 'https://read.test/',
      });
      const res = await get(`/organizers/${organizer.id}`).expect(200);
      const keys = Object.keys(res.body);
      expect(keys).toEqual(inReferenceOrder(res.body, ORGANIZER_KEYS));
      expect(keys.slice(-3)).toEqual(['json_ld', 'global_id', 'global_id_lineage']);
      expect(res.body.json_ld).toEqual({
        '@context': 'http://schema.org',
        '@type': 'Person',
        name: organizer.organizer,
        description: '',
        url: 'https://read.test/',
        telephone: '555',
        email: 'read@example.com',
        sameAs: 'https://read.test/',
      });
      expect((await get(`/organizers/by-slug/${organizer.slug}`).expect(200)).body).toEqual(res.body);
    });

    it('reads, updates and deletes by a slug holding an underscore, which slugify keeps', async () => {
      const snake = await createOk({ organizer: `snake_case org ${token()}` });
      expect(snake.slug).toMatch(/^snake_case-org-/);
      expect((await get(`/organizers/by-slug/${snake.slug}`).expect(200)).body.id).toBe(snake.id);
      expect((await patch(`/organizers/by-slug/${snake.slug}`, { phone: '42' }).expect(200)).body).toMatchObject({
        id: snake.id,
        phone: '42',
      });
      expect((await del(`/organizers/by-slug/${snake.slug}`).expect(200)).body).toMatchObject({ id: snake.id, status: 'trash' });
    });

    it.each([['/organizers/999999'], ['/organizers/by-slug/no-such-organizer']])('answers 404 organizer-not-found for %s', async (path) => {
      expect((await get(path).expect(404)).body).toEqual({
        code: 'organizer-not-found',
        message: 'The requested organizer does not exist.',
        data: { status: 404 },
      });
    });

    it('answers 404 rest_no_route for a non-numeric id', async () => {
      expect((await get('/organizers/abc').expect(404)).body.code).toBe('rest_no_route');
    });

    it.each([
      [undefined, 403],
      ['subscriber', 403],
      ['contributor2', 403],
      ['contributor', 200],
      ['editor', 200],
    ] as const)('a pending organizer read by %s: %s', async (who, status) => {
      const pending = await createOk({ organizer: `Pending ${token()}`, status: 'publish' }, 'contributor');
      expect(pending.status).toBe('pending');
      const res = await get(`/organizers/${pending.id}`, who).expect(status);
      if (status === 403) expect(res.body.code).toBe('organizer-not-accessible');
    });

    it('blanks a password-protected organizer unless the password matches', async () => {
      const organizer = await createOk({ organizer: `Secret Org ${token()}`, email: 'hidden@example.com', password: 'pw' });
      const blanked = (await get(`/organizers/${organizer.id}`).expect(200)).body;
      expect(blanked).toMatchObject({ organizer: [], email: '' });
      expect(blanked).not.toHaveProperty('json_ld');
      expect((await get(`/organizers/${organizer.id}?password=pw`).expect(200)).body).toMatchObject({
        organizer: organizer.organizer,
        email: 'hidden@example.com',
      });
    });
  });

  describe('update', () => {
    it.each(['post', 'put', 'patch'] as const)('%s by id and by slug changes only what is sent', async (method) => {
      const organizer = await createOk({ organizer: `Upd Org ${token()}`, phone: '1', email: 'u@example.com' });
      const byId = await t.request[method](t.api(`/organizers/${organizer.id}`))
        .set('Authorization', auth('editor'))
        .send({ phone: '2' })
        .expect(200);
      expect(byId.body).toEqual({ ...organizer, phone: '2', modified: expect.any(String), modified_utc: expect.any(String) });
      const bySlug = await t.request[method](t.api(`/organizers/by-slug/${organizer.slug}`))
        .set('Authorization', auth('editor'))
        .send({ email: '' })
        .expect(200);
      expect(bySlug.body).not.toHaveProperty('email');
      expect(bySlug.body.phone).toBe('2');
    });

    it('takes a slug in the body of a by-slug update as the new slug (CONTRACT §2.2)', async () => {
      const organizer = await createOk({ organizer: `Reslug org ${token()}` });
      const res = await patch(`/organizers/by-slug/${organizer.slug}`, { slug: `moved-${organizer.slug}` }).expect(200);
      expect(res.body).toMatchObject({ id: organizer.id, slug: `moved-${organizer.slug}` });
      await get(`/organizers/by-slug/${organizer.slug}`).expect(404);
      expect((await get(`/organizers/by-slug/moved-${organizer.slug}`).expect(200)).body.id).toBe(organizer.id);
    });

    it('refuses a bad e-mail and writes nothing', async () => {
      const organizer = await createOk({ organizer: `Bad mail ${token()}`, phone: 'before' });
      await patch(`/organizers/${organizer.id}`, { phone: 'after', email: 'nope' }).expect(400);
      expect((await get(`/organizers/${organizer.id}`).expect(200)).body.phone).toBe('before');
    });

    it('checks in order: 401, 403, 404, 403 on the object, then 400', async () => {
      const theirs = await createOk({ organizer: `Order Org ${token()}` }, 'contributor2');
      const bad = { email: 'nope' };
      await t.request.patch(t.api('/organizers/999999')).send(bad).expect(401);
      await patch('/organizers/999999', bad, 'subscriber').expect(403);
      expect((await patch('/organizers/999999', bad, 'author').expect(404)).body.code).toBe('organizer-not-found');
      await patch(`/organizers/${theirs.id}`, bad, 'contributor').expect(403);
      await patch(`/organizers/by-slug/${theirs.slug}`, bad, 'author').expect(403);
      await patch(`/organizers/${theirs.id}`, bad, 'contributor2').expect(400);
    });

    it.each([
      ['contributor', 'own draft', 200],
      ['contributor', 'own published', 403],
      ['author', 'own published', 200],
      ['author', "another's published", 403],
      ['editor', "another's draft", 200],
    ] as const)('%s editing %s: %s', async (who, which, status) => {
      const owner = which.startsWith('own') ? users[who] : users.author2;
      const organizer = await createOk(
        { organizer: `Perm Org ${token()}`, author: owner.id, status: which.endsWith('draft') ? 'draft' : 'publish' },
        'administrator',
      );
      await patch(`/organizers/by-slug/${organizer.slug}`, { phone: '9' }, who).expect(status);
    });
  });

  describe('delete', () => {
    it('moves the organizer to the trash, then 410, by id and by slug', async () => {
      const organizer = await createOk({ organizer: `Trash Org ${token()}` });
      const res = await del(`/organizers/by-slug/${organizer.slug}`).expect(200);
      expect(res.body).toMatchObject({ id: organizer.id, status: 'trash', slug: organizer.slug });
      expect(res.body).not.toHaveProperty('json_ld');
      expect((await del(`/organizers/${organizer.id}`).expect(410)).body).toEqual({
        code: 'organizer-is-in-trash',
        message: 'The organizer is already trashed',
        data: { status: 410 },
      });
      expect((await get(`/organizers/${organizer.id}`).expect(403)).body.code).toBe('organizer-not-accessible');
      expect((await get(`/organizers/${organizer.id}`, 'editor').expect(200)).body.status).toBe('trash');
    });

    it('answers 401, 403 and 404 in that order, and 403 on another contributor organizer', async () => {
      const theirs = await createOk({ organizer: `Del Org ${token()}` }, 'contributor2');
      await t.request.delete(t.api('/organizers/999999')).expect(401);
      await del('/organizers/999999', 'subscriber').expect(403);
      await del('/organizers/999999', 'contributor').expect(404);
      await del(`/organizers/${theirs.id}`, 'contributor').expect(403);
    });

    it('unlinks only this organizer from its events', async () => {
      const trashed = await createOk({ organizer: `Linked Org ${token()}` });
      const kept = await createOk({ organizer: `Kept Org ${token()}` });
      const eventId = await events.insertEvent({ organizers: [trashed.id, kept.id] });
      await del(`/organizers/${trashed.id}`).expect(200);
      expect(await events.links('event_organizers', eventId)).toEqual([kept.id]);
    });
  });

  describe('list', () => {
    it('has the reference envelope, headers and links', async () => {
      const word = token();
      const a = await createOk({ organizer: `${word} a`, date_utc: '2024-01-01 00:00:00' });
      const b = await createOk({ organizer: `${word} b`, date_utc: '2025-01-01 00:00:00' });
      const c = await createOk({ organizer: `${word} c`, date_utc: '2024-01-01 00:00:00' });
      const res = await get(`/organizers?search=${word}&per_page=2`).expect(200);
      expect(Object.keys(res.body)).toEqual(['organizers', 'rest_url', 'next_rest_url', 'total', 'total_pages']);
      expect(ids(res.body)).toEqual([b.id, c.id]);
      expect(res.body).toMatchObject({
        rest_url: `${ROOT}/organizers/?page=1&per_page=2&search=${word}&status=publish`,
        next_rest_url: `${ROOT}/organizers/?per_page=2&search=${word}&status=publish&page=2`,
        total: 3,
        total_pages: 2,
      });
      expect(res.headers['x-tec-total']).toBe('3');
      expect(res.headers['x-tec-totalpages']).toBe('2');
      expect(res.headers.link).toBe(`<${res.body.next_rest_url}>; rel="next", ${DISCOVERY_LINK}`);
      const page2 = await get(`/organizers?search=${word}&per_page=2&page=2`).expect(200);
      expect(ids(page2.body)).toEqual([a.id]);
      expect(page2.body.previous_rest_url).toBe(`${ROOT}/organizers/?per_page=2&search=${word}&status=publish`);
      expect((await get(`/organizers?search=${word}&per_page=2&page=3`).expect(404)).body.code).toBe('organizer-archive-page-not-found');
    });

    it('searches title, phone, e-mail and website, every word in one field', async () => {
      const word = token();
      const one = await createOk({
        organizer: `${word} One`,
        phone: '1111-22',
        email: `one@${word}.com`,
        website: `http://one${word}.com`,
      });
      const two = await createOk({ organizer: `${word} Two`, phone: '1111-33', email: `two@${word}.com` });
      const search = async (text: string) =>
        ids((await get(`/organizers?search=${encodeURIComponent(text)}`).expect(200)).body).sort((x, y) => x - y);
      expect(await search(`${word} 1111`)).toEqual([]);
      expect(await search(`@${word}.com`)).toEqual([one.id, two.id].sort((x, y) => x - y));
      expect(await search(`http://one${word}.com`)).toEqual([one.id]);
      expect(await search(`${word} two`)).toEqual([two.id]);
    });

    it('applies the status rules by role', async () => {
      const word = token();
      const published = await createOk({ organizer: `${word} pub` });
      const draft = await createOk({ organizer: `${word} draft` }, 'contributor');
      expect(ids((await get(`/organizers?search=${word}`).expect(200)).body)).toEqual([published.id]);
      expect((await get('/organizers?status=draft').expect(400)).body.code).toBe('rest_invalid_param');
      expect(ids((await get(`/organizers?search=${word}&status=draft`, 'contributor').expect(200)).body)).toEqual([draft.id]);
      expect(ids((await get(`/organizers?search=${word}&status=draft`, 'contributor2').expect(200)).body)).toEqual([]);
      expect(ids((await get(`/organizers?search=${word}`, 'editor').expect(200)).body).sort((x, y) => x - y)).toEqual(
        [published.id, draft.id].sort((x, y) => x - y),
      );
    });

    it('filters on events: event, has_events, only_with_upcoming', async () => {
      const word = token();
      const upcoming = await createOk({ organizer: `${word} upcoming` });
      const past = await createOk({ organizer: `${word} past` });
      const lonely = await createOk({ organizer: `${word} lonely` });
      const eventId = await events.insertEvent({ start: new Date(Date.now() + 86_400_000), organizers: [upcoming.id] });
      await events.insertEvent({ start: new Date(Date.now() - 86_400_000), organizers: [past.id] });
      const list = async (query: string) => ids((await get(`/organizers?search=${word}&${query}`).expect(200)).body).sort((x, y) => x - y);
      expect(await list(`event=${eventId}`)).toEqual([upcoming.id]);
      expect(await list('has_events=1')).toEqual([upcoming.id, past.id].sort((x, y) => x - y));
      expect(await list('has_events=0')).toEqual([lonely.id]);
      expect(await list('only_with_upcoming=1')).toEqual([upcoming.id]);
      expect(await list('only_with_upcoming=0')).toHaveLength(3);
      expect((await get('/organizers?event=999999').expect(400)).body.data.params).toEqual({ event: 'No event has the id 999999.' });
    });

    it.each([['page=0'], ['per_page=-2'], ['search='], ['status=foo'], ['event=x']])('refuses %s', async (query) => {
      const res = await get(`/organizers?${query}`).expect(400);
      expect(Object.keys(res.body.data.params)).toEqual([query.split('=')[0]]);
    });
  });
});
