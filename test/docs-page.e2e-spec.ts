import { AddressInfo } from 'node:net';
import { TEST_DATABASES } from './support/databases';
import { dumpDom, ensureChromium } from './support/chromium';
import { TestApp } from './support/test-app';

const NS = '/calendar/events/v1';

// The page does not touch the database: one database is enough.
describe.each(TEST_DATABASES.slice(0, 1))('the docs page on $kind', (database) => {
  let t: TestApp;
  let base: string;
  let paths: string[];

  beforeAll(async () => {
    ensureChromium();
    t = await TestApp.start(database, { REST_PREFIX: '/wp-json' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/wp-json${NS}`;
    paths = Object.keys((await t.request.get(t.api('/doc')).expect(200)).body.paths as Record<string, unknown>);
  }, 20 * 60_000);
  afterAll(() => t?.close());

  it('serves Swagger UI and its files from the service itself, no CDN', async () => {
    const page = await t.request.get(t.api('/docs')).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const references = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(references.length).toBeGreaterThanOrEqual(3);
    for (const reference of references) {
      expect(reference.startsWith(`/wp-json${NS}/docs/`)).toBe(true);
      await t.request.get(reference).expect(200);
    }
    await t.request.get(t.api('/docs/package.json')).expect(404);
    await t.request.get(t.api('/docs/..%2Fpackage.json')).expect(404);
  });

  it('answers a range with the whole file, and a failed precondition with the 412 error body, never cached', async () => {
    const css = t.api('/docs/swagger-ui.css');
    const whole = await t.request.get(css).expect(200);
    for (const range of ['bytes=999999999-', 'bytes=5-1', 'bytes=0-10']) {
      const res = await t.request.get(css).set('Range', range);
      expect({ range, status: res.status, length: res.text.length }).toEqual({ range, status: 200, length: whole.text.length });
    }
    for (const [name, value] of [
      ['If-Match', '"nope"'],
      ['If-Unmodified-Since', 'Mon, 01 Jan 1990 00:00:00 GMT'],
    ]) {
      const res = await t.request.get(css).set(name, value).expect(412);
      expect(res.body.code).toBe('rest_precondition_failed');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it('lists every route of /doc when Chromium renders it', async () => {
    const dom = await dumpDom(`${base}/docs`);
    const rendered = new Set([...dom.matchAll(/data-path="([^"]+)"/g)].map((match) => match[1]));
    expect(paths.length).toBeGreaterThanOrEqual(15);
    expect([...rendered].sort()).toEqual([...paths].sort());
    for (const path of ['/events', '/venues/{id}', '/organizers/by-slug/{slug}', '/categories', '/tags/{id}'])
      expect(rendered).toContain(path);
  }, 180_000);

  it("shows the summaries in the browser's language", async () => {
    const dom = await dumpDom(`${base}/docs`, { language: 'de-DE' });
    expect(dom).toContain('Veranstaltungen auflisten');
    expect(dom).toContain('Einen Veranstaltungsort lesen');
  }, 180_000);
});
