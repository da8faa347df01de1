import { TEST_DATABASES } from './support/databases';
import { TestApp, TestUser } from './support/test-app';

jest.setTimeout(60_000);

type Write = { method: 'post' | 'patch' | 'delete'; path: string; body?: object; expect: number[] };

// Writers racing for the same slug must all succeed, each with its own slug (CONTRACT §8); writers
// racing on shared terms must leave every count right.
describe.each(TEST_DATABASES)('bursts of concurrent writes on $kind', (database) => {
  let t: TestApp;
  let editor: TestUser;

  beforeAll(async () => {
    t = await TestApp.start(database);
    editor = await t.createUser('editor');
  });
  afterAll(() => t.close());

  it('answers 201 to 32 concurrent event creates and gives each a distinct slug', async () => {
    const body = { title: 'Burst night', start_date: '2031-03-01 19:00:00', end_date: '2031-03-01 22:00:00', timezone: 'Europe/Berlin' };
    const responses = await Promise.all(
      Array.from({ length: 32 }, () => t.request.post(t.api('/events')).set('Authorization', editor.auth).send(body)),
    );
    expect(responses.map((res) => res.status)).toEqual(Array.from({ length: 32 }, () => 201));
    const slugs = responses.map((res) => res.body.slug as string);
    expect(new Set(slugs).size).toBe(32);
    expect(slugs).toContain('burst-night');
  });

  it('answers 201 to 16 concurrent venue creates with names sharing one slug', async () => {
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        t.request
          .post(t.api('/venues'))
          .set('Authorization', editor.auth)
          .send({ venue: `Burst Hall${'!'.repeat(i + 1)}` }),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array.from({ length: 16 }, () => 201));
    expect(new Set(responses.map((res) => res.body.slug)).size).toBe(16);
  });

  // terms.count is maintained by deltas (issue #7): racing writers of one event must each see what
  // the previous one left (the row lock on MySQL), and every kind of write must move the counts.
  const send = (write: Write) => {
    const req = t.request[write.method](t.api(write.path)).set('Authorization', editor.auth);
    return write.body ? req.send(write.body) : req;
  };

  const createTerm = async (resource: 'categories' | 'tags', name: string): Promise<number> => {
    const res = await send({ method: 'post', path: `/${resource}`, body: { name }, expect: [201] });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  /** Per term: its stored count and the published events linked to it, counted now. */
  const counts = async () => {
    const rows: { id: number | string; count: number | string; expected: number | string }[] = await t.dataSource.query(
      `SELECT t.id AS id, t.count AS count, (
         SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id
         WHERE et.term_id = t.id AND e.status = 'publish'
       ) AS expected FROM terms t ORDER BY t.id`,
    );
    return {
      stored: rows.map((row) => [Number(row.id), Number(row.count)]),
      recounted: rows.map((row) => [Number(row.id), Number(row.expected)]),
    };
  };

  it('keeps every term count equal to a recount through racing creates, updates and deletes', async () => {
    const cats = [
      await createTerm('categories', 'Racing jazz'),
      await createTerm('categories', 'Racing folk'),
      await createTerm('categories', 'Racing blues'),
    ];
    const tags = [
      await createTerm('tags', 'racing-free'),
      await createTerm('tags', 'racing-outdoor'),
      await createTerm('tags', 'racing-kids'),
    ];
    const dates = { start_date: '2031-04-01 19:00:00', end_date: '2031-04-01 22:00:00' };
    const termsOf = (i: number) => ({ categories: [cats[i % 3]], tags: [tags[i % 3], tags[(i + 1) % 3]] });

    for (let round = 0; round < 3; round++) {
      const seeded: number[] = [];
      for (let i = 0; i < 14; i++) {
        const res = await send({
          method: 'post',
          path: '/events',
          body: { title: `Racing ${round}-${i}`, ...dates, status: i % 2 ? 'draft' : 'publish', ...termsOf(i) },
          expect: [201],
        });
        expect(res.status).toBe(201);
        seeded.push(res.body.id as number);
      }
      const event = (i: number) => `/events/${seeded[i]}`;
      const writes: Write[] = [
        // Creates, published and draft, some naming a term that does not exist yet.
        ...Array.from({ length: 8 }, (_, i): Write => ({
          method: 'post',
          path: '/events',
          body: {
            title: `Racing new ${round}`,
            ...dates,
            status: i % 2 ? 'draft' : 'publish',
            ...termsOf(i),
            tags: i % 3 ? [tags[i % 3]] : [`racing-new-${round}`],
          },
          expect: [201],
        })),
        // Status flips and term changes of distinct events.
        { method: 'patch', path: event(2), body: { status: 'draft' }, expect: [200] },
        { method: 'patch', path: event(3), body: { status: 'publish' }, expect: [200] },
        { method: 'patch', path: event(4), body: { categories: [cats[1], cats[2]], tags: [] }, expect: [200] },
        { method: 'patch', path: event(5), body: { status: 'publish', tags: [tags[0]] }, expect: [200] },
        { method: 'patch', path: event(6), body: { status: 'pending', categories: [cats[0]] }, expect: [200] },
        // To the trash, published and draft, and twice at once: one 200, one 410.
        { method: 'delete', path: event(7), expect: [200] },
        { method: 'delete', path: event(8), expect: [200, 410] },
        { method: 'delete', path: event(8), expect: [200, 410] },
        // Hard deletes, one of them racing an update of the same event.
        { method: 'delete', path: `${event(9)}?force=true`, expect: [200] },
        { method: 'delete', path: `${event(10)}?force=true`, expect: [200] },
        { method: 'patch', path: event(10), body: { status: 'draft', categories: [cats[1]] }, expect: [200, 404] },
        // One event flipped between publish and draft and relinked by many writers at once.
        ...Array.from({ length: 10 }, (_, i): Write => ({
          method: 'patch',
          path: event(0),
          body: { status: i % 2 ? 'draft' : 'publish', ...(i % 3 ? {} : termsOf(i + 1)) },
          expect: [200],
        })),
        ...Array.from({ length: 8 }, (_, i): Write => ({
          method: 'patch',
          path: event(1),
          body: i % 2 ? { status: 'publish' } : { status: 'draft', categories: [cats[i % 3]] },
          expect: [200],
        })),
        // Another one trashed and restored while it is being updated.
        { method: 'delete', path: event(11), expect: [200, 410] },
        { method: 'patch', path: event(11), body: { status: 'publish' }, expect: [200] },
        { method: 'delete', path: event(11), expect: [200, 410] },
        { method: 'patch', path: event(11), body: { tags: [tags[2]] }, expect: [200] },
      ];

      const responses = await Promise.all(writes.map((write) => send(write)));
      const unexpected = responses
        .map((res, i) => ({ write: writes[i], status: res.status, body: res.body as unknown }))
        .filter(({ write, status }) => !write.expect.includes(status));
      expect(unexpected).toEqual([]);
      expect(responses.filter((res, i) => writes[i].path === event(8) && res.status === 200)).toHaveLength(1);

      const { stored, recounted } = await counts();
      expect(stored).toEqual(recounted);
      expect(recounted.some(([, count]) => count > 0)).toBe(true);
    }
  });

  // The parent checks of category writes used to read a snapshot (MySQL/MariaDB): a child created
  // while its parent was deleted kept the deleted id as its parent, and two moves "X under Y" and
  // "Y under X" both passed the cycle check. Each write now locks the rows it checks.
  it('never leaves a category under a deleted parent, nor a cycle, when creates, moves and deletes race', async () => {
    const statuses: number[] = [];
    const raced = async (writes: Write[]) => {
      for (const res of await Promise.all(writes.map((write) => send(write)))) statuses.push(res.status);
    };
    for (let round = 0; round < 12; round++) {
      const parent = await createTerm('categories', `Doomed parent ${round}`);
      await raced([
        { method: 'delete', path: `/categories/${parent}`, expect: [200] },
        { method: 'post', path: '/categories', body: { name: `Orphan ${round}`, parent }, expect: [201, 400] },
      ]);
      const x = await createTerm('categories', `Cycle X ${round}`);
      const y = await createTerm('categories', `Cycle Y ${round}`);
      await raced([
        { method: 'patch', path: `/categories/${x}`, body: { parent: y }, expect: [200, 400] },
        { method: 'patch', path: `/categories/${y}`, body: { parent: x }, expect: [200, 400] },
      ]);
    }
    expect(statuses.filter((status) => ![200, 201, 400].includes(status))).toEqual([]);

    const rows: { id: number | string; parent: number | string }[] = await t.dataSource.query(
      "SELECT id, parent FROM terms WHERE taxonomy = 'tribe_events_cat'",
    );
    const parents = new Map(rows.map((row) => [Number(row.id), Number(row.parent)]));
    const orphans = [...parents].filter(([, parent]) => parent !== 0 && !parents.has(parent));
    expect(orphans).toEqual([]);
    const cyclic = [...parents.keys()].filter((id) => {
      const seen = new Set<number>();
      for (let at = id; at !== 0 && parents.has(at); at = parents.get(at)!) {
        if (seen.has(at)) return true;
        seen.add(at);
      }
      return false;
    });
    expect(cyclic).toEqual([]);
  });
});
