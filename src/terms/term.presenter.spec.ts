import { Urls } from '../common/urls/urls';
import { AppConfig } from '../config/app-config';
import { EMBEDDED_TERM_KEYS, TERM_KEYS, TERM_LINK_KEYS, presentEmbeddedTerm, presentTerm } from './term.presenter';
import { TermEntity } from './term.entity';

const urls = new Urls({ siteUrl: 'https://example.com', restPrefix: '/wp-json' } as AppConfig);
const ROOT = 'https://example.com/wp-json/calendar/events/v1';

function term(values: Partial<TermEntity>): TermEntity {
  return Object.assign(new TermEntity(), {
    id: 7,
    taxonomy: 'tribe_events_cat',
    name: 'Concerts',
    nameKey: 'concerts',
    slug: 'concerts',
    description: 'Live <b>music</b>',
    parent: 0,
    count: 3,
    ...values,
  });
}

describe('presentTerm', () => {
  it('presents a top-level category in the reference key order, without urls.up', () => {
    const view = presentTerm(term({}), urls);
    expect(Object.keys(view)).toEqual([...TERM_KEYS]);
    expect(view).toEqual({
      id: 7,
      count: 3,
      description: 'Live <b>music</b>',
      name: 'Concerts',
      slug: 'concerts',
      taxonomy: 'tribe_events_cat',
      parent: 0,
      meta: [],
      url: 'https://example.com/events/category/concerts/',
      urls: { self: `${ROOT}/categories/7`, collection: `${ROOT}/categories` },
    });
    expect(Object.keys(view.urls)).toEqual(['self', 'collection']);
  });

  it('adds urls.up for a category with a parent', () => {
    const view = presentTerm(term({ id: 9, parent: 7, slug: 'jazz' }), urls);
    expect(view.parent).toBe(7);
    expect(view.urls).toEqual({ self: `${ROOT}/categories/9`, collection: `${ROOT}/categories`, up: `${ROOT}/categories/7` });
    expect(Object.keys(view.urls)).toEqual([...TERM_LINK_KEYS]);
  });

  it('presents a tag without parent, with the tag archive URL', () => {
    const view = presentTerm(term({ id: 12, taxonomy: 'post_tag', name: 'Outdoor', slug: 'outdoor', description: '', count: 0 }), urls);
    expect(Object.keys(view)).toEqual(TERM_KEYS.filter((key) => key !== 'parent'));
    expect(view).toMatchObject({ taxonomy: 'post_tag', url: 'https://example.com/tag/outdoor/', count: 0, description: '' });
    expect(view.urls).toEqual({ self: `${ROOT}/tags/12`, collection: `${ROOT}/tags` });
  });

  it('percent-encodes the slug in the archive URL', () => {
    expect(presentTerm(term({ slug: 'a b' }), urls).url).toBe('https://example.com/events/category/a%20b/');
  });
});

describe('presentEmbeddedTerm', () => {
  it('presents the WP_Term shape of event objects in the reference key order', () => {
    const view = presentEmbeddedTerm(term({ id: 9, parent: 7, slug: 'jazz', name: 'Jazz' }), urls);
    expect(Object.keys(view)).toEqual([...EMBEDDED_TERM_KEYS]);
    expect(view).toEqual({
      name: 'Jazz',
      slug: 'jazz',
      term_group: 0,
      term_taxonomy_id: 9,
      taxonomy: 'tribe_events_cat',
      description: 'Live <b>music</b>',
      parent: 7,
      count: 3,
      filter: 'raw',
      id: 9,
      urls: { self: `${ROOT}/categories/9`, collection: `${ROOT}/categories`, up: `${ROOT}/categories/7` },
    });
  });

  it('gives an embedded tag parent 0 and tag URLs', () => {
    const view = presentEmbeddedTerm(term({ id: 12, taxonomy: 'post_tag', slug: 'outdoor' }), urls);
    expect(view.parent).toBe(0);
    expect(view.urls).toEqual({ self: `${ROOT}/tags/12`, collection: `${ROOT}/tags` });
  });
});
