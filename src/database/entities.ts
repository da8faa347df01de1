import { ApplicationPasswordEntity } from '../auth/entities/application-password.entity';
import { UserEntity } from '../auth/entities/user.entity';
import { MediaEntity } from '../media/media.entity';

/** Every entity, in one list shared by the app, the CLI and ormconfig.ts. */
export const ENTITIES = [UserEntity, ApplicationPasswordEntity, MediaEntity];
