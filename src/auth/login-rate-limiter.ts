import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/**
 * Failed logins per client address (CONTRACT §2.4). Every attempt takes a point *before* the
 * slow hash runs, so a burst of parallel guesses cannot all reach scrypt; a successful login gives
 * its point back. Once the points are used up, authenticated requests from the address get 429
 * until the window passes; anonymous reads are not affected. In memory, per process.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly limiter: RateLimiterMemory;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limiter = new RateLimiterMemory({ points: config.loginRateLimit.attempts, duration: config.loginRateLimit.windowSeconds });
  }

  /** Takes a point for an attempt: 0 when it may proceed, else the seconds to wait. */
  async attempt(address: string): Promise<number> {
    try {
      await this.limiter.consume(address);
      return 0;
    } catch (rejected) {
      return Math.max(1, Math.ceil((rejected as RateLimiterRes).msBeforeNext / 1000));
    }
  }

  /** A successful login does not count against the address. */
  async succeeded(address: string): Promise<void> {
    await this.limiter.reward(address, 1);
  }
}
