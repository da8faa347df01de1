import { Inject, Injectable } from '@nestjs/common';
import * as ipaddr from 'ipaddr.js';
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
  private readonly pairs: () => RateLimiterAbstract;
  private readonly addresses: () => RateLimiterAbstract;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(REDIS_LINK) redis: RedisLink | null = null) {
    const duration = config.loginRateLimit.windowSeconds;
    const limiter = (keyPrefix: string, points: number): (() => RateLimiterAbstract) => {
      const memory = new RateLimiterMemory({ keyPrefix, points, duration });
      if (!redis) return () => memory;
      // Redis away (or slow): the insurance limiter, this process's memory, counts instead.
      const shared = new RateLimiterRedis({
        storeClient: redis.client,
        keyPrefix: redis.key(`login:${keyPrefix}`),
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      });
      // A hung Redis keeps its connection "ready": once RedisLink has seen it not answer, count in
      // memory at once instead of waiting for a command timeout on every attempt.
      return () => (redis.available() ? shared : memory);
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
        const pair = await take(this.pairs(), pairKey);
        if (pair.wait) throw tooManyRequests(pair.wait);
        const byAddress = await take(this.addresses(), address);
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
        await this.pairs().reward(pairKey, 1);
        await this.addresses().reward(address, 1);
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

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * The address a login limit counts: an IPv6 address by its /64, the block one subscriber or host
 * is given (counted one by one, a single host could take fresh addresses for every few guesses);
 * an IPv4 address as it is, also written as IPv6 (`::ffff:192.0.2.7`, `::ffff:c000:207`, or the
 * NAT64 `64:ff9b::192.0.2.7`), so that IPv4 clients behind such a proxy are not counted together.
 * Anything that is not an address (a test's or a socket's placeholder) is counted as it is.
 */
export function limitedAddress(address: string): string {
  if (!ipaddr.IPv6.isValid(address)) return address;
  const ipv6 = ipaddr.IPv6.parse(address);
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  // RFC 6052's well-known NAT64 prefix carries the IPv4 address in its last 32 bits (ipaddr.js's
  // `rfc6052` range also holds RFC 8215's local-use /48, where the address may sit elsewhere).
  if (ipv6.match(NAT64_WELL_KNOWN)) return ipaddr.fromByteArray(ipv6.toByteArray().slice(12)).toString();
  return `${ipv6.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
