import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../auth/entities/user.entity';

/** The first response to a create, as stored for replay (the body as the exact JSON text sent). */
export interface StoredResponse {
  readonly status: number;
  readonly location: string | null;
  readonly body: string;
}

/**
 * One `Idempotency-Key` of one user (CONTRACT §7): claimed by the first request before it runs,
 * completed with its response, replayed until `expires_at`. Indexes: the unique (user_id,
 * key_hash) is the claim and the lookup; (expires_at) serves the lazy clean-up.
 */
@Entity('idempotency_keys')
@Index('uq_idempotency_keys_user_key', ['userId', 'keyHash'], { unique: true })
export class IdempotencyKeyEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_idempotency_keys_user' })
  user?: UserEntity;

  /** SHA-256 (hex) of the key: compared byte for byte whatever the collation, and no client text kept. */
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash!: string;

  /** SHA-256 (hex) of the method, path, query and body: another request under the same key is 422. */
  @Column({ type: 'varchar', length: 64 })
  fingerprint!: string;

  /** `null` while the first request is in flight. JSON holds any size on both databases (MySQL's TEXT stops at 64 KiB). */
  @Column({ type: 'json', nullable: true })
  response!: StoredResponse | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Index('idx_idempotency_keys_expires')
  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt!: Date;
}
