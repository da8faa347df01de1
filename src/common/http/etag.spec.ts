import { createHash } from 'node:crypto';
import { ifMatchSatisfied, parseEntityTags, strongEtag } from './etag';

describe('strongEtag', () => {
  it('is the quoted base64url SHA-256 of the JSON text', () => {
    const body = { id: 1, title: 'Ä' };
    const expected = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
    expect(strongEtag(body)).toBe(`"${expected}"`);
  });

  it('changes with any value and with the key order (the bytes sent)', () => {
    expect(strongEtag({ a: 1, b: 2 })).not.toBe(strongEtag({ a: 1, b: 3 }));
    expect(strongEtag({ a: 1, b: 2 })).not.toBe(strongEtag({ b: 2, a: 1 }));
  });
});

describe('parseEntityTags', () => {
  it('reads *, lists, weak tags, and skips malformed members', () => {
    expect(parseEntityTags(' * ')).toBe('any');
    expect(parseEntityTags('"a", W/"b" ,junk, "c"')).toEqual([
      { weak: false, tag: '"a"' },
      { weak: true, tag: '"b"' },
      { weak: false, tag: '"c"' },
    ]);
    expect(parseEntityTags('')).toEqual([]);
  });
});

describe('ifMatchSatisfied', () => {
  it('compares strongly: the same strong tag only', () => {
    expect(ifMatchSatisfied('"x"', '"x"')).toBe(true);
    expect(ifMatchSatisfied('"y", "x"', '"x"')).toBe(true);
    expect(ifMatchSatisfied('W/"x"', '"x"')).toBe(false);
    expect(ifMatchSatisfied('x', '"x"')).toBe(false);
    expect(ifMatchSatisfied('"y"', '"x"')).toBe(false);
  });

  it('matches * always, and nothing else when there is no current representation', () => {
    expect(ifMatchSatisfied('*', undefined)).toBe(true);
    expect(ifMatchSatisfied('"x"', undefined)).toBe(false);
  });
});
