import { createHash } from 'node:crypto';
import type { Response } from 'supertest';
import { TEST_DATABASES } from './support/databases';
import { Body, EventsClient } from './support/events';
import { TestApp } from './support/test-app';

const DATES = { start_date: '2030-01-10 10:00:00', end_date: '2030-01-10 12:00:00' };
const STRONG_ETAG = /^"[A-Za-z0-9_-]{43}"$/;

/** The tag the service promises: SHA-256 of the exact bytes of the body. */
function tagOf(res: Response): string {
  return `"${createHash('sha256').update(res.text).digest('base64url')}"`;
}

describe.each(TEST_DATABASES)('conditional requests on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;
  let venue: { id: number; slug: string };
  let organizer: { id: number; slug: string };
  let category: { id: number; slug: string };
  let tag: { id: number; slug: string };
  let event: { id: number; slug: string };

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
    venue = (await c.createLinked('venues', { venue: 'Etag Hall', city: 'Springfield' })) as typeof venue;
    organizer = (await c.createLinked('organizers', { organizer: 'Etag Org' })) as typeof organizer;
    category = await c.createTerm('categories', { name: 'Etag Cat' });
    tag = await c.createTerm('tags', { name: 'Etag Tag' });
    event = await c.create({
      title: 'Etag event',
      ...DATES,
      venue: venue.id,
      organizer: organizer.id,
      categories: [category.id],
      tags: [tag.id],
    });
  });
  afterAll(() => t.close());

  const admin = () => c.auth('administrator');
  const get = (path: string, headers: Record<string, string> = {}) => t.request.get(t.api(path)).set(headers);
  const etagOf = async (path: string, auth?: string) => {
    const res = await get(path, auth ? { Authorization: auth } : {}).expect(200);
    return res.headers.etag;
  };

  describe('single reads', () => {
    it('carry a strong ETag, the hash of the exact body, by id and by slug alike', async () => {
      const paths = [
        [`/events/${event.id}`, `/events/by-slug/${event.slug}`],
        [`/venues/${venue.id}`, `/venues/by-slug/${venue.slug}`],
        [`/organizers/${organizer.id}`, `/organizers/by-slug/${organizer.slug}`],
        [`/categories/${category.id}`],
        [`/tags/${tag.id}`],
      ];
      for (const group of paths) {
        const tags = [];
        for (const path of group) {
          const res = await get(path).expect(200);
          expect(res.headers.etag).toMatch(STRONG_ETAG);
          expect(res.headers.etag).toBe(tagOf(res));
          // Sent as the JSON text the tag was computed from, typed as any JSON answer.
          expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
          expect(res.text).toBe(JSON.stringify(res.body));
          tags.push(res.headers.etag);
        }
        expect(new Set(tags).size).toBe(1);
      }
    });

    it('answer 304 with no body when If-None-Match matches (a listed tag, its weak form or *)', async () => {
      const path = `/events/${event.id}`;
      const current = await etagOf(path);
      for (const header of [current, `"other", ${current}`, `W/${current}`, '*']) {
        const res = await get(path, { 'If-None-Match': header }).expect(304);
        expect(res.text).toBe('');
        expect(res.headers['content-type']).toBeUndefined();
        expect(res.headers.etag).toBe(current);
      }
    });

    it('answer HEAD with the headers of GET and no body, and 304 when If-None-Match matches', async () => {
      for (const path of [`/events/${event.id}`, `/events/by-slug/${event.slug}`, `/venues/${venue.id}`]) {
        const full = await get(path).expect(200);
        const head = await t.request.head(t.api(path)).expect(200);
        expect(head.text).toBeUndefined();
        for (const name of ['etag', 'content-type', 'content-length']) expect(head.headers[name]).toBe(full.headers[name]);
        const fresh = await t.request.head(t.api(path)).set('If-None-Match', full.headers.etag).expect(304);
        expect(fresh.headers.etag).toBe(full.headers.etag);
      }
    });

    it('answer 412 to a GET or HEAD whose If-Match is false, 200 when it holds (RFC 9110 §13.1.1)', async () => {
      const path = `/events/${event.id}`;
      const current = await etagOf(path);
      for (const header of ['"stale"', `W/${current}`]) {
        const res = await get(path, { 'If-Match': header }).expect(412);
        expect(res.body.code).toBe('rest_precondition_failed');
        await t.request.head(t.api(path)).set('If-Match', header).expect(412);
      }
      for (const header of [current, `"other", ${current}`, '*'])
        expect((await get(path, { 'If-Match': header }).expect(200)).headers.etag).toBe(current);
      // If-Match holds, then If-None-Match decides.
      await get(path, { 'If-Match': current, 'If-None-Match': current }).expect(304);
    });

    it('answer 200 with the body when If-None-Match does not match', async () => {
      const res = await get(`/venues/${venue.id}`, { 'If-None-Match': '"stale"' }).expect(200);
      expect(res.body.id).toBe(venue.id);
    });

    it("are per caller: who sees another body gets another tag (an author's draft venue of an event)", async () => {
      const draft = await c.createLinked('venues', { venue: 'Draft Hall', address: '1 Draft Way', status: 'draft' }, 'author');
      const linked = await c.create({ title: 'With a draft venue', ...DATES, venue: draft.id }, 'author');
      const anonymous = await get(`/events/${linked.id}`).expect(200);
      const author = await get(`/events/${linked.id}`, { Authorization: c.auth('author') }).expect(200);
      expect(anonymous.body.venue).toEqual([]);
      expect(author.body.venue.address).toBe('1 Draft Way');
      expect(anonymous.headers.etag).not.toBe(author.headers.etag);
      await get(`/events/${linked.id}`, { 'If-None-Match': author.headers.etag }).expect(200);
    });

    it('are the same for everyone who sees a password-protected venue of an event blanked, editors included', async () => {
      const secret = await c.createLinked('venues', { venue: 'Secret Hall', address: '1 Hidden Way', password: 'sesame' });
      const linked = await c.create({ title: 'With a secret venue', ...DATES, venue: secret.id });
      const anonymous = await get(`/events/${linked.id}`).expect(200);
      const editor = await get(`/events/${linked.id}`, { Authorization: admin() }).expect(200);
      expect(editor.body.venue).toMatchObject({ venue: [], address: '' });
      expect(editor.text).toBe(anonymous.text);
      expect(editor.headers.etag).toBe(anonymous.headers.etag);
    });

    it('change when a linked venue, organizer, category or tag changes', async () => {
      const path = `/events/${event.id}`;
      let previous = await etagOf(path);
      for (const [route, body] of [
        [`/venues/${venue.id}`, { city: 'Shelbyville' }],
        [`/organizers/${organizer.id}`, { phone: '555-0100' }],
        [`/categories/${category.id}`, { name: 'Etag Category' }],
        [`/tags/${tag.id}`, { description: 'Now described' }],
      ] as const) {
        await c.write('patch', route, body, 'administrator').expect(200);
        const next = await etagOf(path);
        expect(next).not.toBe(previous);
        await get(path, { 'If-None-Match': previous }).expect(200);
        previous = next;
      }
    });

    it('leave lists without a strong ETag', async () => {
      for (const path of ['/events', '/venues', '/organizers', '/categories', '/tags']) {
        const res = await get(path).expect(200);
        if (res.headers.etag !== undefined) expect(res.headers.etag).toMatch(/^W\//);
      }
    });
  });

  describe('If-Match on writes', () => {
    it('updates with the current tag, and the next write needs the new tag', async () => {
      const path = `/events/${event.id}`;
      const current = await etagOf(path, admin());
      await c.write('patch', path, { excerpt: 'First' }, 'administrator').set('If-Match', current).expect(200);
      const stale = await c.write('patch', path, { excerpt: 'Second' }, 'administrator').set('If-Match', current).expect(412);
      expect(stale.body).toEqual({
        code: 'rest_precondition_failed',
        message: 'The resource has changed since it was read.',
        data: { status: 412 },
      });
      expect((await get(path).expect(200)).body.excerpt).toBe('First');
      await c
        .write('patch', path, { excerpt: 'Second' }, 'administrator')
        .set('If-Match', await etagOf(path, admin()))
        .expect(200);
    });

    it("takes the tag of the GET with the same _fields: that is the target URI's representation", async () => {
      const path = `/venues/${venue.id}?_fields=id,venue`;
      const filtered = await etagOf(path, admin());
      expect(filtered).not.toBe(await etagOf(`/venues/${venue.id}`, admin()));
      const res = await c.write('post', path, { phone: '3' }, 'administrator').set('If-Match', filtered).expect(200);
      expect(Object.keys(res.body)).toEqual(['id', 'venue']);
      // The filtered tag stays the same (phone is not in it); another filter's tag is stale.
      await c.write('post', path, { phone: '4' }, 'administrator').set('If-Match', filtered).expect(200);
      await c.write('post', `/venues/${venue.id}`, { phone: '5' }, 'administrator').set('If-Match', filtered).expect(412);
    });

    it('refuses a stale tag after a linked venue changed', async () => {
      const path = `/events/${event.id}`;
      const before = await etagOf(path, admin());
      await c.write('patch', `/venues/${venue.id}`, { zip: '12345' }, 'administrator').expect(200);
      await c.write('put', path, { featured: true }, 'administrator').set('If-Match', before).expect(412);
    });

    it('accepts the tag among several, and * for any existing item', async () => {
      const path = `/venues/${venue.id}`;
      const current = await etagOf(path, admin());
      await c.write('post', path, { phone: '1' }, 'administrator').set('If-Match', `"nope", ${current}`).expect(200);
      await c.write('post', path, { phone: '2' }, 'administrator').set('If-Match', '*').expect(200);
    });

    it.each([
      ['an unknown tag', () => '"unknown"'],
      ['the weak form of the current tag (If-Match compares strongly)', (current: string) => `W/${current}`],
      ['the current tag without its quotes', (current: string) => current.slice(1, -1)],
      ['an empty value', () => ''],
    ])('answers 412 to %s', async (_, header) => {
      const path = `/organizers/${organizer.id}`;
      const current = await etagOf(path, admin());
      await c.write('patch', path, { phone: '3' }, 'administrator').set('If-Match', header(current)).expect(412);
    });

    it('guards every single-item write of every resource, by id and by slug', async () => {
      const targets: [string, string, Body][] = [];
      const e = await c.create({ title: 'Guarded event', ...DATES });
      const v = await c.createLinked('venues', { venue: 'Guarded Hall' });
      const o = await c.createLinked('organizers', { organizer: 'Guarded Org' });
      const cat = await c.createTerm('categories', { name: 'Guarded Cat' });
      const tg = await c.createTerm('tags', { name: 'Guarded Tag' });
      const slugOf = async (path: string) => ((await get(path, { Authorization: admin() }).expect(200)).body as { slug: string }).slug;
      for (const [resource, id, body] of [
        ['events', e.id, { excerpt: 'x' }],
        ['venues', v.id, { phone: '9' }],
        ['organizers', o.id, { phone: '9' }],
      ] as const) {
        const slug = await slugOf(`/${resource}/${id}`);
        for (const base of [`/${resource}/${id}`, `/${resource}/by-slug/${slug}`]) {
          for (const method of ['post', 'put', 'patch', 'delete']) targets.push([method, base, body]);
        }
      }
      for (const [resource, id] of [
        ['categories', cat.id],
        ['tags', tg.id],
      ] as const) {
        for (const method of ['post', 'put', 'patch', 'delete']) targets.push([method, `/${resource}/${id}`, { description: 'x' }]);
      }
      for (const [method, path, body] of targets) {
        const res = await c
          .write(method as 'post', path, method === 'delete' ? undefined : body, 'administrator')
          .set('If-Match', '"stale"');
        expect([method, path, res.status, res.body.code]).toEqual([method, path, 412, 'rest_precondition_failed']);
      }
      // Nothing was changed: every item is still there, untouched.
      expect((await get(`/events/${e.id}`).expect(200)).body.excerpt).toBe('');
      await get(`/categories/${cat.id}`).expect(200);
    });

    it('deletes with the current tag; a trashed event has no current tag but * still matches (then 410)', async () => {
      const doomed = await c.create({ title: 'Doomed', ...DATES });
      const path = `/events/${doomed.id}`;
      const current = await etagOf(path);
      const res = await c.write('delete', path, undefined, 'administrator').set('If-Match', current).expect(200);
      expect(res.body.status).toBe('trash');
      await c.write('delete', path, undefined, 'administrator').set('If-Match', current).expect(412);
      const again = await c.write('delete', path, undefined, 'administrator').set('If-Match', '*').expect(410);
      expect(again.body.code).toBe('event-is-in-trash');
    });

    it('keeps the order of checks: 401, 403, 404, 403 on the object, then 412, then 400', async () => {
      const own = await c.create({ title: 'Order of checks', ...DATES, status: 'draft' }, 'contributor');
      const others = await c.create({ title: 'Not yours', ...DATES });
      const stale = { 'If-Match': '"stale"' };
      await t.request
        .patch(t.api(`/events/${own.id}`))
        .set(stale)
        .send({ end_date: 'soon' })
        .expect(401);
      await c.write('patch', `/events/${own.id}`, { end_date: 'soon' }, 'subscriber').set(stale).expect(403);
      const unknown = await c.write('patch', '/events/999999', { end_date: 'soon' }, 'administrator').set(stale).expect(404);
      expect(unknown.body.code).toBe('rest-event-not-found');
      const notYours = await c.write('patch', `/events/${others.id}`, { end_date: 'soon' }, 'contributor').set(stale).expect(403);
      expect(notYours.body.code).toBe('rest_forbidden');
      await c.write('patch', `/events/${own.id}`, { end_date: 'soon' }, 'contributor').set(stale).expect(412);
      const current = await etagOf(`/events/${own.id}`, c.auth('contributor'));
      const invalid = await c.write('patch', `/events/${own.id}`, { end_date: 'soon' }, 'contributor').set('If-Match', current).expect(400);
      expect(invalid.body.code).toBe('rest_invalid_param');
    });

    it.each([
      ['an event', () => `/events/${event.id}`, 'excerpt'],
      ['a venue', () => `/venues/${venue.id}`, 'phone'],
      ['a category', () => `/categories/${category.id}`, 'description'],
    ])('lets only one of concurrent writers holding the same tag of %s through; the others get 412', async (_kind, pathOf, field) => {
      const path = pathOf();
      const bodyOf = (i: number) => ({ [field]: `Racer ${i}` });
      const current = await etagOf(path, admin());
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) => c.write('patch', path, bodyOf(i), 'administrator').set('If-Match', current)),
      );
      const statuses = responses.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 412, 412, 412, 412, 412]);
      for (const res of responses.filter((r) => r.status === 412)) expect(res.body.code).toBe('rest_precondition_failed');
      // What the winner wrote is what is there now.
      const winner = responses.find((res) => res.status === 200)!;
      const now = await get(path, { Authorization: admin() }).expect(200);
      expect(now.body[field]).toBe(winner.body[field]);
      expect(String(now.body[field])).toMatch(/Racer \d/);
    });

    describe('on password-protected items (the tag of what a GET with the right password gives)', () => {
      it('updates an event with the tag of a GET with its password, without sending the password again', async () => {
        const locked = await c.create({ title: 'Locked etag', ...DATES, password: 'pw' });
        const path = `/events/${locked.id}`;
        // No password, no tag: the GET is refused, editors included.
        await get(path, { Authorization: admin() }).expect(403);
        await c.write('patch', path, { excerpt: 'blind' }, 'administrator').set('If-Match', '"guess"').expect(412);
        const current = await etagOf(`${path}?password=pw`, admin());
        expect(current).toBe(await etagOf(`${path}?password=pw`));
        await c.write('patch', path, { excerpt: 'First' }, 'administrator').set('If-Match', current).expect(200);
        await c.write('patch', path, { excerpt: 'Second' }, 'administrator').set('If-Match', current).expect(412);
        // A write that changes the password is compared with the tag read with the old one.
        const next = await etagOf(`${path}?password=pw`, admin());
        const changed = await c.write('patch', path, { password: 'new' }, 'administrator').set('If-Match', next).expect(200);
        expect(changed.body.excerpt).toBe('First');
        await get(`${path}?password=pw`).expect(403);
        await c
          .write('delete', path, undefined, 'administrator')
          .set('If-Match', await etagOf(`${path}?password=new`))
          .expect(200);
      });

      it.each(['venues', 'organizers'] as const)(
        'guards %s with the tag of the unblanked read, never the blanked one',
        async (resource) => {
          const name = resource === 'venues' ? { venue: `Locked ${resource}` } : { organizer: `Locked ${resource}` };
          const post = await c.createLinked(resource, { ...name, phone: '1', password: 'pw' });
          const path = `/${resource}/${post.id}`;
          const blanked = await etagOf(path, admin());
          await c.write('patch', path, { phone: '2' }, 'administrator').set('If-Match', blanked).expect(412);
          const current = await etagOf(`${path}?password=pw`, admin());
          expect(current).not.toBe(blanked);
          const res = await c.write('patch', path, { phone: '2' }, 'administrator').set('If-Match', current).expect(200);
          expect(res.body.phone).toBe('2');
          await c.write('patch', path, { phone: '3' }, 'administrator').set('If-Match', current).expect(412);
        },
      );
    });

    it('is not needed: writes without If-Match work as before', async () => {
      await c.write('patch', `/tags/${tag.id}`, { description: 'No precondition' }, 'administrator').expect(200);
    });

    it('refuses a write whose If-None-Match matches the item (* or its current tag) with 412, changing nothing', async () => {
      const path = `/tags/${tag.id}`;
      const before = await get(path).expect(200);
      for (const header of ['*', before.headers.etag, `"other", W/${before.headers.etag}`]) {
        const res = await c.write('patch', path, { description: 'Not written' }, 'administrator').set('If-None-Match', header).expect(412);
        expect(res.body.code).toBe('rest_precondition_failed');
      }
      await c.write('delete', path, undefined, 'administrator').set('If-None-Match', '*').expect(412);
      expect((await get(path).expect(200)).body).toEqual(before.body);
      // A tag that is not the current one: the condition holds.
      await c.write('patch', path, { description: 'Written' }, 'administrator').set('If-None-Match', '"other"').expect(200);
    });

    it('answers writes (create, update, delete) without an ETag: their bodies are not a GET of the item', async () => {
      const created = await t.request.post(t.api('/tags')).set('Authorization', admin()).send({ name: 'Tagless write' }).expect(201);
      const updated = await c.write('patch', `/tags/${created.body.id}`, { description: 'Changed' }, 'administrator').expect(200);
      const refused = await c.write('patch', `/tags/${created.body.id}`, { name: '' }, 'administrator').expect(400);
      const deleted = await c.write('delete', `/tags/${created.body.id}`, undefined, 'administrator').expect(200);
      for (const res of [created, updated, refused, deleted]) expect(res.headers.etag).toBeUndefined();
      // GETs keep theirs: the strong tag of a single read, Express's weak one of a list.
      expect(await etagOf(`/tags/${tag.id}`)).toMatch(/^"/);
      expect((await get('/tags').expect(200)).headers.etag).toMatch(/^W\//);
    });
  });

  describe('with a small connection pool', () => {
    let small: TestApp;
    let client: EventsClient;
    afterAll(() => small?.close());

    // The second check reads through the write's own transaction: with its own connections, writes
    // holding theirs would wait for the pool forever (MySQL; SQLite has one connection anyway).
    it('answers more concurrent conditional writes than the pool has connections', async () => {
      small = await TestApp.start(database, { DATABASE_POOL_SIZE: '2' });
      client = await EventsClient.start(small);
      const paths: string[] = [];
      for (let i = 0; i < 3; i++) {
        const hall = await client.createLinked('venues', { venue: `Pool Hall ${i}`, image: `https://img.test/pool-${i}.png` });
        paths.push(`/venues/${hall.id}`);
        // Its event is at another venue: a write to this one would change the event's body too.
        const other = await client.createLinked('venues', { venue: `Pool Stage ${i}`, image: `https://img.test/stage-${i}.png` });
        paths.push(`/events/${(await client.create({ title: `Pool event ${i}`, ...DATES, venue: other.id })).id}`);
      }
      const auth = client.auth('administrator');
      const tags = await Promise.all(
        paths.map(async (path) => (await small.request.get(small.api(path)).set('Authorization', auth).expect(200)).headers.etag),
      );
      const responses = await Promise.all(
        paths.map((path, i) =>
          client
            .write('patch', path, path.startsWith('/venues') ? { phone: '1' } : { excerpt: 'Pool' }, 'administrator')
            .set('If-Match', tags[i]),
        ),
      );
      expect(responses.map((res) => res.status)).toEqual(paths.map(() => 200));
    }, 30_000);
  });

  describe('documentation', () => {
    type Operation = { parameters: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> };
    it('documents If-None-Match, If-Match, ETag, 304 and 412 on single reads, If-Match, If-None-Match and 412 on single writes, Idempotency-Key and 422 on creates', async () => {
      const doc = (await get('/doc').expect(200)).body as { paths: Record<string, Record<string, Operation>> };
      const headers = (operation: Operation) => operation.parameters.filter((p) => p.in === 'header').map((p) => p.name);
      for (const path of [
        '/events/{id}',
        '/events/by-slug/{slug}',
        '/venues/{id}',
        '/organizers/by-slug/{slug}',
        '/categories/{id}',
        '/tags/{id}',
      ]) {
        const item = doc.paths[path];
        expect(headers(item.get)).toEqual(['If-None-Match', 'If-Match']);
        expect(Object.keys(item.get.responses)).toEqual(expect.arrayContaining(['200', '304', '412']));
        expect(Object.keys(item.get.responses['200'].headers ?? {})).toEqual(['ETag']);
        for (const method of ['post', 'put', 'patch', 'delete']) {
          expect(headers(item[method])).toEqual(['If-Match', 'If-None-Match']);
          expect(Object.keys(item[method].responses)).toContain('412');
        }
      }
      for (const path of ['/events', '/venues', '/organizers', '/categories', '/tags']) {
        expect(headers(doc.paths[path].post)).toEqual(['Idempotency-Key']);
        expect(Object.keys(doc.paths[path].post.responses)).toContain('422');
        expect(headers(doc.paths[path].get)).toEqual([]);
      }
    });
  });
});
