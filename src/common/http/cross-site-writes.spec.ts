import { Request } from 'express';
import { refuseCrossSiteWrites } from './cross-site-writes';

// With CORS_ORIGINS=*, a cross-site write goes through only when it needed a preflight: browsers
// send credentials they replay on their own only with requests that need none (forms).
describe('refuseCrossSiteWrites with CORS_ORIGINS=*', () => {
  const guard = refuseCrossSiteWrites({ corsOrigins: '*', siteUrl: 'https://calendar.example.com' });
  const outcome = (method: string, headers: Record<string, string>, originalMethod?: string) => {
    let passed: unknown = 'not called';
    const request = { method, originalMethod, headers: { host: 'calendar.example.com', 'sec-fetch-site': 'cross-site', ...headers } };
    guard(request as unknown as Request, {} as never, (error?: unknown) => (passed = error ?? 'next'));
    return passed === 'next' ? 'through' : (passed as { code?: string }).code;
  };

  it('refuses what a form can send: a POST with a form, multipart or text body, or none, tunnelled or not', () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'Text/Plain;charset=UTF-8'])
      expect({ type, outcome: outcome('POST', { 'content-type': type }) }).toEqual({ type, outcome: 'rest_forbidden' });
    expect(outcome('POST', {})).toBe('rest_forbidden');
    expect(outcome('DELETE', { 'content-type': 'application/x-www-form-urlencoded' }, 'POST')).toBe('rest_forbidden');
  });

  it('lets through what needed a preflight: JSON bodies, PUT, PATCH, DELETE, the override header; and every read', () => {
    expect(outcome('POST', { 'content-type': 'application/json' })).toBe('through');
    expect(outcome('DELETE', {})).toBe('through');
    expect(outcome('PATCH', { 'content-type': 'text/plain' })).toBe('through');
    expect(outcome('DELETE', { 'x-http-method-override': 'DELETE', 'content-type': 'text/plain' }, 'POST')).toBe('through');
    expect(outcome('GET', {})).toBe('through');
  });

  it('still tells apart listed origins when the list is explicit', () => {
    const listed = refuseCrossSiteWrites({ corsOrigins: ['https://app.example.com'], siteUrl: 'https://calendar.example.com' });
    const run = (origin: string) => {
      let passed: unknown;
      const headers = { host: 'calendar.example.com', 'sec-fetch-site': 'cross-site', origin, 'content-type': 'application/json' };
      listed({ method: 'POST', headers } as unknown as Request, {} as never, (error?: unknown) => (passed = error ?? 'next'));
      return passed === 'next';
    };
    expect([run('https://app.example.com'), run('https://evil.example.com')]).toEqual([true, false]);
  });
});
