import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import { Caller, CurrentUser } from '../auth/current-user.decorator';
import { Created } from '../common/http/created';
import { Public, RequireCapability } from '../auth/capability.decorator';
import { LoadSubject, Subject } from '../auth/subject';
import { Args } from '../common/params/args.decorator';
import { ListPage } from '../listing';
import { CreateEventDto } from './dto/create-event.dto';
import { DeleteEventBySlugDto, DeleteEventDto, ReadEventBySlugDto, ReadEventDto } from './dto/event-id.dto';
import { ListEventsQuery } from './dto/list-events.query';
import { UpdateEventBySlugDto, UpdateEventDto } from './dto/update-event.dto';
import { EventEntity } from './event.entity';
import { EventView } from './event.presenter';
import { EventResolver } from './event.resolver';
import { EventsQueryService } from './events-query.service';
import { DeletedEvent, EventsWriteService } from './events-write.service';

/** Events (specification §4.2, CONTRACT §3). Writes need an author of posts; the resolver checks the event. */
@Controller('events')
@Public()
export class EventsController {
  constructor(
    private readonly reads: EventsQueryService,
    private readonly writes: EventsWriteService,
  ) {}

  @Get()
  list(@Args() args: ListEventsQuery, @CurrentUser() user: AuthUser | null): Promise<ListPage> {
    return this.reads.list(args, user);
  }

  @Post()
  @RequireCapability('create_posts')
  create(@Args() args: CreateEventDto, @Caller() user: AuthUser): Promise<Created<EventView>> {
    return this.writes.create(args, user);
  }

  @Get('by-slug/:slug')
  readBySlug(@Args() args: ReadEventBySlugDto, @CurrentUser() user: AuthUser | null): Promise<EventView> {
    return this.reads.read({ slug: args.slug }, user, args.password);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateBySlugByPost(@Args() args: UpdateEventBySlugDto, @Subject() event: EventEntity, @Caller() user: AuthUser): Promise<EventView> {
    return this.writes.update(event, args, user);
  }

  @Put('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateBySlugByPut(@Args() args: UpdateEventBySlugDto, @Subject() event: EventEntity, @Caller() user: AuthUser): Promise<EventView> {
    return this.writes.update(event, args, user);
  }

  @Patch('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateBySlugByPatch(@Args() args: UpdateEventBySlugDto, @Subject() event: EventEntity, @Caller() user: AuthUser): Promise<EventView> {
    return this.writes.update(event, args, user);
  }

  @Delete('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'delete')
  removeBySlug(
    @Args() args: DeleteEventBySlugDto,
    @Subject() event: EventEntity,
    @Caller() user: AuthUser,
  ): Promise<EventView | DeletedEvent> {
    return this.writes.remove(event, args, user);
  }

  @Get(':id')
  read(@Args() args: ReadEventDto, @CurrentUser() user: AuthUser | null): Promise<EventView> {
    return this.reads.read({ id: args.id }, user, args.password);
  }

  @Post(':id')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateByPost(@Args() args: UpdateEventDto, @Subject() event: EventEntity, @Caller() user: AuthUser): Promise<EventView> {
    return this.writes.update(event, args, user);
  }

  @Put(':id')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateByPut(@Args() args: UpdateEventDto, @Subject() event: EventEntity, @Caller() user: AuthUser): Promise<EventView> {
    return this.writes.update(event, args, user);
  }

  @Patch(':id')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateByPatch(@Args() args: UpdateEventDto, @Subject() event: EventEntity, @Caller() user: AuthUser): Promise<EventView> {
    return this.writes.update(event, args, user);
  }

  @Delete(':id')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'delete')
  remove(@Args() args: DeleteEventDto, @Subject() event: EventEntity, @Caller() user: AuthUser): Promise<EventView | DeletedEvent> {
    return this.writes.remove(event, args, user);
  }
}
