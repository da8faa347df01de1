import { ApplicationPasswordEntity } from '../auth/entities/application-password.entity';
import { SettingEntity } from '../auth/entities/setting.entity';
import { UserEntity } from '../auth/entities/user.entity';
import { EventEntity, EventOrganizerEntity, EventTermEntity, EventVenueEntity } from '../events/event.entity';
import { MediaEntity } from '../media/media.entity';
import { OrganizerEntity } from '../organizers/organizer.entity';
import { VenueEntity } from '../venues/venue.entity';
import { TermEntity } from '../terms/term.entity';
import { IdempotencyKeyEntity } from '../idempotency/idempotency-key.entity';
import { PostIdEntity } from '../posts/post-id.entity';
import { EventOccurrenceEntity, EventSeriesEntity } from '../events/recurrence/recurrence.entity';

/** Every entity, in one list shared by the app, the CLI and ormconfig.ts. */
export const ENTITIES = [
  UserEntity,
  ApplicationPasswordEntity,
  MediaEntity,
  EventEntity,
  EventTermEntity,
  EventVenueEntity,
  EventOrganizerEntity,
  TermEntity,
  VenueEntity,
  OrganizerEntity,
  IdempotencyKeyEntity,
  PostIdEntity,
  SettingEntity,
  EventSeriesEntity,
  EventOccurrenceEntity,
];
