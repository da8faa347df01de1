import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/** A WordPress-style application password: only its salted scrypt hash is stored. */
@Entity('application_passwords')
@Index('idx_application_passwords_lookup', ['userId', 'lookupHash'])
export class ApplicationPasswordEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Public identifier, shown by the CLI and used to revoke. */
  @Index('uq_application_passwords_uuid', { unique: true })
  @Column({ type: 'varchar', length: 36 })
  uuid!: string;

  @Index('idx_application_passwords_user')
  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => UserEntity, (user) => user.applicationPasswords, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_application_passwords_user' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** `scrypt$N$r$p$salt$hash`, all base64url. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  /**
   * HMAC-SHA-256 (hex) of the password under the installation's lookup key: finds the one row to
   * verify with scrypt. `null` for rows made before it existed, until their next successful use.
   */
  @Column({ name: 'lookup_hash', type: 'varchar', length: 64, nullable: true })
  lookupHash!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'datetime', nullable: true })
  lastUsedAt!: Date | null;
}
