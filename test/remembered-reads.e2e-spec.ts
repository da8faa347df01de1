import { TEST_DATABASES } from './support/databases';
import { EventsClient, utc } from './support/events';
import { TestApp } from './support/test-app';

const DAY = 86_400_000;
/** Noon, `days` from now, as the API takes dates. */
const inDays = (days: number) => utc(new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY + 12 * 3_600_000));
const day = (days: number) => inDays(days).slice(0, 10);

// Issue #14: a write ends only the remembered reads it can change.
describe.each(TEST_DATABASES)('remembered reads across unrelated writes on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;
  const ids = {} as Record<'near' | 'venue' | 'category', number>;
  const NEAR = `end_date=${day(30)}`;
  const FAR = `start_date=${day(190)}&end_date=${day(210)}`;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
    ids.venue = (await c.createLinked('venues', { venue: 'Scoped Hall' })).id;
    ids.category = (await c.createTerm('categories', { name: 'Scoped' })).id;
    ids.near = (
      await c.create({
        title: 'Scoped near',
        start_date: inDays(5),
        end_date: inDays(5),
        venue: ids.venue,
        categories: [ids.category],
      })
    ).id;
  });
  afterAll(() => t.close());

  /** Reads every URL once, so that each is remembered. */
  const warm = async (...paths: string[]) => {
    for (const path of paths) await c.get(path).expect(200);
    for (const path of paths) expect(await c.countQueries(() => c.get(path).expect(200))).toBe(0);
  };

  it('keeps a list whose window a new event misses and an unrelated single read, and shows the event where it belongs at once', async () => {
    await warm(`/events?${NEAR}`, `/events?${FAR}`, '/events?per_page=1', `/events/${ids.near}`);
    const before = await c.get('/events?per_page=1').expect(200);
    const cold = await c.countQueries(() => c.list('per_page=1', 'administrator').expect(200));

    const far = await c.create({ title: 'Scoped far', start_date: inDays(200), end_date: inDays(200) });

    expect(await c.countQueries(() => c.get(`/events?${NEAR}`).expect(200))).toBe(0);
    expect(await c.countQueries(() => c.get(`/events/${ids.near}`).expect(200))).toBe(0);
    const window = await c.get(`/events?${FAR}`).expect(200);
    expect(window.body.events.map((event: { id: number }) => event.id)).toEqual([far.id]);
    // The default list (two years) keeps its first page's events (remembered apart) but not its total.
    let after!: { headers: Record<string, string>; body: { events: unknown[] } };
    const queries = await c.countQueries(async () => (after = await c.get('/events?per_page=1').expect(200)));
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThan(cold);
    expect(after.headers['x-tec-total']).toBe(String(Number(before.headers['x-tec-total']) + 1));
    expect(after.body.events).toEqual(before.body.events);
  });

  it("shows a changed event's single read and the lists holding it at once", async () => {
    const event = await c.create({ title: 'Scoped changing', start_date: inDays(20), end_date: inDays(20) });
    await warm(`/events/${event.id}`, `/events?${NEAR}`, `/events?${FAR}`);
    await c.write('post', `/events/${event.id}`, { title: 'Scoped changed' }, 'administrator').expect(200);
    expect((await c.get(`/events/${event.id}`).expect(200)).body.title).toBe('Scoped changed');
    const near = await c.get(`/events?${NEAR}`).expect(200);
    expect(near.body.events.find((shown: { id: number }) => shown.id === event.id).title).toBe('Scoped changed');
    expect(await c.countQueries(() => c.get(`/events?${FAR}`).expect(200))).toBe(0);

    // Moved out of the near window into the far one: both change.
    await c.write('post', `/events/${event.id}`, { start_date: inDays(205), end_date: inDays(205) }, 'administrator').expect(200);
    expect((await c.ids(NEAR)).includes(event.id)).toBe(false);
    expect((await c.ids(FAR)).includes(event.id)).toBe(true);
  });

  it('shows the new count of a term an event of another window was added to, in every read embedding the term', async () => {
    await warm(`/events?${NEAR}`, `/events/${ids.near}`);
    const count = (await c.get(`/events/${ids.near}`).expect(200)).body.categories[0].count as number;
    await c.create({ title: 'Scoped counted', start_date: inDays(300), end_date: inDays(300), categories: [ids.category] });
    expect((await c.get(`/events/${ids.near}`).expect(200)).body.categories[0].count).toBe(count + 1);
    const near = await c.get(`/events?${NEAR}`).expect(200);
    expect(near.body.events.find((shown: { id: number }) => shown.id === ids.near).categories[0].count).toBe(count + 1);
  });

  it("shows a venue's change at once in the lists and single reads that embed it", async () => {
    await warm(`/events?${NEAR}`, `/events?venue=${ids.venue}`, `/events/${ids.near}`);
    await c.write('post', `/venues/${ids.venue}`, { venue: 'Scoped Hall II' }, 'administrator').expect(200);
    const venueOf = (event: { id: number; venue: { venue: string } }) => event.id === ids.near;
    for (const query of [NEAR, `venue=${ids.venue}`]) {
      const list = await c.list(query).expect(200);
      expect(list.body.events.find(venueOf).venue.venue).toBe('Scoped Hall II');
    }
    expect((await c.get(`/events/${ids.near}`).expect(200)).body.venue.venue).toBe('Scoped Hall II');
  });

  it('ends a venue-filtered list when an event is linked to the venue, and keeps one of another venue', async () => {
    const other = (await c.createLinked('venues', { venue: 'Scoped Other' })).id;
    await c.create({ title: 'Scoped at other', start_date: inDays(7), end_date: inDays(7), venue: other });
    await warm(`/events?venue=${ids.venue}`, `/events?venue=${other}`);
    const linked = await c.create({ title: 'Scoped linked', start_date: inDays(8), end_date: inDays(8), venue: ids.venue });
    expect(await c.countQueries(() => c.get(`/events?venue=${other}`).expect(200))).toBe(0);
    expect(await c.ids(`venue=${ids.venue}`)).toContain(linked.id);
  });

  it('ends what a trashed event was in, and a draft or password change of an event shows at once', async () => {
    const event = await c.create({ title: 'Scoped status', start_date: inDays(9), end_date: inDays(9) });
    await warm(`/events/${event.id}`, `/events?${NEAR}`);
    await c.write('post', `/events/${event.id}`, { password: 'secret' }, 'administrator').expect(200);
    expect((await c.get(`/events/${event.id}`).expect(403)).body.code).toBe('event-password-protected');
    await c.write('delete', `/events/${event.id}`, undefined, 'administrator').expect(200);
    expect(await c.ids(NEAR)).not.toContain(event.id);
    expect((await c.get(`/events/${event.id}`).expect(403)).body.code).toBe('event-no-longer-available');
  });
});
