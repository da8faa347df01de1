import { Inject, Injectable, Logger } from '@nestjs/common';
import { PeriodicJob } from '../common/jobs/periodic-job';
import { DataSource, LessThanOrEqual } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { OrganizerEntity } from '../organizers/organizer.entity';
import { OrganizersService } from '../organizers/organizers.service';
import { VenueEntity } from '../venues/venue.entity';
import { VenuesService } from '../venues/venues.service';
import { EventEntity } from './event.entity';
import { EventsWriteService } from './events-write.service';

/** Items published per kind and run: a backlog (the service was down) is worked off run by run. */
const PER_RUN = 100;

/**
 * Publishes scheduled items (status `future`, scheduledStatus) when their publication date comes,
 * as WordPress's cron does: every SCHEDULED_PUBLISH_SECONDS, events, venues and organizers whose
 * date has passed get `publish` through their services' own updates, so totals, term counts,
 * link tables and remembered reads follow as for any write. The due ones are found by the
 * indexes that start with `status`. Safe with several instances: each update locks its row and
 * publishing twice changes nothing.
 */
@Injectable()
export class ScheduledPublisher extends PeriodicJob<number> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventsWriteService,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(new Logger(ScheduledPublisher.name), 'Publishing scheduled items', config.scheduledPublishSeconds);
  }

  /** Publishes what is due; how many items. */
  protected async work(): Promise<number> {
    let published = 0;
    const kinds = [
      { entity: EventEntity, publish: (item: EventEntity) => this.events.update(item, publishing, scheduler(item)) },
      { entity: VenueEntity, publish: (item: VenueEntity) => this.venues.update(item, publishing, scheduler(item)) },
      { entity: OrganizerEntity, publish: (item: OrganizerEntity) => this.organizers.update(item, publishing, scheduler(item)) },
    ] as const;
    for (const { entity, publish } of kinds) {
      const due = await this.dataSource.getRepository<EventEntity | VenueEntity | OrganizerEntity>(entity).find({
        where: { status: 'future', publishedAt: LessThanOrEqual(new Date()) },
        order: { publishedAt: 'ASC', id: 'ASC' },
        take: PER_RUN,
      });
      for (const item of due) {
        try {
          await (publish as (item: EventEntity | VenueEntity | OrganizerEntity) => Promise<unknown>)(item);
          published++;
        } catch (error) {
          this.logger.warn(`Publishing scheduled ${entity.name} ${item.id} failed (retried at the next run): ${String(error)}`);
        }
      }
    }
    return published;
  }
}

const publishing = { status: 'publish' as const };

/** Who publishes: the item's author, with the right to (an author may have lost it since scheduling). */
function scheduler(item: { authorId: number }): AuthUser {
  return { id: item.authorId, username: 'scheduler', role: 'administrator' };
}
