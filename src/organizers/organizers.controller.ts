import { Controller, Delete, Get, HttpCode, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { RequireCapability } from '../auth/capability.decorator';
import { LoadSubject, Subject } from '../auth/subject';
import { Args } from '../common/params/args.decorator';
import { ListPage } from '../listing';
import { sendCreated, writer } from '../linked-posts/linked-post-http';
import { Json } from '../linked-posts/linked-post.presenter';
import { CreateOrganizerDto } from './dto/create-organizer.dto';
import { ListOrganizersQuery } from './dto/list-organizers.query';
import { UpdateOrganizerBySlugDto, UpdateOrganizerDto } from './dto/update-organizer.dto';
import { ReadOrganizerBySlugDto, ReadOrganizerDto, OrganizerIdDto, OrganizerSlugDto } from './dto/organizer-params.dto';
import { OrganizerEntity } from './organizer.entity';
import { OrganizerResolver } from './organizer.resolver';
import { OrganizersService } from './organizers.service';

/** Organizers (specification §4.4). Handler order is the reference's: GET, POST; GET, DELETE, POST/PUT/PATCH. */
@Controller('organizers')
export class OrganizersController {
  constructor(private readonly organizers: OrganizersService) {}

  @Get()
  list(@Args() args: ListOrganizersQuery, @Req() request: Request): Promise<ListPage> {
    return this.organizers.list(args, request.user);
  }

  @Post()
  @RequireCapability('create_posts')
  async create(@Args() args: CreateOrganizerDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<Json> {
    return sendCreated(response, await this.organizers.create(args, writer(request)));
  }

  @Get(':id')
  @LoadSubject(OrganizerResolver, 'read')
  get(@Args() args: ReadOrganizerDto, @Subject() organizer: OrganizerEntity, @Req() request: Request): Promise<Json> {
    return this.organizers.read(organizer, request.user, args.password);
  }

  @Delete(':id')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'delete')
  remove(@Args() _args: OrganizerIdDto, @Subject() organizer: OrganizerEntity, @Req() request: Request): Promise<Json> {
    return this.organizers.remove(organizer, writer(request));
  }

  @Post(':id')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateByPost(@Args() args: UpdateOrganizerDto, @Subject() organizer: OrganizerEntity, @Req() request: Request): Promise<Json> {
    return this.organizers.update(organizer, args, writer(request));
  }

  @Put(':id')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateByPut(@Args() args: UpdateOrganizerDto, @Subject() organizer: OrganizerEntity, @Req() request: Request): Promise<Json> {
    return this.organizers.update(organizer, args, writer(request));
  }

  @Patch(':id')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateByPatch(@Args() args: UpdateOrganizerDto, @Subject() organizer: OrganizerEntity, @Req() request: Request): Promise<Json> {
    return this.organizers.update(organizer, args, writer(request));
  }

  @Get('by-slug/:slug')
  @LoadSubject(OrganizerResolver, 'read')
  getBySlug(@Args() args: ReadOrganizerBySlugDto, @Subject() organizer: OrganizerEntity, @Req() request: Request): Promise<Json> {
    return this.organizers.read(organizer, request.user, args.password);
  }

  @Delete('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'delete')
  removeBySlug(@Args() _args: OrganizerSlugDto, @Subject() organizer: OrganizerEntity, @Req() request: Request): Promise<Json> {
    return this.organizers.remove(organizer, writer(request));
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateBySlugByPost(
    @Args() args: UpdateOrganizerBySlugDto,
    @Subject() organizer: OrganizerEntity,
    @Req() request: Request,
  ): Promise<Json> {
    return this.organizers.update(organizer, args, writer(request));
  }

  @Put('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateBySlugByPut(@Args() args: UpdateOrganizerBySlugDto, @Subject() organizer: OrganizerEntity, @Req() request: Request): Promise<Json> {
    return this.organizers.update(organizer, args, writer(request));
  }

  @Patch('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateBySlugByPatch(
    @Args() args: UpdateOrganizerBySlugDto,
    @Subject() organizer: OrganizerEntity,
    @Req() request: Request,
  ): Promise<Json> {
    return this.organizers.update(organizer, args, writer(request));
  }
}
