import { Controller, Get } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { TextResult } from '../common/http/text-result';
import { Args } from '../common/params/args.decorator';
import { ReadEventDto } from './dto/event-id.dto';
import { ListEventsQuery } from './dto/list-events.query';
import { EventsIcsService } from './events-ics.service';
import { Public } from '../auth/capability.decorator';

/**
 * Events as iCalendar (CONTRACT §7): the list's and the single read's parameters, checks and
 * results as `text/calendar`. Registered before EventsController (events.module.ts): Express
 * tries routes in registration order, and `events/:id` would take `events/ics` (as a 404).
 */
@Controller('events')
@Public()
export class EventsIcsController {
  constructor(private readonly ics: EventsIcsService) {}

  @Get('ics')
  feed(@Args() args: ListEventsQuery, @CurrentUser() user: AuthUser | null): Promise<TextResult> {
    return this.ics.feed(args, user);
  }

  @Get(':id/ics')
  single(@Args() args: ReadEventDto, @CurrentUser() user: AuthUser | null): Promise<TextResult> {
    return this.ics.single(args.id, user, args.password);
  }
}
