import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, EntityManager, FindOptionsWhere, IsNull, LessThanOrEqual } from 'typeorm';
import { ApiError } from '../common/errors/api-error';
import { isUniqueViolation, transaction } from '../database/transaction';
import { notesComplete } from '../database/write-notes';
import { IdempotencyKeyEntity, StoredResponse } from './idempotency-key.entity';
import { keyHash } from './request-fingerprint';

/** How long the first response to a key is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim without a response after this long is taken as abandoned (its process died) and taken over. */
export const IN_FLIGHT_LIMIT_MS = 60_000;
const POLL_MS = 50;
/** How often a release that failed (the database did not answer) is tried again in the background. */
const RELEASE_RETRY_MS = 1000;
/** Expired keys are deleted lazily, at most this often per process. */
const CLEAN_UP_EVERY_MS = 60_000;

/** What a request with a key does: run (it holds the claim) or replay the stored first response. */
export type Claim = { readonly kind: 'run'; readonly id: number } | { readonly kind: 'replay'; readonly response: StoredResponse };

/**
 * Idempotency keys of creates (CONTRACT §7). The first request inserts its row before it runs: the
 * unique (user_id, key_hash) index lets exactly one request hold a key. A concurrent request with
 * the same key and body waits for the first to finish and replays its response (never a 409, never
 * a second item); with another body it is refused at once (422). A failed first request releases
 * the key, so a retry runs again. Every statement goes through `transaction()`: on MySQL that is
 * the primary (never a lagging replica), on SQLite it keeps them out of other requests' transactions.
 */
@Injectable()
export class IdempotencyService {
  private nextCleanUp = 0;

  constructor(private readonly dataSource: DataSource) {}

  async claim(userId: number, key: string, fingerprint: string): Promise<Claim> {
    const hash = keyHash(key);
    await this.cleanUp();
    for (;;) {
      const id = await this.insert(userId, hash, fingerprint);
      if (id !== undefined) return { kind: 'run', id };

      const row = await this.keysOnly((manager) => manager.findOne(IdempotencyKeyEntity, { where: { userId, keyHash: hash } }));
      if (!row) continue; // released (the first request failed) or cleaned up meanwhile: claim it
      if (row.expiresAt.getTime() <= Date.now()) {
        await this.delete({ id: row.id, expiresAt: LessThanOrEqual(new Date()) });
        continue;
      }
      // An abandoned claim is nobody's request any more: whatever this one's body, it takes the key.
      if (!row.response && Date.now() - row.createdAt.getTime() > IN_FLIGHT_LIMIT_MS) {
        await this.delete({ id: row.id, response: IsNull() });
        continue;
      }
      if (row.fingerprint !== fingerprint) throw new ApiError('idempotency_key_reused');
      if (row.response) return { kind: 'replay', response: row.response };
      await sleep(POLL_MS);
    }
  }

  /** Stores the first response: from now on it is replayed. */
  async complete(id: number, response: StoredResponse): Promise<void> {
    await this.keysOnly((manager) => manager.update(IdempotencyKeyEntity, { id }, { response }));
  }

  /**
   * Stores the first response in the create's own transaction (`manager`): it commits exactly when
   * the item does. A client that got no answer (the COMMIT's was lost: 503) and retries with the
   * key gets the item it made, never a second one.
   */
  async completeIn(manager: EntityManager, id: number, response: StoredResponse): Promise<void> {
    const { affected } = await manager.update(IdempotencyKeyEntity, { id, response: IsNull() }, { response });
    // The claim is gone: it was taken as abandoned (this create ran past IN_FLIGHT_LIMIT_MS) and the
    // key belongs to another request now. Rolled back, this create makes no second item.
    if (affected === 0) throw new ApiError('idempotency_key_reused');
  }

  /** Gives the key back after a failed first request, unless its create committed (it stored the response). */
  async release(id: number): Promise<void> {
    await this.delete({ id, response: IsNull() });
  }

  /**
   * A release that failed (the database away) is tried again each second, for as long as the claim
   * would count as in flight: else a retry once the database is back waits until the claim counts
   * as abandoned (up to IN_FLIGHT_LIMIT_MS), holding a request slot all along.
   */
  releaseInBackground(id: number): void {
    const until = Date.now() + IN_FLIGHT_LIMIT_MS;
    const attempt = () => {
      if (Date.now() < until) this.release(id).catch(() => setTimeout(attempt, RELEASE_RETRY_MS).unref());
    };
    setTimeout(attempt, RELEASE_RETRY_MS).unref();
  }

  /** A transaction of idempotency keys only: it changes no content, so it ends no remembered read (issue #14). */
  private keysOnly<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return transaction(this.dataSource, (manager) => {
      notesComplete();
      return work(manager);
    });
  }

  private async insert(userId: number, hash: string, fingerprint: string): Promise<number | undefined> {
    const now = Date.now();
    try {
      return await this.keysOnly(async (manager) => {
        const result = await manager.insert(IdempotencyKeyEntity, {
          userId,
          keyHash: hash,
          fingerprint,
          response: null,
          createdAt: new Date(now),
          expiresAt: new Date(now + IDEMPOTENCY_TTL_MS),
        });
        return Number((result.identifiers[0] as { id: number }).id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  private async delete(where: FindOptionsWhere<IdempotencyKeyEntity>): Promise<void> {
    await this.keysOnly((manager) => manager.delete(IdempotencyKeyEntity, where));
  }

  /** Deletes the expired keys of every user, at most once a minute per process. */
  private async cleanUp(): Promise<void> {
    if (Date.now() < this.nextCleanUp) return;
    this.nextCleanUp = Date.now() + CLEAN_UP_EVERY_MS;
    await this.delete({ expiresAt: LessThanOrEqual(new Date()) });
  }
}
