import { ApiError } from '../common/errors/api-error';
import { AppConfig } from '../config/app-config';
import { RedisLink } from '../shared-state/redis-link';
import { LoginRateLimiter, limitedAddress } from './login-rate-limiter';

// Two failures per address and user name, three per address, in a minute.
function limiter(): LoginRateLimiter {
  return new LoginRateLimiter({ loginRateLimit: { attempts: 2, addressAttempts: 3, windowSeconds: 60 } } as AppConfig);
}

async function admit(rate: LoginRateLimiter, address: string, username: string): Promise<'go' | 'candidate only' | number> {
  try {
    return (await rate.gate(address, username).admit()).candidateRequired ? 'candidate only' : 'go';
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('rest_too_many_requests');
    return Number((error as ApiError).headers['Retry-After']);
  }
}

describe('LoginRateLimiter', () => {
  it('refuses an address and user name that used up its failures, and nobody else', async () => {
    const rate = limiter();
    expect(await admit(rate, 'a', 'x')).toBe('go');
    expect(await admit(rate, 'a', 'x')).toBe('go');
    const wait = await admit(rate, 'a', 'x');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await admit(rate, 'b', 'x')).toBe('go');
    expect(await admit(rate, 'a', 'y')).toBe('go');
  });

  it('counts an IPv6 address by its /64, so a host cannot take a fresh address for every few guesses', async () => {
    const rate = limiter();
    expect(await admit(rate, '2001:db8:1:2::10', 'x')).toBe('go');
    expect(await admit(rate, '2001:db8:1:2:aaaa::20', 'x')).toBe('go');
    expect(typeof (await admit(rate, '2001:0DB8:0001:0002:ffff:1:2:3', 'x'))).toBe('number');
    expect(await admit(rate, '2001:db8:1:3::10', 'x')).toBe('go');
  });

  it('reads addresses as the /64 of IPv6 and as they are for IPv4, however IPv6 writes them', () => {
    expect(
      [
        '2001:db8::1',
        '2001:DB8:0:0:1::',
        '::1',
        'fe80::1%eth0',
        '192.0.2.7',
        '::ffff:192.0.2.7',
        '::ffff:c000:207',
        '64:ff9b::192.0.2.7',
        '64:ff9b::c000:208',
        '64:ff9b:1::c000:208',
        'unknown',
      ].map(limitedAddress),
    ).toEqual([
      '2001:db8:0:0::/64',
      '2001:db8:0:0::/64',
      '0:0:0:0::/64',
      'fe80:0:0:0::/64',
      '192.0.2.7',
      '192.0.2.7',
      '192.0.2.7',
      '192.0.2.7',
      '192.0.2.8',
      '64:ff9b:1:0::/64',
      'unknown',
    ]);
  });

  it('counts user names case-insensitively', async () => {
    const rate = limiter();
    await admit(rate, 'a', 'X');
    await admit(rate, 'a', 'x');
    expect(typeof (await admit(rate, 'a', 'x'))).toBe('number');
  });

  it('once an address used up its failures, lets a user name that has not failed try only with a candidate, and refuses the others', async () => {
    const rate = limiter();
    for (const user of ['u1', 'u2', 'u3']) expect(await admit(rate, 'a', user)).toBe('go');
    expect(await admit(rate, 'a', 'fresh')).toBe('candidate only');
    expect(typeof (await admit(rate, 'a', 'fresh'))).toBe('number');
    expect(typeof (await admit(rate, 'a', 'u1'))).toBe('number');
    expect(await admit(rate, 'b', 'u1')).toBe('go');
  });

  it('gives the points of a successful login back', async () => {
    const rate = limiter();
    for (let i = 0; i < 5; i++) {
      const gate = rate.gate('a', 'x');
      expect((await gate.admit()).candidateRequired).toBe(false);
      await gate.succeeded();
    }
  });

  it('answers a refused candidate-only attempt with 429 and the address window in Retry-After', async () => {
    const rate = limiter();
    for (const user of ['u1', 'u2', 'u3']) await admit(rate, 'a', user);
    const gate = rate.gate('a', 'fresh');
    expect(await gate.admit()).toEqual({ candidateRequired: true });
    const refusal = gate.refusal() as ApiError;
    expect(refusal.code).toBe('rest_too_many_requests');
    expect(Number(refusal.headers['Retry-After'])).toBeGreaterThan(0);
  });
});

describe('LoginRateLimiter with Redis', () => {
  /** A Redis connection that says it is ready and never answers (a hung Redis), and a link that knows it. */
  function hungRedis(available: boolean): RedisLink {
    const never = () => new Promise(() => undefined);
    const client = { status: 'ready', rlflxIncr: never, multi: never, get: never, del: never, pttl: never, set: never };
    return { client, available: () => available, key: (name: string) => `test:${name}` } as unknown as RedisLink;
  }

  it('counts in memory at once while the link has seen Redis not answer, without waiting for a timeout', async () => {
    const rate = new LoginRateLimiter(
      { loginRateLimit: { attempts: 2, addressAttempts: 3, windowSeconds: 60 } } as AppConfig,
      hungRedis(false),
    );
    expect(await admit(rate, 'a', 'x')).toBe('go');
    expect(await admit(rate, 'a', 'x')).toBe('go');
    expect(typeof (await admit(rate, 'a', 'x'))).toBe('number');
  });
});
