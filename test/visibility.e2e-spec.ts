import request from 'supertest';
import { Role } from '../src/auth/roles';
import { TEST_DATABASES } from './support/databases';
import { Body, EventsClient } from './support/events';
import { token } from './support/linked-posts';
import { TestApp, TestUser } from './support/test-app';

/** Wide enough for the EventsClient's default dates (2030-01-10). */
const WINDOW = 'start_date=2029-01-01&end_date=2031-12-31';
const UNKNOWN = 999999;
type Kind = 'venue' | 'organizer';
type Resource = 'venues' | 'organizers';
const RESOURCE: Record<Kind, Resource> = { venue: 'venues', organizer: 'organizers' };

/**
 * What callers learn about items they may not read (CONTRACT §2.4): nothing. Others' unpublished
 * (and trashed) events, venues and organizers cannot be linked, are not embedded, are not found by
 * the protected text of a search and are reported like unknown ids by every filter.
 */
describe.each(TEST_DATABASES)('visibility of unpublished and protected items on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;
  const extra = {} as Record<'author2' | 'contributor2', TestUser>;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
    extra.author2 = await t.createUser('author');
    extra.contributor2 = await t.createUser('contributor');
  });
  afterAll(() => t.close());

  type Who = Role | keyof typeof extra | undefined;
  const authOf = (who: Exclude<Who, undefined>) => (who in extra ? extra[who as keyof typeof extra].auth : c.auth(who as Role));
  const get = (path: string, who?: Who) => {
    const req = t.request.get(t.api(path));
    return who ? req.set('Authorization', authOf(who)) : req;
  };
  const send = (method: 'post' | 'patch', path: string, body: Body, who: Exclude<Who, undefined>) =>
    t.request[method](t.api(path)).set('Authorization', authOf(who)).send(body);
  const newEvent = (body: Body, who: Exclude<Who, undefined>) =>
    send('post', '/events', { title: 'Linking', start_date: '2030-01-10 10:00:00', end_date: '2030-01-10 12:00:00', ...body }, who);
  const eventIds = async (query: string, who?: Who): Promise<number[]> => {
    const res = await get(`/events?${query}`, who).expect(200);
    return (res.body.events as { id: number }[]).map((event) => event.id);
  };
  const linkedIds = async (resource: Resource, query: string, who?: Who): Promise<number[]> => {
    const res = await get(`/${resource}?${query}`, who).expect(200);
    return (res.body[resource] as { id: number }[]).map((post) => post.id);
  };
  const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).map((item) => (item as { id: number }).id);

  /** The 400 an unknown id gets, with `id` in its place: what an unreadable id must get too. */
  const asUnknown = (unknown: request.Response, param: string, id: number) => ({
    ...unknown.body,
    data: { ...unknown.body.data, params: { [param]: unknown.body.data.params[param].replace(String(UNKNOWN), String(id)) } },
  });

  describe('the geoloc filter', () => {
    it('never tells where a venue the caller may not read is, and counts it once it may', async () => {
      const [lat, lng] = [12.3456, 67.8912];
      const venue = (
        await send('post', '/venues', { venue: `Hidden ${token()}`, status: 'draft', geo_lat: lat, geo_lng: lng }, 'author2').expect(201)
      ).body as { id: number };
      const event = (await newEvent({ venue: venue.id }, 'author2').expect(201)).body as { id: number };
      const near = `${WINDOW}&geoloc_lat=${lat}&geoloc_lng=${lng}&geoloc_radius=5`;

      for (const who of [undefined, 'subscriber', 'contributor', 'author'] as const) {
        expect(await eventIds(near, who)).not.toContain(event.id);
        expect(await eventIds(`${WINDOW}&geoloc=true&per_page=50&search=Linking`, who)).not.toContain(event.id);
      }
      for (const who of ['author2', 'editor'] as const) expect(await eventIds(near, who)).toContain(event.id);

      await send('post', `/venues/${venue.id}`, { status: 'publish' }, 'author2').expect(200);
      expect(await eventIds(near)).toContain(event.id);

      // A password hides a published venue's coordinates inside events from everyone, its editors
      // included (one rule, issue #12): an event never shows a protected venue's coordinates.
      await send('post', `/venues/${venue.id}`, { password: 'map' }, 'author2').expect(200);
      for (const who of [undefined, 'subscriber', 'author', 'author2', 'editor'] as const) {
        expect(await eventIds(near, who)).not.toContain(event.id);
      }
      expect(await eventIds(`${near}&password=map`)).not.toContain(event.id);
      expect(await eventIds(`${WINDOW}&geoloc_lat=${-lat}&geoloc_lng=${lng}&geoloc_radius=5`)).not.toContain(event.id);
    });
  });

  describe('linking venues and organizers to events', () => {
    it.each(['venue', 'organizer'] as const)("refuses another user's unpublished %s like an unknown id, in every form", async (kind) => {
      const secret = `${token()}@example.com`;
      const details = kind === 'organizer' ? { email: secret } : { address: secret };
      const hidden = await c.createLinked(RESOURCE[kind], { [kind]: `Private ${token()}`, status: 'private', ...details }, 'editor');
      await get(`/${RESOURCE[kind]}/${hidden.id}`, 'contributor').expect(403);
      const unknown = await newEvent({ [kind]: [UNKNOWN] }, 'contributor').expect(400);
      const before = await c.count('events');

      for (const value of [[hidden.id], hidden.id, String(hidden.id), { id: hidden.id }, [{ id: hidden.id }]]) {
        for (const who of ['contributor', 'author', 'subscriber'] as const) {
          const res = await newEvent({ [kind]: value }, who);
          if (who === 'subscriber') {
            expect(res.status).toBe(403);
            continue;
          }
          expect(res.status).toBe(400);
          expect(res.body).toEqual(asUnknown(unknown, kind, hidden.id));
          expect(JSON.stringify(res.body)).not.toContain(secret);
        }
      }
      expect(await c.count('events')).toBe(before);

      // Nor by an update of one's own event.
      const own = (await newEvent({}, 'author').expect(201)).body as { id: number };
      const update = await send('patch', `/events/${own.id}`, { [kind]: [hidden.id] }, 'author').expect(400);
      expect(update.body.data.params).toEqual({ [kind]: unknown.body.data.params[kind].replace(String(UNKNOWN), String(hidden.id)) });
    });

    it.each(['venue', 'organizer'] as const)('refuses another contributor’s draft %s', async (kind) => {
      const draft = await c.createLinked(RESOURCE[kind], { [kind]: `Draft ${token()}` }, 'contributor');
      const res = await newEvent({ [kind]: draft.id }, 'contributor2').expect(400);
      expect(Object.keys(res.body.data.params)).toEqual([kind]);
    });

    it.each(['venue', 'organizer'] as const)(
      'links the %s the caller may read: published ones, own drafts, and all for editors',
      async (kind) => {
        const published = await c.createLinked(RESOURCE[kind], { [kind]: `Public ${token()}` }, 'editor');
        const ownDraft = await c.createLinked(RESOURCE[kind], { [kind]: `Own draft ${token()}` }, 'contributor');
        const mine = await newEvent({ [kind]: [published.id, ownDraft.id] }, 'contributor').expect(201);
        expect(idsOf(mine.body[kind])).toEqual([published.id, ownDraft.id]);
        const theirs = await newEvent({ [kind]: [{ id: ownDraft.id }] }, 'editor').expect(201);
        expect(idsOf(theirs.body[kind])).toEqual([ownDraft.id]);
      },
    );

    it("refuses another user's image that no published post shows like an unknown media id, and keeps a post's own", async () => {
      const url = `https://cdn.example/unreleased-${database.kind}.png`;
      const draft = (await newEvent({ status: 'draft', image: url }, 'author').expect(201)).body as { id: number; image: { id: number } };
      const media = draft.image.id;
      const unknown = await newEvent({ image: UNKNOWN }, 'contributor').expect(400);
      const before = await c.count('events');
      const refused = await newEvent({ image: media }, 'contributor').expect(400);
      expect(refused.body).toEqual(asUnknown(unknown, 'image', media));
      expect(JSON.stringify(refused.body)).not.toContain('unreleased');
      const venue = await send('post', '/venues', { venue: `Poster hall ${database.kind}`, image: media }, 'contributor').expect(400);
      expect(Object.keys(venue.body.data.params as object)).toEqual(['image']);
      expect(await c.count('events')).toBe(before);
      // Its author and editors may use it; anyone, once a published post shows it.
      await newEvent({ image: media }, 'author').expect(201);
      await newEvent({ image: media }, 'editor').expect(201);
      // Published with an empty password (as WordPress stores "none"): open, so it shows its image.
      await send('patch', `/events/${draft.id}`, { status: 'publish' }, 'editor').expect(200);
      await t.sql("UPDATE events SET password = '' WHERE id = ?", [draft.id]);
      expect((await newEvent({ image: media }, 'contributor').expect(201)).body.image.id).toBe(media);
      // A draft whose image an editor set is sent back whole by its contributor: its own image stays.
      const own = (await newEvent({ status: 'draft' }, 'contributor2').expect(201)).body as { id: number };
      const editors = `https://cdn.example/editor-${database.kind}.png`;
      await send('patch', `/events/${own.id}`, { image: editors }, 'editor').expect(200);
      const read = (await get(`/events/${own.id}`, 'contributor2').expect(200)).body as Body;
      await send('patch', `/events/${own.id}`, read, 'contributor2').expect(200);
    });

    it('refuses a post_parent the caller may not read like an unknown event', async () => {
      const draft = (await newEvent({ status: 'draft' }, 'editor').expect(201)).body as { id: number };
      const unknown = await newEvent({ post_parent: UNKNOWN }, 'contributor').expect(400);
      const res = await newEvent({ post_parent: draft.id }, 'contributor').expect(400);
      expect(res.body).toEqual(asUnknown(unknown, 'post_parent', draft.id));
      expect((await newEvent({ post_parent: draft.id }, 'editor').expect(201)).body.post_parent).toBe(draft.id);
    });
  });

  describe('venues and organizers embedded in events', () => {
    const made = {} as Record<'draftVenue' | 'draftOrganizer' | 'publicOrganizer' | 'event', number>;
    let word: string;
    let secret: string;

    beforeAll(async () => {
      word = token();
      secret = `${token()}@example.com`;
      made.draftVenue = (await c.createLinked('venues', { venue: `Draft hall ${word}`, address: '1 Hidden Lane' }, 'contributor')).id;
      made.draftOrganizer = (await c.createLinked('organizers', { organizer: `Draft org ${word}`, email: secret }, 'contributor')).id;
      made.publicOrganizer = (await c.createLinked('organizers', { organizer: `Public org ${word}` }, 'editor')).id;
      made.event = (
        await c.create(
          { title: `Showcase ${word}`, venue: made.draftVenue, organizer: [made.draftOrganizer, made.publicOrganizer] },
          'editor',
        )
      ).id;
    });

    const views = async (who?: Who) => {
      const single = (await get(`/events/${made.event}`, who).expect(200)).body;
      const list = (await get(`/events?${WINDOW}&search=${word}`, who).expect(200)).body.events;
      expect(list.map((event: { id: number }) => event.id)).toEqual([made.event]);
      return [single, list[0]];
    };

    it.each([[undefined], ['subscriber'], ['author'], ['contributor2']] as const)(
      'leaves out for %s the ones it may not read (a venue as [])',
      async (who) => {
        for (const view of await views(who)) {
          expect(view.venue).toEqual([]);
          expect(idsOf(view.organizer)).toEqual([made.publicOrganizer]);
          expect(JSON.stringify(view)).not.toContain(secret);
          expect(JSON.stringify(view)).not.toContain('Hidden Lane');
        }
      },
    );

    it.each([['contributor'], ['editor']] as const)('shows them to %s, who may read them', async (who) => {
      for (const view of await views(who)) {
        expect(view.venue).toMatchObject({ id: made.draftVenue, address: '1 Hidden Lane' });
        expect(idsOf(view.organizer)).toEqual([made.draftOrganizer, made.publicOrganizer]);
      }
    });

    it('does not cost a query per event', async () => {
      const ids = [made.event];
      for (let i = 0; i < 3; i++) {
        ids.push((await c.create({ title: `Showcase ${word}`, venue: made.draftVenue, organizer: [made.draftOrganizer] }, 'editor')).id);
      }
      const one = await c.countQueries(() => get(`/events?${WINDOW}&search=${word}&per_page=1`).expect(200));
      const four = await c.countQueries(() => get(`/events?${WINDOW}&search=${word}&per_page=4`).expect(200));
      expect(four).toBeLessThanOrEqual(one + 1);
    });
  });

  describe('what an editor published and then trashed', () => {
    // WordPress judges a trashed post by the status it had before (_wp_trash_meta_status): a
    // contributor could restore or delete for good their event an editor had published.
    it('is no longer the contributor’s to restore or delete, though it is their own', async () => {
      const event = await c.create({ title: `Published for me ${token()}` }, 'contributor');
      await c.write('patch', `/events/${event.id}`, { status: 'publish' }, 'editor').expect(200);
      await c.write('delete', `/events/${event.id}`, undefined, 'editor').expect(200);
      expect((await c.write('patch', `/events/${event.id}`, { status: 'draft' }, 'contributor').expect(403)).body.code).toBe(
        'rest_forbidden',
      );
      await c.write('delete', `/events/${event.id}?force=true`, undefined, 'contributor').expect(403);
      expect((await c.write('patch', `/events/${event.id}`, { status: 'draft' }, 'editor').expect(200)).body.status).toBe('draft');
      // Restored to a draft, it is the contributor's to change and delete again.
      await c.write('delete', `/events/${event.id}?force=true`, undefined, 'contributor').expect(200);
    });

    it('leaves a contributor their own draft they trashed themselves', async () => {
      const event = await c.create({ title: `My draft ${token()}`, status: 'draft' }, 'contributor');
      await c.write('delete', `/events/${event.id}`, undefined, 'contributor').expect(200);
      expect((await c.write('patch', `/events/${event.id}`, { status: 'draft' }, 'contributor').expect(200)).body.status).toBe('draft');
      await c.write('delete', `/events/${event.id}`, undefined, 'contributor').expect(200);
      await c.write('delete', `/events/${event.id}?force=true`, undefined, 'contributor').expect(200);
    });

    it('holds for the occurrences of a series trashed with it, and for venues and organizers', async () => {
      const series = await c.create(
        {
          title: `Weekly for me ${token()}`,
          // Within the horizon of stored occurrences.
          start_date: '2027-03-01 10:00:00',
          end_date: '2027-03-01 11:00:00',
          recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
        },
        'contributor',
      );
      await c.write('patch', `/events/${series.id}?scope=all`, { status: 'publish' }, 'editor').expect(200);
      await c.write('delete', `/events/${series.id}?scope=all`, undefined, 'editor').expect(200);
      const [occurrence] = await t.dataSource.query('SELECT id, status FROM events WHERE post_parent = ? ORDER BY id LIMIT 1', [series.id]);
      expect(occurrence.status).toBe('trash');
      await c.write('delete', `/events/${occurrence.id}?force=true`, undefined, 'contributor').expect(403);

      for (const kind of ['venue', 'organizer'] as const) {
        const post = await c.createLinked(RESOURCE[kind], { [kind]: `Mine ${token()}` }, 'contributor');
        await c.write('patch', `/${RESOURCE[kind]}/${post.id}`, { status: 'publish' }, 'editor').expect(200);
        await c.write('delete', `/${RESOURCE[kind]}/${post.id}`, undefined, 'editor').expect(200);
        await c.write('patch', `/${RESOURCE[kind]}/${post.id}`, { status: 'pending' }, 'contributor').expect(403);
      }
    });
  });

  describe('search and password-protected content', () => {
    it('matches only the title of a protected event unless the password opens it, whoever asks (issue #12)', async () => {
      const [inTitle, inText] = [token(), token()];
      const locked = await c.create(
        { title: `Locked ${inTitle}`, description: `<p>${inText}</p>`, excerpt: inText, password: 'pw' },
        'author',
      );
      const open = await c.create({ title: 'Open', description: `<p>${inText}</p>` }, 'author');
      const search = (words: string, who?: Who, password = '') =>
        eventIds(`${WINDOW}&search=${encodeURIComponent(words)}${password ? `&password=${password}` : ''}`, who);
      const both = [locked.id, open.id].sort((x, y) => x - y);

      for (const who of [undefined, 'subscriber', 'contributor', 'author2', 'author', 'editor', 'administrator'] as const) {
        expect(await search(inTitle, who)).toEqual([locked.id]);
        expect(await search(inText, who)).toEqual([open.id]);
        expect(await search(`${inTitle} ${inText}`, who)).toEqual([]);
        // Another case is another password (MySQL's collation would say they are equal).
        expect(await search(inText, who, 'PW')).toEqual([open.id]);
        expect(await search(inText, who, 'pw')).toEqual(both);
        expect(await search(`${inTitle} ${inText}`, who, 'pw')).toEqual([locked.id]);
      }
    });

    it('searches the content of a protected draft only with its password, for its contributor too', async () => {
      const inText = token();
      const draft = await c.create({ title: 'Contributor draft', description: inText, password: 'pw' }, 'contributor');
      expect(await eventIds(`${WINDOW}&search=${inText}`, 'contributor')).toEqual([]);
      expect(await eventIds(`${WINDOW}&search=${inText}&password=pw`, 'contributor')).toEqual([draft.id]);
      expect(await eventIds(`${WINDOW}&search=${inText}&status=draft`, 'editor')).toEqual([]);
      expect(await eventIds(`${WINDOW}&search=${inText}&status=draft&password=pw`, 'editor')).toEqual([draft.id]);
      expect(await eventIds(`${WINDOW}&search=${inText}&status=draft&password=pw`, 'contributor2')).toEqual([]);
    });

    it.each(['venue', 'organizer'] as const)(
      'matches nothing of a protected %s, its blanked name included, unless the password opens it, whoever asks (issue #12)',
      async (kind) => {
        const [inName, inText] = [token(), token()];
        const fields = kind === 'venue' ? { city: `${inText}city` } : { email: `${inText}@example.com` };
        const body = { [kind]: `Guarded ${inName}`, description: `<p>${inText}</p>`, phone: `${inText}555`, password: 'pw', ...fields };
        const locked = await c.createLinked(RESOURCE[kind], body, 'author');
        const open = await c.createLinked(RESOURCE[kind], { [kind]: `Open ${token()}`, description: inText }, 'author');
        const search = (words: string, who?: Who, password = '') =>
          linkedIds(RESOURCE[kind], `search=${encodeURIComponent(words)}${password ? `&password=${password}` : ''}`, who);

        for (const who of [undefined, 'subscriber', 'contributor', 'author2', 'author', 'editor'] as const) {
          // The name is blanked as the rest (tec-other-api §2.4): a search must not confirm it word by word.
          expect(await search(inName, who)).toEqual([]);
          expect(await search(`Guarded ${inName}`, who, 'PW')).toEqual([]);
          expect(await search(`Guarded ${inName}`, who, 'pw')).toEqual([locked.id]);
          expect(await search(inText, who)).toEqual([open.id]);
          expect(await search(`${inText}555`, who)).toEqual([]);
          expect(await search(kind === 'venue' ? `${inText}city` : `${inText}@example.com`, who)).toEqual([]);
          expect(await search(`${inText}555`, who, 'PW')).toEqual([]);
          expect((await search(inText, who, 'pw')).sort((x, y) => x - y)).toEqual([locked.id, open.id].sort((x, y) => x - y));
          expect(await search(`${inText}555`, who, 'pw')).toEqual([locked.id]);
        }
      },
    );

    it.each(['events', 'venues', 'organizers'])('%s: trims search, refuses a blank one and one over 200 characters', async (resource) => {
      const query = resource === 'events' ? `${WINDOW}&` : '';
      for (const blank of ['%20', '%20%20%20', '%09']) {
        const res = await get(`/${resource}?${query}search=${blank}`).expect(400);
        expect(res.body.code).toBe('rest_invalid_param');
        expect(Object.keys(res.body.data.params)).toEqual(['search']);
      }
      await get(`/${resource}?${query}search=${'x'.repeat(201)}`).expect(400);
      const padded = await get(`/${resource}?${query}search=%20${'x'.repeat(200)}%20`).expect(200);
      expect(padded.body.rest_url).toContain(`search=${'x'.repeat(200)}&`);
    });
  });

  describe('filters that name items the caller may not read', () => {
    const made = {} as Record<'draft' | 'trashed' | 'published' | 'ownDraft', number>;

    beforeAll(async () => {
      made.draft = (await c.create({ title: 'Draft', status: 'draft' }, 'editor')).id;
      made.trashed = (await c.create({ title: 'Trashed' }, 'editor')).id;
      await c.write('delete', `/events/${made.trashed}`, undefined, 'editor').expect(200);
      made.published = (await c.create({ title: 'Published' }, 'editor')).id;
      made.ownDraft = (await c.create({ title: 'Own draft' }, 'contributor')).id;
    });

    it.each([
      ['/venues?event=', 'event'],
      ['/organizers?event=', 'event'],
      [`/events?${WINDOW}&post_parent=`, 'post_parent'],
      ['/categories?event=', 'event'],
      ['/tags?post=', 'post'],
    ])('%s reports unpublished and trashed events like unknown ones', async (path, param) => {
      const unknown = await get(`${path}${UNKNOWN}`).expect(400);
      for (const id of [made.draft, made.trashed, made.ownDraft]) {
        for (const who of [undefined, 'subscriber', 'author', 'contributor2'] as const) {
          expect((await get(`${path}${id}`, who).expect(400)).body).toEqual(asUnknown(unknown, param, id));
        }
        await get(`${path}${id}`, 'editor').expect(200);
      }
      await get(`${path}${made.ownDraft}`, 'contributor').expect(200);
      await get(`${path}${made.published}`).expect(200);
    });

    it.each(['venue', 'organizer'] as const)(
      "the events list's %s filter reports unpublished and trashed ones like unknown ones",
      async (kind) => {
        const draft = (await c.createLinked(RESOURCE[kind], { [kind]: `Draft ${token()}` }, 'contributor')).id;
        const hidden = (await c.createLinked(RESOURCE[kind], { [kind]: `Private ${token()}`, status: 'private' }, 'editor')).id;
        const trashed = (await c.createLinked(RESOURCE[kind], { [kind]: `Trashed ${token()}` }, 'editor')).id;
        await c.write('delete', `/${RESOURCE[kind]}/${trashed}`, undefined, 'editor').expect(200);
        const published = (await c.createLinked(RESOURCE[kind], { [kind]: `Public ${token()}` }, 'editor')).id;
        const path = `/events?${WINDOW}&${kind}=`;
        const unknown = await get(`${path}${UNKNOWN}`).expect(400);

        for (const id of [draft, hidden, trashed]) {
          for (const who of [undefined, 'subscriber', 'author', 'contributor2'] as const) {
            expect((await get(`${path}${id}`, who).expect(400)).body).toEqual(asUnknown(unknown, kind, id));
          }
          await get(`${path}${id}`, 'editor').expect(200);
        }
        await get(`${path}${draft}`, 'contributor').expect(200);
        await get(`${path}${published}`).expect(200);
        // Several ids: the unreadable one is named, as an unknown one would be.
        const both = await get(`${path}${published},${draft}`).expect(400);
        expect(both.body.data.params[kind]).toBe(unknown.body.data.params[kind].replace(String(UNKNOWN), String(draft)));
      },
    );
  });

  describe('concurrent identical creates', () => {
    it.each(['venue', 'organizer'] as const)('8 parallel identical %s creates give one row and 8 × 201 with its id', async (kind) => {
      const name = `Rush ${token()}`;
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.request
            .post(t.api(`/${RESOURCE[kind]}`))
            .set('Authorization', c.auth('editor'))
            .send({ [kind]: name, description: 'Same place' }),
        ),
      );
      expect(responses.map((res) => res.status)).toEqual(Array(8).fill(201));
      expect(new Set(responses.map((res) => res.body.id)).size).toBe(1);
      const rows: { n: number | string }[] = await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${RESOURCE[kind]} WHERE name = ?`, [name]);
      expect(Number(rows[0].n)).toBe(1);
    });

    it.each(['venue', 'organizer'] as const)(
      '8 parallel %s creates of names that share a slug all succeed, each with its slug',
      async (kind) => {
        const base = `Slug ${token()}`;
        const responses = await Promise.all(
          [...'!?.,;:*+'].map((mark) =>
            t.request
              .post(t.api(`/${RESOURCE[kind]}`))
              .set('Authorization', c.auth('editor'))
              .send({ [kind]: `${base}${mark}` }),
          ),
        );
        expect(responses.map((res) => res.status)).toEqual(Array(8).fill(201));
        expect(new Set(responses.map((res) => res.body.id)).size).toBe(8);
        expect(new Set(responses.map((res) => res.body.slug)).size).toBe(8);
      },
    );

    it('8 parallel event creates with the same new venue and organizer share one of each', async () => {
      const [venue, organizer] = [`Shared hall ${token()}`, `Shared org ${token()}`];
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) => newEvent({ title: `Rush ${i}`, venue: { venue }, organizer: [{ organizer }] }, 'editor')),
      );
      expect(responses.map((res) => res.status)).toEqual(Array(8).fill(201));
      expect(new Set(responses.map((res) => res.body.venue.id)).size).toBe(1);
      expect(new Set(responses.map((res) => res.body.organizer[0].id)).size).toBe(1);
      for (const [table, name] of [
        ['venues', venue],
        ['organizers', organizer],
      ]) {
        const rows: { n: number | string }[] = await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table} WHERE name = ?`, [name]);
        expect(Number(rows[0].n)).toBe(1);
      }
    });
  });

  describe('one input rule for HTML and URLs', () => {
    it.each(['events', 'venues', 'organizers'] as const)('%s store descriptions in NFC', async (resource) => {
      const decomposed = 'Cafe\u0301 <b>cre\u0300me</b>';
      const body =
        resource === 'events'
          ? { title: `NFC ${token()}`, start_date: '2030-01-10 10:00:00', end_date: '2030-01-10 12:00:00' }
          : { [resource === 'venues' ? 'venue' : 'organizer']: `NFC ${token()}` };
      const res = await send('post', `/${resource}`, { ...body, description: decomposed }, 'editor').expect(201);
      expect(res.body.description).toBe('Café <b>crème</b>');
    });

    it.each(['events', 'venues', 'organizers'] as const)('%s judge website URLs alike', async (resource) => {
      const body = () =>
        resource === 'events'
          ? { title: `URL ${token()}`, start_date: '2030-01-10 10:00:00', end_date: '2030-01-10 12:00:00' }
          : { [resource === 'venues' ? 'venue' : 'organizer']: `URL ${token()}` };
      for (const website of ['https://example.com/a?b=1&c=2', 'http://localhost:8080/x', 'https://xn--caf-dma.test/']) {
        const res = await send('post', `/${resource}`, { ...body(), website }, 'editor').expect(201);
        expect(res.body.website).toBe(website);
      }
      const refused = [
        'ftp://example.com',
        'javascript:alert(1)',
        'example.com',
        'http:example.com',
        'https:\\\\evil.test',
        'http://',
        'http://exa mple.com',
      ];
      for (const website of refused) {
        const res = await send('post', `/${resource}`, { ...body(), website }, 'editor').expect(400);
        expect(res.body.data.params).toEqual({ website: 'Must be an http(s) URL.' });
      }
    });
  });
});
