import { createHash } from 'node:crypto';
import { ifMatchSatisfied, notModified, parseEntityTags, strongEtag } from './etag';

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

describe('notModified', () => {
  const tag = '"abc"';

  it('is true for a GET or HEAD whose If-None-Match lists the tag, weakly compared, or is *', () => {
    expect(notModified('GET', 200, { 'if-none-match': '"abc"' }, tag)).toBe(true);
    expect(notModified('HEAD', 200, { 'if-none-match': '"x", W/"abc"' }, tag)).toBe(true);
    expect(notModified('GET', 200, { 'if-none-match': '"abc"' }, 'W/"abc"')).toBe(true);
    expect(notModified('GET', 200, { 'if-none-match': '*' }, tag)).toBe(true);
  });

  it('is false for another tag, no header, no tag, another method or a status other than 2xx', () => {
    expect(notModified('GET', 200, { 'if-none-match': '"abd"' }, tag)).toBe(false);
    expect(notModified('GET', 200, {}, tag)).toBe(false);
    expect(notModified('GET', 200, { 'if-none-match': '"abc"' }, undefined)).toBe(false);
    expect(notModified('POST', 200, { 'if-none-match': '"abc"' }, tag)).toBe(false);
    expect(notModified('GET', 404, { 'if-none-match': '*' }, tag)).toBe(false);
  });

  it('does not care for the request cache directives fetch() adds (RFC 9110 §13.2.1)', () => {
    const headers = { 'if-none-match': '"abc"', 'cache-control': 'no-cache', pragma: 'no-cache' };
    expect(notModified('GET', 200, headers, tag)).toBe(true);
  });
});

describe('strongEtag of remembered (frozen) bodies', () => {
  it('gives a frozen body the tag its JSON has, as for any other body', () => {
    const body = Object.freeze({ id: 1, title: 'x' });
    expect(strongEtag(body)).toBe(strongEtag({ id: 1, title: 'x' }));
    expect(strongEtag(body)).toBe(strongEtag({ id: 1, title: 'x' }));
  });

  it('hashes a body that is not frozen afresh each time, so a changed body gets a new tag', () => {
    const body = { id: 1, title: 'x' };
    const before = strongEtag(body);
    body.title = 'y';
    expect(strongEtag(body)).not.toBe(before);
  });
});
