import { Column, CreateDateColumn, Entity, Index, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { Role } from '../roles';
import { ApplicationPasswordEntity } from './application-password.entity';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Stored lower-case, so the unique index means the same on both databases. */
  @Index('uq_users_username', { unique: true })
  @Column({ type: 'varchar', length: 60 })
  username!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 20 })
  role!: Role;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @OneToMany(() => ApplicationPasswordEntity, (password) => password.user)
  applicationPasswords?: ApplicationPasswordEntity[];
}
