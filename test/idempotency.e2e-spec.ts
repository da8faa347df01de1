import { keyHash } from '../src/idempotency/request-fingerprint';
import { TEST_DATABASES } from './support/databases';
import { Body, EventsClient } from './support/events';
import { TestApp, TestUser } from './support/test-app';

const DATES = { start_date: '2030-01-10 10:00:00', end_date: '2030-01-10 12:00:00' };

describe.each(TEST_DATABASES)('Idempotency-Key on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;
  let keyNumber = 0;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
  });
  afterAll(() => t.close());

  const newKey = () => `key-${database.kind}-${++keyNumber}-${Math.random().toString(36).slice(2)}`;
  const create = (path: string, body: Body, key: string | undefined, user: TestUser = c.users.administrator) => {
    const req = t.request.post(t.api(path)).set('Authorization', user.auth);
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body);
  };

  describe.each([
    ['events', (n: number) => ({ title: `Idempotent event ${n}`, ...DATES })],
    ['venues', (n: number) => ({ venue: `Idempotent Hall ${n}`, city: 'Springfield' })],
    ['organizers', (n: number) => ({ organizer: `Idempotent Org ${n}`, email: 'org@example.com' })],
    ['categories', (n: number) => ({ name: `Idempotent Cat ${n}` })],
    ['tags', (n: number) => ({ name: `Idempotent Tag ${n}` })],
  ] as const)('POST /%s', (resource, bodyOf) => {
    const table = resource === 'categories' || resource === 'tags' ? 'terms' : resource;

    it('replays the first response (status, body, Location) for the same key, and creates once', async () => {
      const key = newKey();
      const body = bodyOf(keyNumber);
      const before = await c.count(table);
      const first = await create(`/${resource}`, body, key).expect(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await create(`/${resource}`, body, key).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.text).toBe(first.text);
      expect(again.headers.location).toBe(first.headers.location);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(await c.count(table)).toBe(before + 1);
    });

    it('answers 422 idempotency_key_reused for the same key with another body', async () => {
      const key = newKey();
      const body = bodyOf(keyNumber);
      await create(`/${resource}`, body, key).expect(201);
      const other = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, name === 'start_date' ? value : `${value} 2`]));
      const res = await create(`/${resource}`, other, key).expect(422);
      expect(res.body).toEqual({
        code: 'idempotency_key_reused',
        message: 'The Idempotency-Key was already used with a different request.',
        data: { status: 422 },
      });
    });
  });

  it('takes the same fields in another order as the same request', async () => {
    const key = newKey();
    const first = await create('/tags', { name: 'Ordered', description: 'd' }, key).expect(201);
    const again = await create('/tags', { description: 'd', name: 'Ordered' }, key).expect(201);
    expect(again.body.id).toBe(first.body.id);
  });

  it('takes the route however routing lets it be written (case, a trailing slash) as the same route', async () => {
    const key = newKey();
    const first = await create('/tags', { name: 'Written twice' }, key).expect(201);
    for (const path of ['/tags/', '/TAGS']) {
      const again = await create(path, { name: 'Written twice' }, key).expect(201);
      expect([path, again.body.id, again.headers['idempotent-replayed']]).toEqual([path, first.body.id, 'true']);
    }
  });

  it('takes over a claim abandoned without a response (its process died) after 60 s, whatever the body', async () => {
    const key = newKey();
    await create('/tags', { name: 'Abandoned' }, key).expect(201);
    // What a process that died while it held the claim leaves: a claim without a response.
    await t.dataSource.query(`UPDATE idempotency_keys SET response = NULL, created_at = ? WHERE key_hash = ?`, [
      new Date(Date.now() - 61_000).toISOString().slice(0, 19).replace('T', ' '),
      keyHash(key),
    ]);
    const res = await create('/tags', { name: 'Taken over' }, key).expect(201);
    expect([res.body.name, res.headers['idempotent-replayed']]).toEqual(['Taken over', undefined]);
    // A fresh claim with another body is still refused.
    expect((await create('/tags', { name: 'Taken over again' }, key).expect(422)).body.code).toBe('idempotency_key_reused');
  });

  it('answers 422 for the same key on another route', async () => {
    const key = newKey();
    await create('/venues', { venue: 'Route Hall' }, key).expect(201);
    const res = await create('/organizers', { venue: 'Route Hall' }, key).expect(422);
    expect(res.body.code).toBe('idempotency_key_reused');
  });

  it("keeps keys per user: another user's same key never replays", async () => {
    const key = newKey();
    const body = { title: 'Per user', ...DATES };
    const mine = await create('/events', body, key, c.users.administrator).expect(201);
    const theirs = await create('/events', body, key, c.users.editor).expect(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.author).toBe(String(c.users.editor.id));
  });

  it('creates one item for concurrent requests with one key: the others wait and replay', async () => {
    const key = newKey();
    const before = await c.count('events');
    const body = { title: 'Concurrent', ...DATES, venue: { venue: 'Concurrent Hall' }, categories: ['Concurrent cat'] };
    const responses = await Promise.all(Array.from({ length: 4 }, () => create('/events', body, key)));
    expect(responses.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(responses.map((res) => res.text)).size).toBe(1);
    expect(new Set(responses.map((res) => res.headers.location)).size).toBe(1);
    expect(responses.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await c.count('events')).toBe(before + 1);
  });

  it('answers 422 at once to a concurrent request with another body', async () => {
    const key = newKey();
    const [a, b] = await Promise.all([create('/tags', { name: 'Race A' }, key), create('/tags', { name: 'Race B' }, key)]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
  });

  it('stores only a success: a refused first request releases the key', async () => {
    const key = newKey();
    const invalid = await create('/events', { title: 'Bad dates', start_date: 'soon', end_date: 'later' }, key).expect(400);
    expect(invalid.body.code).toBe('rest_invalid_param');
    await create('/events', { title: 'Bad dates', start_date: 'soon', end_date: 'later' }, key).expect(400);
    const fixed = await create('/events', { title: 'Good dates', ...DATES }, key).expect(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('checks credentials and rights first: 401 and 403 store nothing', async () => {
    const key = newKey();
    await t.request
      .post(t.api('/events'))
      .set('Idempotency-Key', key)
      .send({ title: 'Anon', ...DATES })
      .expect(401);
    await create('/events', { title: 'Sub', ...DATES }, key, c.users.subscriber).expect(403);
    await create('/categories', { name: 'Author cat' }, key, c.users.author).expect(403);
    await create('/events', { title: 'Sub', ...DATES }, key, c.users.subscriber).expect(403);
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
  ])('answers 400 rest_invalid_param naming Idempotency-Key when it is %s', async (_, key) => {
    const res = await create('/tags', { name: `Bad key ${key.length}` }, key).expect(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params)).toEqual(['Idempotency-Key']);
  });

  it('accepts a key of 255 characters, and keys are case-sensitive', async () => {
    const key = `A${'k'.repeat(254)}`;
    const first = await create('/tags', { name: 'Long key' }, key).expect(201);
    const upper = await create('/tags', { name: 'Long key 2' }, key.toLowerCase()).expect(201);
    expect(upper.body.id).not.toBe(first.body.id);
  });

  it('forgets keys after 24 hours: an expired key runs again and is cleaned up', async () => {
    const key = newKey();
    await create('/tags', { name: 'Expiring' }, key).expect(201);
    const rows = (): Promise<{ n: number | string }[]> => t.dataSource.query('SELECT COUNT(*) AS n FROM idempotency_keys');
    const total = Number((await rows())[0].n);
    await t.dataSource.query("UPDATE idempotency_keys SET expires_at = '2000-01-01 00:00:00' WHERE key_hash = ?", [keyHash(key)]);
    const res = await create('/tags', { name: 'Expired, so not reused' }, key).expect(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(Number((await rows())[0].n)).toBeLessThanOrEqual(total);
  });

  it('replays a stored body of any size (over the 64 KiB of a MySQL TEXT)', async () => {
    const key = newKey();
    const paragraph = `<p>${'A long description. '.repeat(3000)}</p>`;
    const body = { title: 'Large', ...DATES, description: paragraph.slice(0, 60_000), excerpt: paragraph.slice(0, 60_000) };
    const first = await create('/events', body, key).expect(201);
    expect(first.text.length).toBeGreaterThan(65_535);
    const again = await create('/events', body, key).expect(201);
    expect(again.text).toBe(first.text);
  });
});
