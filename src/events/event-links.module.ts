import { Module } from '@nestjs/common';
import { EventLinks, eventLinks } from './event-links';

/**
 * The events module's link tables, as a provider other modules import without importing
 * EventsModule (which imports venues and organizers: that would be a cycle). EventsModule re-exports it.
 */
@Module({
  providers: [{ provide: EventLinks, useValue: eventLinks }],
  exports: [EventLinks],
})
export class EventLinksModule {}
