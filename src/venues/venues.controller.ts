import { NewSlug } from '../linked-posts/new-slug.decorator';
import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import { Caller, CurrentUser } from '../auth/current-user.decorator';
import { Created } from '../common/http/created';
import { Public, RequireCapability } from '../auth/capability.decorator';
import { LoadSubject, Subject } from '../auth/subject';
import { Args } from '../common/params/args.decorator';
import { ListPage } from '../listing';
import { VenueView } from './venue.presenter';
import { CreateVenueDto } from './dto/create-venue.dto';
import { ListVenuesQuery } from './dto/list-venues.query';
import { UpdateVenueBySlugDto, UpdateVenueDto } from './dto/update-venue.dto';
import { ReadVenueBySlugDto, ReadVenueDto, VenueIdDto, VenueSlugDto } from './dto/venue-params.dto';
import { VenueEntity } from './venue.entity';
import { VenueResolver } from './venue.resolver';
import { VenuesService } from './venues.service';

/** Venues (specification §4.3). Handler order is the reference's: GET, POST; GET, DELETE, POST/PUT/PATCH. */
@Controller('venues')
@Public()
export class VenuesController {
  constructor(private readonly venues: VenuesService) {}

  @Get()
  list(@Args() args: ListVenuesQuery, @CurrentUser() user: AuthUser | null): Promise<ListPage> {
    return this.venues.list(args, user);
  }

  @Post()
  @RequireCapability('create_posts')
  create(@Args() args: CreateVenueDto, @Caller() user: AuthUser): Promise<Created<VenueView>> {
    return this.venues.create(args, user);
  }

  @Get(':id')
  @LoadSubject(VenueResolver, 'read')
  get(@Args() args: ReadVenueDto, @Subject() venue: VenueEntity, @CurrentUser() user: AuthUser | null): Promise<VenueView> {
    return this.venues.read(venue, user, args.password);
  }

  @Delete(':id')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'delete')
  remove(@Args() _args: VenueIdDto, @Subject() venue: VenueEntity, @Caller() user: AuthUser): Promise<VenueView> {
    return this.venues.remove(venue, user);
  }

  @Post(':id')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateByPost(@Args() args: UpdateVenueDto, @Subject() venue: VenueEntity, @Caller() user: AuthUser): Promise<VenueView> {
    return this.venues.update(venue, args, user);
  }

  @Put(':id')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateByPut(@Args() args: UpdateVenueDto, @Subject() venue: VenueEntity, @Caller() user: AuthUser): Promise<VenueView> {
    return this.venues.update(venue, args, user);
  }

  @Patch(':id')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateByPatch(@Args() args: UpdateVenueDto, @Subject() venue: VenueEntity, @Caller() user: AuthUser): Promise<VenueView> {
    return this.venues.update(venue, args, user);
  }

  @Get('by-slug/:slug')
  @LoadSubject(VenueResolver, 'read')
  getBySlug(@Args() args: ReadVenueBySlugDto, @Subject() venue: VenueEntity, @CurrentUser() user: AuthUser | null): Promise<VenueView> {
    return this.venues.read(venue, user, args.password);
  }

  @Delete('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'delete')
  removeBySlug(@Args() _args: VenueSlugDto, @Subject() venue: VenueEntity, @Caller() user: AuthUser): Promise<VenueView> {
    return this.venues.remove(venue, user);
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateBySlugByPost(
    @Args() args: UpdateVenueBySlugDto,
    @NewSlug() newSlug: string | undefined,
    @Subject() venue: VenueEntity,
    @Caller() user: AuthUser,
  ): Promise<VenueView> {
    return this.venues.update(venue, { ...args, newSlug }, user);
  }

  @Put('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateBySlugByPut(
    @Args() args: UpdateVenueBySlugDto,
    @NewSlug() newSlug: string | undefined,
    @Subject() venue: VenueEntity,
    @Caller() user: AuthUser,
  ): Promise<VenueView> {
    return this.venues.update(venue, { ...args, newSlug }, user);
  }

  @Patch('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateBySlugByPatch(
    @Args() args: UpdateVenueBySlugDto,
    @NewSlug() newSlug: string | undefined,
    @Subject() venue: VenueEntity,
    @Caller() user: AuthUser,
  ): Promise<VenueView> {
    return this.venues.update(venue, { ...args, newSlug }, user);
  }
}
