import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import { ApplicationPasswordEntity } from './entities/application-password.entity';
import { UserEntity } from './entities/user.entity';
import { generateApplicationPassword, hashPassword, normalizeApplicationPassword, verifyPassword } from './password-hash';
import { PasswordLookup } from './password-lookup';
import { Role, isRole, ROLES } from './roles';
import { transaction } from '../database/transaction';

/** A refused user-management request; the CLI prints the message and exits non-zero. */
export class UserInputError extends Error {}

export interface IssuedPassword {
  readonly uuid: string;
  readonly name: string;
  /** The plain password: shown once, never stored. */
  readonly password: string;
}

interface PreparedPassword {
  readonly name: string;
  readonly plain: string;
  readonly normalized: string;
  readonly lookupHash: string;
}

const USERNAME = /^[a-z0-9._@-]{1,60}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The widths of `users.email` and `application_passwords.name`: MySQL refuses longer values, SQLite would keep them. */
const MAX_EMAIL_LENGTH = 100;
const MAX_PASSWORD_NAME_LENGTH = 100;

/** Users and application passwords, for the CLI and the ADMIN_* bootstrap. */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(ApplicationPasswordEntity) private readonly passwords: Repository<ApplicationPasswordEntity>,
    private readonly lookup: PasswordLookup,
  ) {}

  async createUser(input: { username: string; role: string; email?: string }): Promise<{ user: UserEntity; issued: IssuedPassword }> {
    const username = input.username.trim().toLowerCase();
    if (!USERNAME.test(username)) throw new UserInputError(`Invalid username "${input.username}": use 1-60 letters, digits and . _ @ -`);
    if (!isRole(input.role)) throw new UserInputError(`Unknown role "${input.role}": use one of ${ROLES.join(', ')}`);
    if (input.email !== undefined && !EMAIL.test(input.email)) throw new UserInputError(`Invalid e-mail address "${input.email}"`);
    if (input.email !== undefined && [...input.email].length > MAX_EMAIL_LENGTH) {
      throw new UserInputError(`E-mail address too long: at most ${MAX_EMAIL_LENGTH} characters`);
    }
    const secret = await this.prepare('cli');
    return transaction(this.users.manager.connection, async (manager) => {
      if (await manager.findOne(UserEntity, { where: { username } })) throw new UserInputError(`User "${username}" already exists`);
      const user = await manager.save(manager.create(UserEntity, { username, role: input.role as Role, email: input.email ?? null }));
      const issued = await this.issue(manager.getRepository(ApplicationPasswordEntity), user.id, secret);
      return { user, issued };
    });
  }

  listUsers(): Promise<UserEntity[]> {
    // Passwords in the order they were issued: without an order MariaDB returns a join's rows in
    // whatever order its plan reads them, so the listing changed between runs.
    return this.users.find({ order: { id: 'ASC', applicationPasswords: { id: 'ASC' } }, relations: { applicationPasswords: true } });
  }

  async createApplicationPassword(username: string, name = 'cli'): Promise<IssuedPassword> {
    if (!name.trim()) throw new UserInputError('Application password name must not be empty');
    if ([...name].length > MAX_PASSWORD_NAME_LENGTH) {
      throw new UserInputError(`Application password name too long: at most ${MAX_PASSWORD_NAME_LENGTH} characters`);
    }
    const user = await this.requireUser(username);
    return this.issue(this.passwords, user.id, await this.prepare(name));
  }

  /** Revokes one password by its uuid, or all of a user's with `all`. Returns how many. */
  async revokeApplicationPassword(username: string, which: { uuid?: string; all?: boolean }): Promise<number> {
    if (which.all && which.uuid) throw new UserInputError('Give --uuid <uuid> or --all, not both');
    const user = await this.requireUser(username);
    if (which.all) return (await this.passwords.delete({ userId: user.id })).affected ?? 0;
    if (!which.uuid) throw new UserInputError('Give --uuid <uuid> or --all');
    const result = await this.passwords.delete({ userId: user.id, uuid: which.uuid });
    if (!result.affected) throw new UserInputError(`User "${user.username}" has no application password ${which.uuid}`);
    return result.affected;
  }

  /**
   * ADMIN_USERNAME/ADMIN_PASSWORD: make sure this administrator exists and that the password is
   * one of its application passwords. Idempotent: a second start changes nothing.
   */
  async ensureAdmin(usernameInput: string, password: string): Promise<void> {
    const username = usernameInput.toLowerCase();
    const secret = await this.prepare('ADMIN_PASSWORD', password);
    await transaction(this.users.manager.connection, async (manager) => {
      let user = await manager.findOne(UserEntity, { where: { username } });
      if (!user) user = await manager.save(manager.create(UserEntity, { username, role: 'administrator', email: null }));
      else if (user.role !== 'administrator') await manager.update(UserEntity, user.id, { role: 'administrator' });
      // Found by its lookup hash, or among rows that have none yet (which then get it).
      const { match, legacy } = await this.lookup.candidates(manager, username, secret.lookupHash);
      if (match && (await verifyPassword(secret.normalized, match.passwordHash))) return;
      for (const row of legacy) {
        if (await verifyPassword(secret.normalized, row.passwordHash)) {
          await manager.update(ApplicationPasswordEntity, row.id, { lookupHash: secret.lookupHash });
          return;
        }
      }
      await this.issue(manager.getRepository(ApplicationPasswordEntity), user.id, secret);
    });
  }

  private async requireUser(username: string): Promise<UserEntity> {
    const user = await this.users.findOne({ where: { username: username.trim().toLowerCase() } });
    if (!user) throw new UserInputError(`No user "${username}"`);
    return user;
  }

  /**
   * A new password and its lookup hash, made before any transaction: the lookup key may be
   * created on first use, in a transaction of its own.
   */
  private async prepare(name: string, plain = generateApplicationPassword()): Promise<PreparedPassword> {
    const normalized = normalizeApplicationPassword(plain);
    return { name, plain, normalized, lookupHash: await this.lookup.digest(normalized) };
  }

  private async issue(
    repository: Repository<ApplicationPasswordEntity>,
    userId: number,
    prepared: PreparedPassword,
  ): Promise<IssuedPassword> {
    const { name, lookupHash } = prepared;
    const passwordHash = await hashPassword(prepared.normalized);
    const saved = await repository.save(
      repository.create({ uuid: randomUUID(), userId, name, passwordHash, lookupHash, lastUsedAt: null }),
    );
    return { uuid: saved.uuid, name: saved.name, password: prepared.plain };
  }
}
