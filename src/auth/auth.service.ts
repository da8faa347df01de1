import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import { ApplicationPasswordEntity } from './entities/application-password.entity';
import { UserEntity } from './entities/user.entity';
import { AuthUser } from './auth-user';
import { hashPassword, normalizeApplicationPassword, verifyPassword } from './password-hash';

// One dummy hash to compare against when the user does not exist, so timing does not tell.
const DUMMY_HASH = hashPassword(randomBytes(18).toString('base64url'));
const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 10_000;

/**
 * Verifies HTTP Basic credentials against application passwords. A slow hash on every request
 * would cap writes at a few dozen per second, so a successful verification is remembered for a
 * few minutes under a keyed digest of the credentials; every hit still re-reads the password row
 * and the user, so a revoked password or a changed role takes effect on the next request.
 */
@Injectable()
export class AuthService {
  private readonly verified = new Map<string, { passwordId: number; expires: number }>();
  private readonly verifying = new Map<string, Promise<AuthUser | null>>();
  private readonly cacheKey = randomBytes(32);

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(ApplicationPasswordEntity) private readonly passwords: Repository<ApplicationPasswordEntity>,
  ) {}

  /**
   * `beforeSlowCheck` runs only when the credentials are not known-good already, right before the
   * slow hash: the login rate limit spends its points there, so busy legitimate clients are not
   * limited, while every guess is.
   */
  async authenticate(username: string, password: string, beforeSlowCheck: () => Promise<void> = async () => {}): Promise<AuthUser | null> {
    const secret = normalizeApplicationPassword(password);
    const digest = createHash('sha256').update(this.cacheKey).update(`${username.toLowerCase()}\0${secret}`).digest('base64');
    const cached = this.verified.get(digest);
    if (cached && cached.expires > Date.now()) {
      // One query: findOne with a relation would first select distinct ids, then the rows (issue #7).
      const row = await this.passwords
        .createQueryBuilder('password')
        .innerJoinAndSelect('password.user', 'user')
        .where('password.id = :id', { id: cached.passwordId })
        .getOne();
      if (row?.user) return toAuthUser(row.user);
      this.verified.delete(digest);
    }

    // Requests with the same credentials arriving together share one slow check (and one point
    // of the login rate limit): a client opening many connections at once is not refused.
    const pending = this.verifying.get(digest);
    if (pending) return pending;
    await beforeSlowCheck();
    const check = this.verifySlowly(username, secret, digest).finally(() => this.verifying.delete(digest));
    this.verifying.set(digest, check);
    return check;
  }

  private async verifySlowly(username: string, secret: string, digest: string): Promise<AuthUser | null> {
    const user = await this.users.findOne({ where: { username: username.toLowerCase() }, relations: { applicationPasswords: true } });
    const candidates = user?.applicationPasswords ?? [];
    if (!user || candidates.length === 0) {
      await verifyPassword(secret, await DUMMY_HASH);
      return null;
    }
    for (const candidate of candidates) {
      if (await verifyPassword(secret, candidate.passwordHash)) {
        this.remember(digest, candidate.id);
        await this.passwords.update(candidate.id, { lastUsedAt: new Date() });
        return toAuthUser(user);
      }
    }
    return null;
  }

  private remember(digest: string, passwordId: number): void {
    if (this.verified.size >= CACHE_MAX) this.verified.clear();
    this.verified.set(digest, { passwordId, expires: Date.now() + CACHE_TTL_MS });
  }
}

export function toAuthUser(user: UserEntity): AuthUser {
  return { id: user.id, username: user.username, role: user.role };
}
