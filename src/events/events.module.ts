import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaModule } from '../media/media.module';
import { OrganizersModule } from '../organizers/organizers.module';
import { VenuesModule } from '../venues/venues.module';
import { EventCategoryTreeEntity, EventEntity, EventOrganizerEntity, EventTermEntity, EventVenueEntity } from './event.entity';
import { EventLinksModule } from './event-links.module';
import { EventRelationsReader } from './event-relations';
import { DayCountFolder } from './day-count-folder';
import { ScheduledPublisher } from './scheduled-publisher';
import { EventResolver } from './event.resolver';
import { EventsQueryService } from './events-query.service';
import { EventsWriteService } from './events-write.service';
import { EventsController } from './events.controller';
import { EventsIcsController } from './events-ics.controller';
import { EventsIcsService } from './events-ics.service';
import { RecurrenceHorizon } from './recurrence/recurrence-horizon';
import { EventOccurrenceEntity, EventSeriesEntity } from './recurrence/recurrence.entity';
import { RecurrenceService } from './recurrence/recurrence.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      EventEntity,
      EventTermEntity,
      EventVenueEntity,
      EventOrganizerEntity,
      EventCategoryTreeEntity,
      EventSeriesEntity,
      EventOccurrenceEntity,
    ]),
    MediaModule,
    VenuesModule,
    OrganizersModule,
    EventLinksModule,
  ],
  // EventsIcsController first: its `events/ics` must be registered before `events/:id`.
  controllers: [EventsIcsController, EventsController],
  providers: [
    EventsQueryService,
    EventRelationsReader,
    EventsWriteService,
    EventResolver,
    EventsIcsService,
    RecurrenceService,
    RecurrenceHorizon,
    DayCountFolder,
    ScheduledPublisher,
  ],
  // EventLinks: the only reader and writer of the link tables, asked by venues, organizers and terms.
  exports: [EventsQueryService, EventLinksModule],
})
export class EventsModule {}
