import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import { ApplicationPasswordEntity } from './entities/application-password.entity';
import { AuthUser } from './auth-user';
import { PasswordLookup } from './password-lookup';
import { hashPassword, normalizeApplicationPassword, verifyPassword } from './password-hash';
import { UserEntity } from './entities/user.entity';
import { prepared } from '../database/prepared-statements';

// What a login without a candidate row verifies, so it costs the same one scrypt as any other.
const DUMMY_HASH = hashPassword(randomBytes(18).toString('base64url'));
const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 10_000;

/** The login rate limit of one attempt (LoginRateLimiter.gate), as the slow check uses it. */
export interface LoginGate {
  /** Takes the attempt's points; throws 429 when it may not go on. `candidateRequired`: only a row found by the lookup hash may be verified. */
  admit(): Promise<{ candidateRequired: boolean }>;
  /** The 429 for a `candidateRequired` attempt whose lookup hash found nothing. */
  refusal(): Error;
  /** The attempt's credentials were right: its points are given back. */
  succeeded(): Promise<void>;
}

const NO_LIMIT: LoginGate = {
  admit: () => Promise.resolve({ candidateRequired: false }),
  refusal: () => new Error('never refused'),
  succeeded: () => Promise.resolve(),
};

/**
 * Verifies HTTP Basic credentials against application passwords. The row to verify is found by
 * its lookup hash (PasswordLookup), so every attempt verifies exactly one scrypt hash: the
 * candidate's, or a dummy one for an unknown user, a user without passwords or a wrong password
 * (issue #12). Rows made before lookup hashes existed are tried one by one until their first
 * successful use gives them one. A slow hash on every request would cap writes at a few dozen
 * per second, so a successful verification is remembered for a few minutes under a keyed digest
 * of the credentials; every hit still re-reads the password row and the user, so a revoked
 * password or a changed role takes effect on the next request.
 */
@Injectable()
export class AuthService {
  private readonly verified = new Map<string, { passwordId: number; expires: number }>();
  private readonly verifying = new Map<string, Promise<AuthUser | null>>();
  private readonly cacheKey = randomBytes(32);

  constructor(
    @InjectRepository(ApplicationPasswordEntity) private readonly passwords: Repository<ApplicationPasswordEntity>,
    private readonly lookup: PasswordLookup,
  ) {}

  /**
   * `gate` is consulted only when the credentials are not known-good already, before the slow
   * hash: the login rate limit spends its points there, so busy legitimate clients are not
   * limited, while every guess is.
   */
  async authenticate(username: string, password: string, gate: LoginGate = NO_LIMIT): Promise<AuthUser | null> {
    const secret = normalizeApplicationPassword(password);
    const digest = createHash('sha256').update(this.cacheKey).update(`${username.toLowerCase()}\0${secret}`).digest('base64');
    const cached = this.verified.get(digest);
    if (cached && cached.expires > Date.now()) {
      // One prepared statement with three columns, on every signed-in request: no query builder, no entities (issue #14).
      const [user] = await this.passwords.query<{ id: number | string; username: string; role: string }[]>(
        prepared(
          'SELECT u.id AS id, u.username AS username, u.role AS role FROM application_passwords p INNER JOIN users u ON u.id = p.user_id WHERE p.id = ?',
        ),
        [cached.passwordId],
      );
      if (user) return { id: Number(user.id), username: user.username, role: user.role as AuthUser['role'] };
      this.verified.delete(digest);
    }

    // Requests with the same credentials arriving together share one slow check (and one point
    // of the login rate limit): a client opening many connections at once is not refused.
    const pending = this.verifying.get(digest);
    if (pending) return pending;
    const check = this.verifySlowly(username.toLowerCase(), secret, digest, gate).finally(() => this.verifying.delete(digest));
    this.verifying.set(digest, check);
    return check;
  }

  private async verifySlowly(username: string, secret: string, digest: string, gate: LoginGate): Promise<AuthUser | null> {
    const { candidateRequired } = await gate.admit();
    const lookupHash = await this.lookup.digest(secret);
    const { match, legacy } = await this.lookup.candidates(this.passwords.manager, username, lookupHash);
    if (candidateRequired && !match) throw gate.refusal();
    const verified = match ? (await verifyPassword(secret, match.passwordHash)) && match : await this.verifyLegacy(secret, legacy);
    if (!verified || !verified.user) return null;
    await gate.succeeded();
    this.remember(digest, verified.id);
    await this.passwords.update(verified.id, { lastUsedAt: new Date(), lookupHash });
    return toAuthUser(verified.user);
  }

  /** Rows without a lookup hash (made before it existed): each costs a slow check, until its first use. */
  private async verifyLegacy(secret: string, rows: ApplicationPasswordEntity[]): Promise<ApplicationPasswordEntity | null> {
    if (rows.length === 0) {
      await verifyPassword(secret, await DUMMY_HASH);
      return null;
    }
    for (const row of rows) if (await verifyPassword(secret, row.passwordHash)) return row;
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
