import { TEST_DATABASES } from './support/databases';
import { EventsClient, utc } from './support/events';
import { TestApp } from './support/test-app';

const DAY = 24 * 3600 * 1000;

/** What events complete elsewhere (issue #5): term counts and filters, venue and organizer filters, unlinking. */
describe.each(TEST_DATABASES)('events across resources on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
  });
  afterAll(() => t.close());

  const names = (items: { name?: string; venue?: string; organizer?: string }[]) =>
    items.map((item) => item.name ?? item.venue ?? item.organizer);

  describe('categories and tags', () => {
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      await c.reset();
      ids.rock = (await c.createTerm('categories', { name: 'Rock' })).id;
      ids.folk = (await c.createTerm('categories', { name: 'Folk' })).id;
      ids.unused = (await c.createTerm('categories', { name: 'Unused' })).id;
      ids.loud = (await c.createTerm('tags', { name: 'Loud' })).id;
      ids.quiet = (await c.createTerm('tags', { name: 'Quiet' })).id;
      ids.gig = (await c.create({ title: 'Gig', categories: [ids.rock], tags: [ids.loud] }, 'author')).id;
      ids.session = (await c.create({ title: 'Session', categories: [ids.rock, ids.folk], tags: [ids.quiet, ids.loud] }, 'author')).id;
      ids.draft = (await c.create({ title: 'Draft gig', categories: [ids.folk], tags: [ids.quiet], status: 'draft' }, 'author')).id;
    });

    it('counts the published events of each term', async () => {
      const res = await t.request.get(t.api('/categories?hide_empty=false')).expect(200);
      expect(res.body.categories.map((term: { name: string; count: number }) => [term.name, term.count])).toEqual([
        ['Folk', 1],
        ['Rock', 2],
        ['Unused', 0],
      ]);
      const tags = await t.request.get(t.api('/tags')).expect(200);
      expect(tags.body.tags.map((term: { name: string; count: number }) => [term.name, term.count])).toEqual([
        ['Loud', 2],
        ['Quiet', 1],
      ]);
    });

    it('hides unused terms by default (hide_empty) and shows the count inside events', async () => {
      const res = await t.request.get(t.api('/categories')).expect(200);
      expect(names(res.body.categories)).toEqual(['Folk', 'Rock']);
      const event = await c.get(`/events/${ids.session}`).expect(200);
      expect(event.body.categories.map((term: { name: string; count: number }) => [term.name, term.count])).toEqual([
        ['Folk', 1],
        ['Rock', 2],
      ]);
    });

    it('lists the terms of one event with post or event', async () => {
      const byPost = await t.request.get(t.api(`/categories?post=${ids.session}`)).expect(200);
      expect(names(byPost.body.categories)).toEqual(['Folk', 'Rock']);
      const byEvent = await t.request.get(t.api(`/tags?event=${ids.gig}`)).expect(200);
      expect(names(byEvent.body.tags)).toEqual(['Loud']);
      const draftTerms = await t.request
        .get(t.api(`/tags?event=${ids.draft}&hide_empty=0`))
        .set('Authorization', c.auth('author'))
        .expect(200);
      expect(names(draftTerms.body.tags)).toEqual(['Quiet']);
    });

    it('refuses post or event that is not an event (or not readable) with 400', async () => {
      await t.request.get(t.api('/categories?post=999999')).expect(400);
      await t.request.get(t.api(`/tags?event=${ids.draft}`)).expect(400);
    });

    it('follows trashing, restoring and deleting events', async () => {
      await c.write('delete', `/events/${ids.gig}`, undefined, 'author').expect(200);
      expect((await t.request.get(t.api(`/categories/${ids.rock}`)).expect(200)).body.count).toBe(1);
      await c.write('patch', `/events/${ids.gig}`, { status: 'publish' }, 'author').expect(200);
      expect((await t.request.get(t.api(`/categories/${ids.rock}`)).expect(200)).body.count).toBe(2);
      await c.write('delete', `/events/${ids.gig}?force=true`, undefined, 'editor').expect(200);
      expect((await t.request.get(t.api(`/tags/${ids.loud}`)).expect(200)).body.count).toBe(1);
    });

    it('unlinks a deleted term from its events', async () => {
      await c.write('delete', `/tags/${ids.quiet}`, undefined, 'editor').expect(200);
      const event = await c.get(`/events/${ids.session}`).expect(200);
      expect(names(event.body.tags)).toEqual(['Loud']);
    });

    it('filters events by the terms the term routes list', async () => {
      const categories = await t.request.get(t.api('/categories')).expect(200);
      const slugs = categories.body.categories.map((term: { slug: string }) => term.slug).join(',');
      expect(await c.ids(`categories=${slugs}&starts_after=2000-01-01`)).toEqual([ids.session]);
    });
  });

  describe('venues and organizers', () => {
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      await c.reset();
      const future = (days: number) => ({
        start_date: utc(new Date(Date.now() + days * DAY)),
        end_date: utc(new Date(Date.now() + days * DAY + 3600 * 1000)),
      });
      const past = { start_date: utc(new Date(Date.now() - 10 * DAY)), end_date: utc(new Date(Date.now() - 10 * DAY + 3600 * 1000)) };
      ids.upcomingHall = (await c.createLinked('venues', { venue: 'Upcoming Hall' })).id;
      ids.pastHall = (await c.createLinked('venues', { venue: 'Past Hall' })).id;
      ids.draftHall = (await c.createLinked('venues', { venue: 'Draft-only Hall' })).id;
      ids.emptyHall = (await c.createLinked('venues', { venue: 'Empty Hall' })).id;
      ids.ann = (await c.createLinked('organizers', { organizer: 'Ann' })).id;
      ids.bob = (await c.createLinked('organizers', { organizer: 'Bob' })).id;
      ids.cy = (await c.createLinked('organizers', { organizer: 'Cy' })).id;
      ids.upcoming = (await c.create({ title: 'Upcoming', ...future(5), venue: ids.upcomingHall, organizer: [ids.ann, ids.bob] })).id;
      ids.past = (await c.create({ title: 'Past', ...past, venue: ids.pastHall, organizer: [ids.bob] })).id;
      ids.draft = (await c.create({ title: 'Draft', ...future(6), venue: ids.draftHall, organizer: [ids.cy], status: 'draft' })).id;
    });

    const venues = async (query: string, role?: Parameters<EventsClient['get']>[1]) =>
      names((await c.get(`/venues?${query}`, role).expect(200)).body.venues).sort();
    const organizers = async (query: string, role?: Parameters<EventsClient['get']>[1]) =>
      names((await c.get(`/organizers?${query}`, role).expect(200)).body.organizers).sort();

    it('filters by a related event', async () => {
      expect(await venues(`event=${ids.upcoming}`)).toEqual(['Upcoming Hall']);
      expect(await organizers(`event=${ids.upcoming}`)).toEqual(['Ann', 'Bob']);
      expect(await organizers(`event=${ids.past}`)).toEqual(['Bob']);
      await c.get('/venues?event=999999').expect(400);
    });

    it('filters by having events (not draft or pending ones) and by having none', async () => {
      expect(await venues('has_events=1')).toEqual(['Past Hall', 'Upcoming Hall']);
      expect(await venues('has_events=0')).toEqual(['Draft-only Hall', 'Empty Hall']);
      expect(await organizers('has_events=yes')).toEqual(['Ann', 'Bob']);
    });

    it('filters by having upcoming events', async () => {
      expect(await venues('only_with_upcoming=1')).toEqual(['Upcoming Hall']);
      expect(await venues('only_with_upcoming=0')).toEqual(['Draft-only Hall', 'Empty Hall', 'Past Hall', 'Upcoming Hall']);
      expect(await organizers('only_with_upcoming=true')).toEqual(['Ann', 'Bob']);
      // Editors also count the unpublished events they can list.
      expect(await organizers('only_with_upcoming=true', 'editor')).toEqual(['Ann', 'Bob', 'Cy']);
    });

    it('unlinks a trashed organizer from its events, and only that organizer', async () => {
      await c.write('delete', `/organizers/${ids.ann}`, undefined, 'administrator').expect(200);
      const event = await c.get(`/events/${ids.upcoming}`).expect(200);
      expect(names(event.body.organizer)).toEqual(['Bob']);
      expect(await c.ids(`organizer=${ids.bob}&starts_after=2000-01-01`)).toEqual([ids.past, ids.upcoming]);
      expect(await organizers(`event=${ids.upcoming}`)).toEqual(['Bob']);
    });

    it('unlinks a trashed venue from its events', async () => {
      await c.write('delete', `/venues/${ids.upcomingHall}`, undefined, 'administrator').expect(200);
      const event = await c.get(`/events/${ids.upcoming}`).expect(200);
      expect(event.body.venue).toEqual([]);
      expect(await c.ids(`venue=${ids.upcomingHall}`, 'administrator')).toEqual([]);
      // Only those who may read a trashed venue learn that it exists (CONTRACT §2.4).
      await c.list(`venue=${ids.upcomingHall}`).expect(400);
      expect(await venues('has_events=1')).toEqual(['Past Hall']);
    });

    it('shows a venue’s and an organizer’s changes inside their events', async () => {
      await c.write('patch', `/venues/${ids.pastHall}`, { city: 'Lyon' }, 'administrator').expect(200);
      const event = await c.get(`/events/${ids.past}`).expect(200);
      expect(event.body.venue).toMatchObject({ venue: 'Past Hall', city: 'Lyon' });
    });
  });
});
