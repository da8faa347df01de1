import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dumpDom, ensureChromium } from './support/chromium';
import { TEST_DATABASES } from './support/databases';
import { Body, EventsClient } from './support/events';
import { HOSTILE, embedInScript } from './support/script-embedding';
import { TestApp } from './support/test-app';

// Issue #12: what clients write comes back safe to embed in HTML and in a JSON-LD script element.

const SCRIPT = '<script>alert(1)</script>';
const ATTRIBUTE = `"><script>alert(1)</script>`;
const DATES = { start_date: '2031-03-01 10:00:00', end_date: '2031-03-01 12:00:00' };
/** HTML fields (sanitised HTML, safe tags kept); every other string is plain text or a URL. */
const HTML_KEYS = new Set(['description', 'excerpt']);

/** Every string of a response body outside the HTML fields. */
function plainStrings(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return HTML_KEYS.has(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => plainStrings(item));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => plainStrings(v, k));
  return [];
}

/** No markup anywhere: no script tag at all, no angle bracket outside HTML fields, json_ld embeddable. */
function expectSafe(body: unknown): void {
  expect(JSON.stringify(body)).not.toMatch(/<script/i);
  for (const text of plainStrings(body)) expect(text).not.toMatch(/[<>]/);
  const jsonLd = (body as { json_ld?: unknown }).json_ld;
  if (jsonLd !== undefined) {
    const embedded = embedInScript(jsonLd);
    expect([embedded.closesEarly, embedded.hasCommentOpener]).toEqual([false, false]);
    expect(embedded.json).not.toMatch(/[<>\u2028\u2029]/);
  }
}

