import { isIPv6 } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../common/errors/api-error';
import { ERRORS } from '../common/errors/error-codes';
import { msg } from '../common/i18n/message';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { REDIS_LINK } from '../database/database.module';
import { RedisLink } from '../shared-state/redis-link';
import { LoginGate } from './auth.service';

/**
 * Failed logins (CONTRACT §2.4, issue #12), counted per (client address, user name) and per
 * client address: in Redis, shared by every instance, when REDIS_URL is set (issue #15), else in
 * memory per process; while Redis is away each process counts in its own memory meanwhile. Every attempt takes its points *before* the slow hash,
 * so a burst of parallel guesses cannot all reach scrypt; a successful login gives them back.
 *
 * - A pair that has used up LOGIN_RATE_LIMIT gets 429, whatever the password: this is what stops
 *   guessing one account. Other addresses, and other users at this address, are not affected.
 * - An address that has used up LOGIN_ADDRESS_RATE_LIMIT (failures against any users) gets 429
 *   for pairs that have failed in the window; a pair with no failure still has its attempt, but
 *   it reaches scrypt only when the password's lookup hash finds a row, else 429 at once. So the
 *   right password of a neighbour behind the same address still works, while an address spraying
 *   many user names gets one answer per name and window and costs no more slow hashes.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly pairs: RateLimiterAbstract;
  private readonly addresses: RateLimiterAbstract;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(REDIS_LINK) redis: RedisLink | null = null) {
    const duration = config.loginRateLimit.windowSeconds;
    const limiter = (keyPrefix: string, points: number): RateLimiterAbstract => {
      const memory = new RateLimiterMemory({ keyPrefix, points, duration });
      if (!redis) return memory;
      // Redis away (or slow): the insurance limiter, this process's memory, counts instead.
      return new RateLimiterRedis({
        storeClient: redis.client,
        keyPrefix: redis.key(`login:${keyPrefix}`),
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      });
    };
    this.pairs = limiter('pair', config.loginRateLimit.attempts);
    this.addresses = limiter('address', config.loginRateLimit.addressAttempts);
  }

  /** The limit of one login attempt by `username` from `address`. */
  gate(clientAddress: string, username: string): LoginGate {
    const address = limitedAddress(clientAddress);
    const pairKey = `${address}\n${username.toLowerCase()}`;
    let addressWait = 0;
    return {
      admit: async () => {
        const pair = await take(this.pairs, pairKey);
        if (pair.wait) throw tooManyRequests(pair.wait);
        const byAddress = await take(this.addresses, address);
        if (!byAddress.wait) return { candidateRequired: false };
        // The pair's own point is the only one taken so far in the window: it has not failed.
        if (pair.consumed === 1) {
          addressWait = byAddress.wait;
          return { candidateRequired: true };
        }
        throw tooManyRequests(byAddress.wait);
      },
      refusal: () => tooManyRequests(addressWait),
      succeeded: async () => {
        await this.pairs.reward(pairKey, 1);
        await this.addresses.reward(address, 1);
      },
    };
  }
}

/** Takes a point: `wait` is 0 when it was there, else the seconds until the window ends. */
async function take(limiter: RateLimiterAbstract, key: string): Promise<{ consumed: number; wait: number }> {
  try {
    const result = await limiter.consume(key);
    return { consumed: result.consumedPoints, wait: 0 };
  } catch (rejected) {
    const result = rejected as RateLimiterRes;
    return { consumed: result.consumedPoints, wait: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) };
  }
}

function tooManyRequests(seconds: number): ApiError {
  const message = msg(ERRORS.rest_too_many_requests.message, seconds);
  return new ApiError('rest_too_many_requests', message, {}, { headers: { 'Retry-After': String(seconds) } });
}

/**
 * The address a login limit counts: an IPv6 address by its /64, the block one subscriber or host
 * is given (counted one by one, a single host could take fresh addresses for every few guesses);
 * an IPv4 address as it is, also written as IPv6 (`::ffff:192.0.2.7`, `::ffff:c000:207`, or the
 * NAT64 `64:ff9b::192.0.2.7`), so that IPv4 clients behind such a proxy are not counted together.
 */
export function limitedAddress(address: string): string {
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.split('%')[0]);
  const ipv4 = () => [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return ipv4();
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return ipv4();
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((+dotted[1] << 8) | +dotted[2]).toString(16)}:${((+dotted[3] << 8) | +dotted[4]).toString(16)}`
    : address;
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
