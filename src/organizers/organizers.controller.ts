import { NewSlug } from '../linked-posts/new-slug.decorator';
import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import { Caller, CurrentUser } from '../auth/current-user.decorator';
import { Created } from '../common/http/created';
import { Public, RequireCapability } from '../auth/capability.decorator';
import { LoadSubject, Subject } from '../auth/subject';
import { Args } from '../common/params/args.decorator';
import { ListPage } from '../listing';
import { OrganizerView } from './organizer.presenter';
import { CreateOrganizerDto } from './dto/create-organizer.dto';
import { ListOrganizersQuery } from './dto/list-organizers.query';
import { UpdateOrganizerBySlugDto, UpdateOrganizerDto } from './dto/update-organizer.dto';
import { ReadOrganizerBySlugDto, ReadOrganizerDto, OrganizerIdDto, OrganizerSlugDto } from './dto/organizer-params.dto';
import { OrganizerEntity } from './organizer.entity';
import { OrganizerResolver } from './organizer.resolver';
import { OrganizersService } from './organizers.service';

/** Organizers (specification §4.4). Handler order is the reference's: GET, POST; GET, DELETE, POST/PUT/PATCH. */
@Controller('organizers')
@Public()
export class OrganizersController {
  constructor(private readonly organizers: OrganizersService) {}

  @Get()
  list(@Args() args: ListOrganizersQuery, @CurrentUser() user: AuthUser | null): Promise<ListPage> {
    return this.organizers.list(args, user);
  }

  @Post()
  @RequireCapability('create_posts')
  create(@Args() args: CreateOrganizerDto, @Caller() user: AuthUser): Promise<Created<OrganizerView>> {
    return this.organizers.create(args, user);
  }

  @Get(':id')
  @LoadSubject(OrganizerResolver, 'read')
  get(@Args() args: ReadOrganizerDto, @Subject() organizer: OrganizerEntity, @CurrentUser() user: AuthUser | null): Promise<OrganizerView> {
    return this.organizers.read(organizer, user, args.password);
  }

  @Delete(':id')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'delete')
  remove(@Args() _args: OrganizerIdDto, @Subject() organizer: OrganizerEntity, @Caller() user: AuthUser): Promise<OrganizerView> {
    return this.organizers.remove(organizer, user);
  }

  @Post(':id')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateByPost(@Args() args: UpdateOrganizerDto, @Subject() organizer: OrganizerEntity, @Caller() user: AuthUser): Promise<OrganizerView> {
    return this.organizers.update(organizer, args, user);
  }

  @Put(':id')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateByPut(@Args() args: UpdateOrganizerDto, @Subject() organizer: OrganizerEntity, @Caller() user: AuthUser): Promise<OrganizerView> {
    return this.organizers.update(organizer, args, user);
  }

  @Patch(':id')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateByPatch(@Args() args: UpdateOrganizerDto, @Subject() organizer: OrganizerEntity, @Caller() user: AuthUser): Promise<OrganizerView> {
    return this.organizers.update(organizer, args, user);
  }

  @Get('by-slug/:slug')
  @LoadSubject(OrganizerResolver, 'read')
  getBySlug(
    @Args() args: ReadOrganizerBySlugDto,
    @Subject() organizer: OrganizerEntity,
    @CurrentUser() user: AuthUser | null,
  ): Promise<OrganizerView> {
    return this.organizers.read(organizer, user, args.password);
  }

  @Delete('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'delete')
  removeBySlug(@Args() _args: OrganizerSlugDto, @Subject() organizer: OrganizerEntity, @Caller() user: AuthUser): Promise<OrganizerView> {
    return this.organizers.remove(organizer, user);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateBySlugByPost(
    @Args() args: UpdateOrganizerBySlugDto,
    @NewSlug() newSlug: string | undefined,
    @Subject() organizer: OrganizerEntity,
    @Caller() user: AuthUser,
  ): Promise<OrganizerView> {
    return this.organizers.update(organizer, { ...args, newSlug }, user);
  }

  @Put('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateBySlugByPut(
    @Args() args: UpdateOrganizerBySlugDto,
    @NewSlug() newSlug: string | undefined,
    @Subject() organizer: OrganizerEntity,
    @Caller() user: AuthUser,
  ): Promise<OrganizerView> {
    return this.organizers.update(organizer, { ...args, newSlug }, user);
  }

  @Patch('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(OrganizerResolver, 'edit')
  updateBySlugByPatch(
    @Args() args: UpdateOrganizerBySlugDto,
    @NewSlug() newSlug: string | undefined,
    @Subject() organizer: OrganizerEntity,
    @Caller() user: AuthUser,
  ): Promise<OrganizerView> {
    return this.organizers.update(organizer, { ...args, newSlug }, user);
  }
}
