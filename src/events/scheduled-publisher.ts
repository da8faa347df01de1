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
import { EventOccurrenceEntity } from './recurrence/recurrence.entity';

/** Items published per kind and run: a backlog (the service was down) is worked off run by run. */
const PER_RUN = 100;
/** Items whose publishing failed, left out of later runs of this process (bounded: forgotten past it). */
const FAILED_CAP = 10_000;

/**
 * Publishes scheduled items (status `future`, scheduledStatus) when their publication date comes,
 * as WordPress's cron does: every SCHEDULED_PUBLISH_SECONDS, events, venues and organizers whose
 * date has passed get `publish` through their services' own updates, so totals, term counts,
 * link tables and remembered reads follow as for any write. The due ones are found by the
 * indexes that start with `status`, and each is checked again on its row locked for update, so
 * an item an editor changed meanwhile is left alone, and several instances publish each once.
 * The occurrences of a series follow their series' status, unless they hold one of their own:
 * only those are published apart (publishing one alone would make its status its own).
 */
@Injectable()
export class ScheduledPublisher extends PeriodicJob<number> {
  /** `kind:id` of items whose publishing failed: a run moves past them instead of retrying them first forever. */
  private readonly failed = new Set<string>();

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
    const now = new Date();
    const kinds = [
      {
        name: 'event',
        due: () => this.dueEvents(now),
        publish: (id: number) => this.events.publishIfDue(id, scheduler, now),
      },
      {
        name: 'venue',
        due: () => this.due(VenueEntity, now),
        publish: (id: number) => this.venues.publishIfDue(id, scheduler, now),
      },
      {
        name: 'organizer',
        due: () => this.due(OrganizerEntity, now),
        publish: (id: number) => this.organizers.publishIfDue(id, scheduler, now),
      },
    ];
    let published = 0;
    for (const { name, due, publish } of kinds) {
      for (const id of await due()) {
        if (this.failed.has(`${name}:${id}`)) continue;
        try {
          if (await publish(id)) published++;
        } catch (error) {
          if (this.failed.size >= FAILED_CAP) this.failed.clear();
          this.failed.add(`${name}:${id}`);
          this.logger.warn(`Publishing scheduled ${name} ${id} failed (left out of later runs of this process): ${String(error)}`);
        }
      }
    }
    return published;
  }

  /** Due events: standalone ones and series (whose occurrences follow them), and occurrences that hold a status of their own. */
  private async dueEvents(now: Date): Promise<number[]> {
    const rows = await this.dataSource
      .createQueryBuilder(EventEntity, 'e')
      .select('e.id', 'id')
      .leftJoin(EventOccurrenceEntity, 'o', 'o.eventId = e.id')
      .where('e.status = :future AND e.publishedAt <= :now', { future: 'future', now })
      .andWhere("(o.eventId IS NULL OR o.edited LIKE :ownStatus ESCAPE '!')", { ownStatus: '%,status,%' })
      .orderBy('e.publishedAt', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .limit(PER_RUN + this.failed.size)
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  private async due(entity: typeof VenueEntity | typeof OrganizerEntity, now: Date): Promise<number[]> {
    const rows = await this.dataSource.getRepository<VenueEntity | OrganizerEntity>(entity).find({
      select: { id: true },
      where: { status: 'future', publishedAt: LessThanOrEqual(now) },
      order: { publishedAt: 'ASC', id: 'ASC' },
      take: PER_RUN + this.failed.size,
    });
    return rows.map((row) => row.id);
  }
}

/** Who publishes: an administrator (the item's author may have lost the right since scheduling); the author stays. */
const scheduler: AuthUser = { id: 0, username: 'scheduler', role: 'administrator' };
