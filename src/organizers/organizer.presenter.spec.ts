import { HOSTILE, embedInScript } from '../../test/support/script-embedding';
import { LinkedPostContext } from '../linked-posts/linked-post.presenter';
import { MediaEntity } from '../media/media.entity';
import { OrganizerEntity } from './organizer.entity';
import { ORGANIZER_KEYS, presentOrganizer } from './organizer.presenter';

const urls = {
  site: (...segments: string[]) => `https://site.test/${segments.join('/')}/`,
  globalId: (id: number) => `site.test?id=${id}`,
};

function organizer(fields: Partial<OrganizerEntity> = {}): OrganizerEntity {
  return Object.assign(new OrganizerEntity(), {
    id: 9,
    authorId: 1,
    status: 'draft',
    slug: 'peer-org',
    name: 'Peer Org',
    nameKey: 'peer org',
    description: '',
    excerpt: '',
    phone: '',
    website: '',
    email: '',
    imageId: null,
    password: null,
    publishedAt: new Date('2026-11-21T05:23:08Z'),
    publishedLocal: new Date('2026-11-21T05:23:08Z'),
    modifiedAt: new Date('2026-11-21T05:23:08Z'),
    modifiedLocal: new Date('2026-11-21T05:23:08Z'),
    ...fields,
  });
}

const full = {
  description: '<p>About</p>',
  excerpt: 'Short',
  phone: '555-9999',
  website: 'https://example.com/o',
  email: 'org@example.com',
  imageId: 4,
};

const image = Object.assign(new MediaEntity(), {
  id: 4,
  url: 'https://cdn.test/org.jpg',
  extension: 'jpg',
  width: 0,
  height: 0,
  sizes: null,
  authorId: 1,
});

const view = (overrides: Partial<LinkedPostContext> = {}): LinkedPostContext => ({
  urls,
  image: null,
  single: false,
  blanked: false,
  ...overrides,
});

describe('presentOrganizer', () => {
  it('writes every key of ORGANIZER_KEYS in its order for a single read of a organizer with every field set', () => {
    expect(Object.keys(presentOrganizer(organizer(full), view({ image, single: true })))).toEqual([...ORGANIZER_KEYS]);
  });

  it('leaves every empty value out', () => {
    expect(Object.keys(presentOrganizer(organizer(), view()))).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'organizer',
      'slug',
      'global_id',
      'global_id_lineage',
    ]);
  });

  it('writes the reference order with json_ld before global_id on single reads', () => {
    const body = presentOrganizer(
      organizer({ description: '<p>About</p>', phone: '555-9999', website: 'https://example.com/o', email: 'org@example.com' }),
      view({ single: true }),
    );
    expect(Object.keys(body)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'organizer',
      'description',
      'slug',
      'phone',
      'website',
      'email',
      'json_ld',
      'global_id',
      'global_id_lineage',
    ]);
    expect(body.author).toBe('1');
    expect(body.url).toBe('https://site.test/organizer/peer-org/');
    expect(body.json_ld).toEqual({
      '@context': 'http://schema.org',
      '@type': 'Person',
      name: 'Peer Org',
      description: 'About',
      url: 'https://example.com/o',
      telephone: '555-9999',
      email: 'org@example.com',
      sameAs: 'https://example.com/o',
    });
  });

  it('uses the organizer page as the json_ld url when there is no website', () => {
    const body = presentOrganizer(organizer(), view({ single: true }));
    expect(body.json_ld).toEqual({
      '@context': 'http://schema.org',
      '@type': 'Person',
      name: 'Peer Org',
      description: '',
      url: 'https://site.test/organizer/peer-org/',
    });
  });

  it('blanks the protected keys present when the organizer is password-protected', () => {
    const body = presentOrganizer(organizer({ phone: '1', email: 'a@b.co', password: 'pw' }), view({ single: true, blanked: true }));
    expect(body).toMatchObject({ organizer: [], phone: '', email: '' });
    expect(body).not.toHaveProperty('json_ld');
    expect(body).not.toHaveProperty('website');
  });

  it.each(HOSTILE)('makes a row stored before issue #12 safe: text escaped, URLs encoded, json_ld embeddable (%j)', (hostile) => {
    const row = organizer({
      name: hostile,
      phone: hostile,
      email: hostile,
      website: `https://evil.test/${hostile}`,
    });
    const body = presentOrganizer(row, view({ single: true }));
    const { json_ld: jsonLd, ...rest } = body;
    expect(JSON.stringify(rest)).not.toMatch(/[<>]/);
    expect(rest.website).not.toMatch(/["<> ]/);
    const embedded = embedInScript(jsonLd);
    expect(embedded.closesEarly).toBe(false);
    expect(embedded.hasCommentOpener).toBe(false);
    expect(embedded.json).not.toMatch(/[<>\u2028\u2029]/);
  });
});