/** Writes `html` to a file, lets Chromium run it and returns the DOM it ends with. */
async function runInChromium(html: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'safe-output-'));
  try {
    const file = join(dir, 'page.html');
    writeFileSync(file, html);
    return await dumpDom(pathToFileURL(file).href, { budgetMs: 2_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PWN = `</script><script>document.documentElement.setAttribute('data-pwned', 'yes')</script>`;

/** A page with `json` in a JSON-LD script element, then a script that reports what the browser made of it. */
function pageWith(json: string): string {
  return (
    `<!doctype html><html><head><script type="application/ld+json">${json}</script>` +
    `<script>const ld = document.querySelectorAll('script[type="application/ld+json"]');` +
    `let same = false; try { same = JSON.stringify(JSON.parse(ld[0].textContent)) === ld[0].textContent; } catch (e) {}` +
    `document.documentElement.setAttribute('data-ld', ld.length + ':' + ld[0].textContent.length + ':' + same);</script></head><body></body></html>`
  );
}

describe('the browser check of JSON-LD embedding', () => {
  beforeAll(() => ensureChromium(), 20 * 60_000);

  it('sees a raw hostile value close the element and run its script: the check can fail', async () => {
    const dom = await runInChromium(pageWith(JSON.stringify({ name: PWN })));
    expect(dom).toContain('data-pwned="yes"');
  }, 120_000);
});

describe.each(TEST_DATABASES)('safe output on $kind', (database) => {
  let t: TestApp;
  let c: EventsClient;

  beforeAll(async () => {
    t = await TestApp.start(database);
    c = await EventsClient.start(t);
  }, 120_000);
  afterAll(() => t?.close());

  const send = (method: 'post' | 'patch', path: string, body: Body) => c.write(method, path, body, 'administrator');
  const read = (path: string) => c.get(path, 'administrator').expect(200);
  let unique = 0;
  const token = () => `${Date.now().toString(36)}${(unique++).toString(36)}`;

  describe('stored-XSS round trip of events: stripped or encoded on write, safe on every read', () => {
    it.each([
      ['title', { title: `Show ${ATTRIBUTE}` }, { title: 'Show "&gt;' }],
      ['title (script only around text)', { title: `${SCRIPT}Night` }, { title: 'Night' }],
      ['cost', { cost: `<b>$</b>5${SCRIPT}` }, { cost: '$5', cost_details: { currency_symbol: '$', values: ['5'] } }],
      [
        'cost (symbol)',
        { cost: `10 <i>€</i>${SCRIPT}` },
        { cost: '10€', cost_details: { currency_symbol: '€', currency_position: 'postfix' } },
      ],
      ['description', { description: `<p>Hi</p>${SCRIPT}` }, { description: '<p>Hi</p>' }],
      ['excerpt', { excerpt: `<b>Hi</b>${SCRIPT}` }, { excerpt: '<b>Hi</b>' }],
      [
        'website',
        { website: `https://example.com/${ATTRIBUTE}` },
        { website: 'https://example.com/%22%3E%3Cscript%3Ealert(1)%3C/script%3E' },
      ],
      [
        'image',
        { image: `https://cdn.example.com/a.png?${ATTRIBUTE}` },
        { image: { url: 'https://cdn.example.com/a.png?%22%3E%3Cscript%3Ealert(1)%3C/script%3E', extension: 'png' } },
      ],
    ])('%s', async (_field, body, expected) => {
      const created = await send('post', '/events', { title: `Safe ${token()}`, ...DATES, ...body }).expect(201);
      expect(created.body).toMatchObject(expected);
      expectSafe(created.body);
      const single = await read(`/events/${created.body.id}`);
      expect(single.body).toMatchObject(expected);
      expect(single.body.json_ld).toBeDefined();
      expectSafe(single.body);
      const list = await read(`/events?include=${created.body.id}`);
      expect(list.body.events[0]).toMatchObject(expected);
      expectSafe(list.body);
      // Updates go through the same parsers.
      const updated = await send('patch', `/events/${created.body.id}`, body).expect(200);
      expect(updated.body).toMatchObject(expected);
    });

    it('terms, venues and organizers written inside an event write', async () => {
      const name = token();
      const res = await send('post', '/events', {
        title: `Nested ${name}`,
        ...DATES,
        categories: [`Cat ${name} ${SCRIPT}`],
        tags: [`Tag ${name}${ATTRIBUTE}`],
        venue: { venue: `Hall ${name} ${SCRIPT}`, address: `1 Main ${ATTRIBUTE}`, city: `${SCRIPT}Springfield` },
        organizer: { organizer: `Org ${name}${ATTRIBUTE}`, phone: `555 ${SCRIPT}`, website: `https://org.test/${ATTRIBUTE}` },
      }).expect(201);
      expect(res.body).toMatchObject({
        categories: [{ name: `Cat ${name}` }],
        tags: [{ name: `Tag ${name}"&gt;` }],
        venue: { venue: `Hall ${name}`, address: '1 Main "&gt;', city: 'Springfield' },
        organizer: [{ organizer: `Org ${name}"&gt;`, phone: '555', website: 'https://org.test/%22%3E%3Cscript%3Ealert(1)%3C/script%3E' }],
      });
      expectSafe(res.body);
      expectSafe((await read(`/events/${res.body.id}`)).body);
    });

    it('refuses an image URL that is not a valid http(s) image URL with 400 naming image', async () => {
      for (const image of [`https://cdn.example.com/a.png${ATTRIBUTE}`, `javascript:alert(1)//a.png`, `https://cdn.example.com/a\n.png`]) {
        const res = await send('post', '/events', { title: 'Bad image', ...DATES, image }).expect(400);
        expect(res.body.code).toBe('rest_invalid_param');
        expect(Object.keys(res.body.data.params)).toEqual(['image']);
      }
    });

    it('stores the cleaned values, not the hostile ones', async () => {
      const res = await send('post', '/events', {
        title: `Stored ${token()}`,
        ...DATES,
        cost: `<b>$</b>5${SCRIPT}`,
        website: `https://example.com/${ATTRIBUTE}`,
        image: `https://cdn.example.com/a.png?${ATTRIBUTE}`,
      }).expect(201);
      const [row] = await t.sql<{ cost: string; currency_symbol: string; website: string; url: string }[]>(
        'SELECT e.cost, e.currency_symbol, e.website, m.url FROM events e INNER JOIN media m ON m.id = e.image_id WHERE e.id = ?',
        [res.body.id],
      );
      expect(row).toEqual({
        cost: '$5',
        currency_symbol: '$',
        website: 'https://example.com/%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
        url: 'https://cdn.example.com/a.png?%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
      });
    });
  });

  describe.each(['venues', 'organizers'] as const)('stored-XSS round trip of %s', (resource) => {
    const nameKey = resource === 'venues' ? 'venue' : 'organizer';
    const textFields =
      resource === 'venues' ? ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince'] : ['phone'];

    it.each([nameKey, ...textFields])('%s', async (field) => {
      const name = `${resource} ${token()}`;
      const body = { [nameKey]: name, [field]: `${field === nameKey ? name : 'Text'} ${ATTRIBUTE}${SCRIPT}` };
      const created = await send('post', `/${resource}`, body).expect(201);
      const expected = { [field]: `${field === nameKey ? name : 'Text'} "&gt;` };
      expect(created.body).toMatchObject(expected);
      expectSafe(created.body);
      const single = await read(`/${resource}/${created.body.id}`);
      expect(single.body).toMatchObject(expected);
      expect(single.body.json_ld).toBeDefined();
      expectSafe(single.body);
      const list = await read(`/${resource}?search=${encodeURIComponent(name)}`);
      expect(list.body[resource]).toEqual([expect.objectContaining(expected)]);
      expectSafe(list.body);
    });

    it.each([
      ['website', `https://example.com/${ATTRIBUTE}`, 'https://example.com/%22%3E%3Cscript%3Ealert(1)%3C/script%3E'],
      ['image', `https://cdn.example.com/a.png?${ATTRIBUTE}`, 'https://cdn.example.com/a.png?%22%3E%3Cscript%3Ealert(1)%3C/script%3E'],
    ])('%s', async (field, value, encoded) => {
      const created = await send('post', `/${resource}`, { [nameKey]: `${resource} ${token()}`, [field]: value }).expect(201);
      const single = await read(`/${resource}/${created.body.id}`);
      expect(field === 'image' ? single.body.image.url : single.body.website).toBe(encoded);
      expectSafe(single.body);
    });

    it('refuses a broken image URL with 400 naming image', async () => {
      const res = await send('post', `/${resource}`, { [nameKey]: 'x', image: `https://cdn.example.com/a.png${ATTRIBUTE}` }).expect(400);
      expect(Object.keys(res.body.data.params)).toEqual(['image']);
    });
  });

  it('refuses an organizer e-mail with angle brackets, which IsEmail alone accepts when quoted', async () => {
    for (const email of ['"</script><script>alert(1)</script>"@example.com', '"a>b"@example.com']) {
      const res = await send('post', '/organizers', { organizer: `Mail ${token()}`, email }).expect(400);
      expect(res.body.data.params).toEqual({ email: 'Must be a valid e-mail address.' });
    }
  });

  it.each(['categories', 'tags'] as const)('stored-XSS round trip of %s names and descriptions', async (resource) => {
    const name = `Term ${token()}`;
    const created = await send('post', `/${resource}`, { name: `${name} ${SCRIPT}`, description: `<p>x</p>${SCRIPT}` }).expect(201);
    expect(created.body).toMatchObject({ name, description: '<p>x</p>' });
    expectSafe((await read(`/${resource}/${created.body.id}`)).body);
  });

  describe('rows stored before issue #12 (or written with SQL)', () => {
    it('come out escaped and encoded, and json_ld stays embeddable', async () => {
      const venue = await c.createLinked('venues', { venue: `Old hall ${token()}`, address: 'x' });
      const organizer = await c.createLinked('organizers', { organizer: `Old org ${token()}` });
      const event = await c.create({
        title: `Old ${token()}`,
        ...DATES,
        cost: '$5',
        venue: venue.id,
        organizer: organizer.id,
        image: 'https://cdn.example.com/old.png',
      });
      for (const hostile of HOSTILE) {
        const url = `https://old.test/${hostile}`;
        // currency_symbol is varchar(16): the start of the value, as MySQL would have kept it.
        await t.sql('UPDATE events SET title = ?, cost = ?, currency_symbol = ?, website = ? WHERE id = ?', [
          hostile,
          `${hostile}5`,
          [...hostile].slice(0, 16).join(''),
          url,
          event.id,
        ]);
        await t.sql('UPDATE venues SET name = ?, address = ?, phone = ?, website = ? WHERE id = ?', [
          hostile,
          hostile,
          hostile,
          url,
          venue.id,
        ]);
        await t.sql('UPDATE organizers SET name = ?, email = ?, website = ? WHERE id = ?', [hostile, hostile, url, organizer.id]);
        await t.sql('UPDATE media SET url = ? WHERE id = (SELECT image_id FROM events WHERE id = ?)', [`${url}.png`, event.id]);

        const single = await read(`/events/${event.id}`);
        expectSafe(single.body);
        expect(single.body.website).not.toMatch(/["<> ]/);
        expect(single.body.image.url).not.toMatch(/["<> ]/);
        expectSafe((await read(`/events?include=${event.id}`)).body);
        expectSafe((await read(`/venues/${venue.id}`)).body);
        expectSafe((await read(`/organizers/${organizer.id}`)).body);
      }
    });
  });

  describe('json_ld of a real read in a browser', () => {
    beforeAll(() => ensureChromium(), 20 * 60_000);

    it('cannot close its script element or run anything, whatever the fields hold', async () => {
      const venue = await c.createLinked('venues', { venue: `Browser hall ${PWN}`, address: PWN, city: `<!--<script>${PWN}` });
      const organizer = await c.createLinked('organizers', { organizer: `Browser org ${PWN}`, phone: PWN });
      const event = await c.create({
        title: `Browser ${PWN}\u2028`,
        ...DATES,
        description: `<p>${PWN}</p>`,
        excerpt: `<!--<script>${PWN}`,
        cost: `${PWN}5`,
        venue: venue.id,
        organizer: organizer.id,
        image: `https://cdn.example.com/a.png?${PWN}`,
      });
      // And what SQL may have left in older rows.
      // currency_code (varchar(8)) is json_ld's priceCurrency.
      await t.sql('UPDATE events SET title = ?, currency_symbol = ?, currency_code = ? WHERE id = ?', [
        `Old ${PWN}`,
        '</script><x>',
        '</script',
        event.id,
      ]);
      const jsonLd = (await read(`/events/${event.id}`)).body.json_ld as Record<string, unknown>;
      expect(jsonLd.offers).toMatchObject({ priceCurrency: '&lt;/script' });
      expect(jsonLd.location).toBeDefined();
      expect(jsonLd.organizer).toBeDefined();
      const json = JSON.stringify(jsonLd);
      const dom = await runInChromium(pageWith(json));
      // The values are in the page (inert text), but nothing of them ran.
      expect(dom).toContain('data-pwned');
      expect(dom).not.toContain('data-pwned="yes"');
      expect(dom).toContain(`<html data-ld="1:${json.length}:true">`);
    }, 120_000);
  });
});
