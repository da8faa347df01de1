import { TEST_DATABASES } from './support/databases';
import { EventsClient } from './support/events';
import { TestApp } from './support/test-app';

/**
 * The write-input audit: what text fields keep of what is sent. Control characters (C0 but tab,
 * LF and CR, and DEL) are no text: every plain-text and HTML field drops them, as WordPress's kses
 * does, on both databases; venue and organizer names whose lower case is longer than the name
 * (U+0130 İ) are stored on MySQL too.
 */
describe.each(TEST_DATABASES)('text input on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
  });
  afterAll(() => t.close());

  const admin = () => c.auth('administrator');
  const post = (path: string, body: Record<string, unknown>) => t.request.post(t.api(path)).set('Authorization', admin()).send(body);
  const read = async (path: string) => (await t.request.get(t.api(path)).set('Authorization', admin()).expect(200)).body;
  let n = 0;
  const token = () => `w${++n}${Date.now() % 100_000}`;

  describe('control characters', () => {
    // BEL, ESC, VT, FF, DEL and friends between letters; tab and line breaks are text and stay.
    const sent = 'a\u0001\u0007b\u000b\u000c\u001b\u001f\u007fc\td\ne';
    const kept = 'abc\td\ne';

    it('drops them from every plain-text and HTML field of an event, and from the terms it names', async () => {
      const word = token();
      const created = await post('/events', {
        title: `${sent} ${word}`,
        description: `<p>${sent}</p>`,
        excerpt: sent,
        cost: `\u0007${word}`,
        start_date: '2031-02-01 10:00:00',
        end_date: '2031-02-01 11:00:00',
        categories: [`Cat\u0007${word}`],
        tags: [`Tag\u001b${word}`],
      }).expect(201);
      const event = await read(`/events/${created.body.id}`);
      expect(event.title).toBe(`${kept} ${word}`);
      expect(event.description).toBe(`<p>${kept}</p>`);
      expect(event.excerpt).toBe(kept);
      expect(event.cost).toBe(word);
      expect(event.categories.map((term: { name: string }) => term.name)).toEqual([`Cat${word}`]);
      expect(event.tags.map((term: { name: string }) => term.name)).toEqual([`Tag${word}`]);
      // The term named with a control character is the one a clean name finds.
      const again = await post('/events', {
        title: 'Again',
        start_date: '2031-02-01 10:00:00',
        end_date: '2031-02-01 11:00:00',
        categories: [`Cat${word}`],
      }).expect(201);
      expect(again.body.categories.map((term: { id: number }) => term.id)).toEqual(event.categories.map((term: { id: number }) => term.id));
    });

    it('drops them from venue, organizer and term fields, as JSON and as a form', async () => {
      const word = token();
      const venue = await post('/venues', {
        venue: `V${sent}${word}`,
        address: sent,
        city: sent,
        phone: `\u00071 555`,
        description: `<b>${sent}</b>`,
      }).expect(201);
      expect(await read(`/venues/${venue.body.id}`)).toMatchObject({
        venue: `V${kept}${word}`,
        address: kept,
        city: kept,
        phone: '1 555',
        description: `<b>${kept}</b>`,
      });
      const organizer = await t.request
        .post(t.api('/organizers'))
        .set('Authorization', admin())
        .type('form')
        .send(`organizer=O%07%1B${word}&phone=%7F42`)
        .expect(201);
      expect(await read(`/organizers/${organizer.body.id}`)).toMatchObject({ organizer: `O${word}`, phone: '42' });
      const category = await post('/categories', { name: `C\u0007${word}`, description: `d\u001be` }).expect(201);
      expect(await read(`/categories/${category.body.id}`)).toMatchObject({ name: `C${word}`, description: 'de' });
      const tag = await post('/tags', { name: `T\u007f${word}` }).expect(201);
      expect((await read(`/tags/${tag.body.id}`)).name).toBe(`T${word}`);
    });

    it('answers a title or a name of control characters only as an empty one: 400 naming the field, nothing written', async () => {
      const events = await c.count('events');
      const venues = await c.count('venues');
      const res = await post('/events', {
        title: '\u0007\u001b',
        start_date: '2031-02-01 10:00:00',
        end_date: '2031-02-01 11:00:00',
      }).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data.params)).toEqual(['title']);
      const venue = await post('/venues', { venue: '\u0001\u007f' }).expect(400);
      expect(Object.keys(venue.body.data.params)).toEqual(['venue']);
      expect([await c.count('events'), await c.count('venues')]).toEqual([events, venues]);
    });

    it('drops them on updates too', async () => {
      const created = await c.create({ title: `Clean ${token()}` });
      const updated = await t.request
        .patch(t.api(`/events/${created.id}`))
        .set('Authorization', admin())
        .send({ title: 'Up\u0007dated' })
        .expect(200);
      expect(updated.body.title).toBe('Updated');
    });
  });

  describe('form fields whose percent-escapes are not UTF-8', () => {
    const form = (path: string, body: string, auth = true) => {
      const req = t.request.post(t.api(path)).type('form');
      return (auth ? req.set('Authorization', admin()) : req).send(body);
    };

    it('answers a Latin-1 or half-surrogate field with 400 naming it, and writes nothing', async () => {
      const before = await c.count('venues');
      for (const body of ['venue=%E9t%E9', 'venue=%ED%A0%80', 'venue=Hall&city=M%FCnchen']) {
        const res = await form('/venues', body).expect(400);
        expect(res.body.code).toBe('rest_invalid_param');
        expect(Object.keys(res.body.data.params)).toEqual([body.startsWith('venue=Hall') ? 'city' : 'venue']);
        expect(res.body.data.params[body.startsWith('venue=Hall') ? 'city' : 'venue']).toContain('UTF-8');
      }
      const event = await form(
        '/events',
        'title=Fest&start_date=2031-03-01+10:00&end_date=2031-03-01+11:00&categories[]=Caf%E9&venue[venue]=%E9',
      ).expect(400);
      expect(Object.keys(event.body.data.params)).toEqual(['categories', 'venue']);
      expect(await c.count('venues')).toBe(before);
    });

    it('still reads UTF-8 escapes, raw UTF-8 and a % without hex digits, as before', async () => {
      const word = token();
      const res = await form('/venues', `venue=%C3%A9t%C3%A9+${word}&city=${encodeURIComponent('München')}&address=50% off`).expect(201);
      expect([res.body.venue, res.body.city, res.body.address]).toEqual([`été ${word}`, 'München', '50% off']);
      const raw = await t.request
        .post(t.api('/venues'))
        .set('Authorization', admin())
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send(`venue=Caf\u00e9 ${word}`)
        .expect(201);
      expect(raw.body.venue).toBe(`Café ${word}`);
    });

    it('answers who is asking first: 401 for an anonymous form', async () => {
      await form('/venues', 'venue=%E9t%E9', false).expect(401);
    });
  });

  describe('empty optional fields on create', () => {
    it('takes an event image of "" as none, as a venue\'s and an update\'s', async () => {
      const res = await post('/events', {
        title: 'No image',
        start_date: '2031-02-01 10:00:00',
        end_date: '2031-02-01 11:00:00',
        image: '',
      }).expect(201);
      expect(res.body.image).toBe(false);
      expect((await post('/venues', { venue: `No image ${token()}`, image: '' }).expect(201)).body.image).toBeFalsy();
    });
  });

  describe('limits of plain text stored HTML-escaped', () => {
    it('says that the limit counts "&" as "&amp;" when the text fits as typed, for every plain-text field', async () => {
      const event = { start_date: '2031-02-01 10:00:00', end_date: '2031-02-01 11:00:00' };
      for (const [path, body, field, max] of [
        ['/venues', { venue: '&'.repeat(60) }, 'venue', 255],
        ['/venues', { venue: 'V', city: `A & B ${'x'.repeat(247)}` }, 'city', 255],
        ['/organizers', { organizer: 'O', phone: '&'.repeat(255) }, 'phone', 255],
        ['/events', { ...event, title: '&'.repeat(1000) }, 'title', 1000],
        ['/events', { ...event, title: 'T', cost: '&'.repeat(100) }, 'cost', 255],
        ['/categories', { name: '&'.repeat(41) }, 'name', 200],
      ] as const) {
        const res = await post(path, body).expect(400);
        expect(res.body.code).toBe('rest_invalid_param');
        expect(Object.keys(res.body.data.params)).toEqual([field]);
        expect(res.body.data.params[field]).toBe(
          `Must be at most ${max} characters long as stored: HTML-escaped, so "&" counts as the 5 characters of "&amp;".`,
        );
      }
      // Too long as typed: the plain reason, as before.
      const res = await post('/venues', { venue: `&${'x'.repeat(255)}` }).expect(400);
      expect(res.body.data.params.venue).toBe('Must be at most 255 characters long.');
      // At the limit as stored: accepted.
      const fits = await post('/venues', { venue: `${'&'.repeat(51)}` }).expect(201);
      expect(fits.body.venue).toBe('&amp;'.repeat(51));
    });
  });

  describe('names whose lower case is longer (U+0130)', () => {
    it.each(['venues', 'organizers'] as const)(
      'stores a %s name of 255 characters with İ, and finds it again as a duplicate',
      async (resource) => {
        const field = resource === 'venues' ? 'venue' : 'organizer';
        const name = `${'İ'.repeat(200)}${token()}`.padEnd(255, 'X');
        const created = await post(`/${resource}`, { [field]: name }).expect(201);
        expect((await read(`/${resource}/${created.body.id}`))[field]).toBe(name);
        // Case-insensitive as every name: the lower-case spelling of the other letters is the same one.
        const again = await post(`/${resource}`, { [field]: name.replace(/X+$/, (x) => x.toLowerCase()) }).expect(201);
        expect(again.body.id).toBe(created.body.id);
      },
    );

    it('stores such a venue created inside an event write', async () => {
      const name = `${'İ'.repeat(150)} Hall ${token()}`;
      const res = await post('/events', {
        title: 'With a long venue',
        start_date: '2031-02-01 10:00:00',
        end_date: '2031-02-01 11:00:00',
        venue: { venue: name },
      }).expect(201);
      expect(res.body.venue.venue).toBe(name);
    });

    it('keeps the key of a name that fits lower-cased: İstanbul and i̇stanbul are one venue, as before', async () => {
      const word = token();
      const created = await post('/venues', { venue: `İstanbul ${word}` }).expect(201);
      expect((await post('/venues', { venue: `i\u0307stanbul ${word}` }).expect(201)).body.id).toBe(created.body.id);
    });
  });
});
