import { buildListLinks, withQuery } from './list-links';
import { ListPage } from './list-page';
import { resolvePage, totalPages } from './pagination';

const BASE = 'http://calendar.test/calendar/events/v1/events';

describe('resolvePage', () => {
  const config = { defaultPerPage: 10, maxPerPage: 50 };

  it('defaults to page 1 of DEFAULT_PER_PAGE items', () => {
    expect(resolvePage(undefined, undefined, config)).toEqual({ page: 1, perPage: 10, offset: 0 });
  });

  it('silently lowers per_page to MAX_PER_PAGE', () => {
    expect(resolvePage(3, 100, config)).toEqual({ page: 3, perPage: 50, offset: 100 });
  });
});

describe('totalPages', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
  ])('%i items of %i a page make %i pages', (total, perPage, pages) => {
    expect(totalPages(total, perPage)).toBe(pages);
  });
});

describe('buildListLinks', () => {
  it('carries every filter, percent-encoded, in the given order', () => {
    const links = buildListLinks({
      collectionUrl: BASE,
      page: 1,
      perPage: 50,
      totalPages: 3,
      filters: [
        ['start_date', '2026-11-21 00:00:00'],
        ['categories', [3, 'live-music']],
        ['search', 'rock & roll'],
        ['featured', true],
        ['venue', undefined],
      ],
    });
    expect(links.restUrl).toBe(
      `${BASE}/?page=1&per_page=50&start_date=2026-11-21%2000%3A00%3A00&categories=3%2Clive-music&search=rock%20%26%20roll&featured=1`,
    );
    // The neighbours end with page, as the original's next_rest_url does (observed-responses.md).
    expect(links.nextRestUrl).toBe(`${links.restUrl.replace('page=1&', '')}&page=2`);
    expect(links.previousRestUrl).toBeUndefined();
  });

  it('drops page from the previous link of page 2, like the reference', () => {
    const links = buildListLinks({ collectionUrl: BASE, page: 2, perPage: 10, totalPages: 2, filters: [['status', 'publish']] });
    expect(links.previousRestUrl).toBe(`${BASE}/?per_page=10&status=publish`);
    expect(links.nextRestUrl).toBeUndefined();
  });

  it('links page 3 back to page 2', () => {
    const links = buildListLinks({ collectionUrl: BASE, page: 3, perPage: 10, totalPages: 5, filters: [] });
    expect(links.previousRestUrl).toBe(`${BASE}/?per_page=10&page=2`);
    expect(links.nextRestUrl).toBe(`${BASE}/?per_page=10&page=4`);
  });

  it('keeps a previous link past the last page, as the reference does for terms', () => {
    const links = buildListLinks({ collectionUrl: BASE, page: 9, perPage: 10, totalPages: 2, filters: [] });
    expect(links.previousRestUrl).toBe(`${BASE}/?per_page=10&page=8`);
    expect(links.nextRestUrl).toBeUndefined();
  });

  it('writes nothing after the base when there are no parameters', () => {
    expect(withQuery(`${BASE}/`, [['a', null]])).toBe(`${BASE}/`);
  });
});

describe('ListPage', () => {
  const links = { restUrl: 'r', nextRestUrl: 'n', previousRestUrl: 'p' };

  it('orders post envelopes as the reference', () => {
    expect(Object.keys(ListPage.posts('events', [], 30, 3, links).body)).toEqual([
      'events',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ]);
  });

  it('orders term envelopes as the reference', () => {
    expect(Object.keys(ListPage.terms('tags', [], 30, 3, links).body)).toEqual([
      'rest_url',
      'total',
      'total_pages',
      'tags',
      'next_rest_url',
      'previous_rest_url',
    ]);
  });

  it('omits absent neighbours and builds the Link header from the present ones', () => {
    const page = ListPage.posts('venues', [], 5, 1, { restUrl: 'r', nextRestUrl: 'n' });
    expect(Object.keys(page.body)).toEqual(['venues', 'rest_url', 'next_rest_url', 'total', 'total_pages']);
    expect(page.linkHeader()).toBe('<n>; rel="next"');
    expect(ListPage.posts('venues', [], 0, 0, { restUrl: 'r' }).linkHeader()).toBeUndefined();
  });
});
