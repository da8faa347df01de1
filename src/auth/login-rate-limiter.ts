import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/**
 * Failed logins per client address (CONTRACT §2.4): after `attempts` failures in the window,
 * every authenticated request from that address is refused with 429 until the window passes.
 * In memory, per process: behind several instances each enforces its own limit.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly limiter: RateLimiterMemory;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limiter = new RateLimiterMemory({ points: config.loginRateLimit.attempts, duration: config.loginRateLimit.windowSeconds });
  }

  /** Seconds to wait when the address is blocked, else 0. */
  async blockedFor(address: string): Promise<number> {
    const state = await this.limiter.get(address);
    return state && state.remainingPoints <= 0 ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
  }

  /** Records a failed login; once the allowance is used up, blockedFor() reports the wait. */
  async recordFailure(address: string): Promise<void> {
    await this.limiter.consume(address).catch(() => undefined);
  }
}
