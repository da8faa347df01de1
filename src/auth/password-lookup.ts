import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { transaction } from '../database/transaction';
import { ApplicationPasswordEntity } from './entities/application-password.entity';
import { SettingEntity } from './entities/setting.entity';

const KEY_SETTING = 'password_lookup_key';

/** The rows a login may verify: the one its lookup hash finds, and rows that have no lookup hash yet. */
export interface Candidates {
  /** Found by the lookup hash, with its user; verify only this one. */
  readonly match: ApplicationPasswordEntity | null;
  /** Rows made before lookup hashes existed (with their user), each needing its own slow check. */
  readonly legacy: ApplicationPasswordEntity[];
}

/**
 * Finds the application password a login names without trying each one with scrypt (issue #12:
 * login time told how many passwords a user has). The lookup hash is an HMAC-SHA-256 of the
 * normalised password: application passwords are 24 random letters and digits (about 143 bits),
 * so a fast keyed hash of them cannot be guessed, and the slow hash still guards the stored
 * secret. The key is generated once per installation and stored in the database, so `npm start`
 * needs no set-up, it survives restarts and every instance on the same database shares it.
 */
@Injectable()
export class PasswordLookup {
  private key?: Promise<Buffer>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The lookup hash of a normalised password. Never call it inside a transaction (the key may be made in one). */
  async digest(secret: string): Promise<string> {
    const key = await this.loadKey();
    return createHmac('sha256', key).update(secret, 'utf8').digest('hex');
  }

  /** The user's row whose lookup hash is `lookupHash`, and its rows without one; one query. */
  async candidates(manager: EntityManager, username: string, lookupHash: string): Promise<Candidates> {
    const rows = await manager
      .createQueryBuilder(ApplicationPasswordEntity, 'password')
      .innerJoinAndSelect('password.user', 'user')
      .where('user.username = :username', { username })
      .andWhere('(password.lookupHash = :lookupHash OR password.lookupHash IS NULL)', { lookupHash })
      .orderBy('password.id', 'ASC')
      .getMany()
      // The very name only: MySQL's collation also finds `admin` for `admin ` or `ádmin`, and each
      // such spelling would sign in with a failed-login allowance of its own (LoginRateLimiter).
      .then((found) => found.filter((row) => row.user?.username === username));
    return { match: rows.find((row) => row.lookupHash === lookupHash) ?? null, legacy: rows.filter((row) => row.lookupHash === null) };
  }

  private loadKey(): Promise<Buffer> {
    // A failed load (database down) is not remembered: the next login tries again.
    this.key ??= this.readOrCreateKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async readOrCreateKey(): Promise<Buffer> {
    const existing = await this.dataSource.getRepository(SettingEntity).findOne({ where: { name: KEY_SETTING } });
    if (existing) return Buffer.from(existing.value, 'base64');
    const value = await transaction(this.dataSource, async (manager) => {
      const mine = randomBytes(32).toString('base64');
      // Instances starting together race here: one insert wins and everyone reads the winner's key.
      await manager.createQueryBuilder().insert().into(SettingEntity).values({ name: KEY_SETTING, value: mine }).orIgnore().execute();
      const stored = await manager.findOneOrFail(SettingEntity, { where: { name: KEY_SETTING } });
      // A new key (first start, or the row was deleted) makes earlier lookup hashes meaningless:
      // those rows go back to the slow path and get a new lookup hash on their next use.
      if (stored.value === mine) {
        await manager
          .createQueryBuilder()
          .update(ApplicationPasswordEntity)
          .set({ lookupHash: null })
          .where('lookup_hash IS NOT NULL')
          .execute();
      }
      return stored.value;
    });
    return Buffer.from(value, 'base64');
  }
}
