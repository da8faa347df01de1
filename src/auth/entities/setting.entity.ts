import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Installation-wide values generated once and shared by every instance (the password lookup key). */
@Entity('settings')
export class SettingEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'varchar', length: 255 })
  value!: string;
}
