import { keyHash, requestFingerprint } from './request-fingerprint';

describe('requestFingerprint', () => {
  const base = { method: 'POST', path: '/calendar/events/v1/events', query: {}, body: { title: 'A', venue: { venue: 'Hall', city: 'X' } } };

  it('is the same for the same fields in another order, nested objects included', () => {
    const reordered = { ...base, body: { venue: { city: 'X', venue: 'Hall' }, title: 'A' } };
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(base));
  });

  it('differs for another value, another field, another route or another query', () => {
    const fingerprint = requestFingerprint(base);
    expect(requestFingerprint({ ...base, body: { ...base.body, title: 'B' } })).not.toBe(fingerprint);
    expect(requestFingerprint({ ...base, body: { ...base.body, excerpt: '' } })).not.toBe(fingerprint);
    expect(requestFingerprint({ ...base, path: '/calendar/events/v1/venues' })).not.toBe(fingerprint);
    expect(requestFingerprint({ ...base, query: { status: 'draft' } })).not.toBe(fingerprint);
  });

  it('keeps the order of lists', () => {
    expect(requestFingerprint({ ...base, body: { tags: [1, 2] } })).not.toBe(requestFingerprint({ ...base, body: { tags: [2, 1] } }));
  });
});

describe('keyHash', () => {
  it('is case-sensitive and 64 hex digits', () => {
    expect(keyHash('abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(keyHash('abc')).not.toBe(keyHash('ABC'));
  });
});
