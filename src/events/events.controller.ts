import { Controller, Delete, Get, HttpCode, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { AuthUser } from '../auth/auth-user';
import { RequireCapability } from '../auth/capability.decorator';
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
export class EventsController {
  constructor(
    private readonly reads: EventsQueryService,
    private readonly writes: EventsWriteService,
  ) {}

  @Get()
  list(@Args() args: ListEventsQuery, @Req() request: Request): Promise<ListPage> {
    return this.reads.list(args, request.user);
  }

  @Post()
  @RequireCapability('create_posts')
  async create(@Args() args: CreateEventDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<EventView> {
    const { body, location } = await this.writes.create(args, caller(request));
    response.location(location);
    return body;
  }

  @Get('by-slug/:slug')
  readBySlug(@Args() args: ReadEventBySlugDto, @Req() request: Request): Promise<EventView> {
    return this.reads.read({ slug: args.slug }, request.user, args.password);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateBySlugByPost(@Args() args: UpdateEventBySlugDto, @Subject() event: EventEntity, @Req() request: Request): Promise<EventView> {
    return this.writes.update(event, args, caller(request));
  }

  @Put('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateBySlugByPut(@Args() args: UpdateEventBySlugDto, @Subject() event: EventEntity, @Req() request: Request): Promise<EventView> {
    return this.writes.update(event, args, caller(request));
  }

  @Patch('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateBySlugByPatch(@Args() args: UpdateEventBySlugDto, @Subject() event: EventEntity, @Req() request: Request): Promise<EventView> {
    return this.writes.update(event, args, caller(request));
  }

  @Delete('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'delete')
  removeBySlug(
    @Args() args: DeleteEventBySlugDto,
    @Subject() event: EventEntity,
    @Req() request: Request,
  ): Promise<EventView | DeletedEvent> {
    return this.writes.remove(event, args.force === true, caller(request));
  }

  @Get(':id')
  read(@Args() args: ReadEventDto, @Req() request: Request): Promise<EventView> {
    return this.reads.read({ id: args.id }, request.user, args.password);
  }

  @Post(':id')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateByPost(@Args() args: UpdateEventDto, @Subject() event: EventEntity, @Req() request: Request): Promise<EventView> {
    return this.writes.update(event, args, caller(request));
  }

  @Put(':id')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateByPut(@Args() args: UpdateEventDto, @Subject() event: EventEntity, @Req() request: Request): Promise<EventView> {
    return this.writes.update(event, args, caller(request));
  }

  @Patch(':id')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'edit')
  updateByPatch(@Args() args: UpdateEventDto, @Subject() event: EventEntity, @Req() request: Request): Promise<EventView> {
    return this.writes.update(event, args, caller(request));
  }

  @Delete(':id')
  @RequireCapability('create_posts')
  @LoadSubject(EventResolver, 'delete')
  remove(@Args() args: DeleteEventDto, @Subject() event: EventEntity, @Req() request: Request): Promise<EventView | DeletedEvent> {
    return this.writes.remove(event, args.force === true, caller(request));
  }
}

/** Writes run after the capability guard, so there is a caller. */
function caller(request: Request): AuthUser {
  return request.user!;
}
