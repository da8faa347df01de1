import { Controller, Delete, Get, HttpCode, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { RequireCapability } from '../auth/capability.decorator';
import { LoadSubject, Subject } from '../auth/subject';
import { Args } from '../common/params/args.decorator';
import { ListPage } from '../listing';
import { sendCreated, writer } from '../linked-posts/linked-post-http';
import { Json } from '../linked-posts/linked-post.presenter';
import { CreateVenueDto } from './dto/create-venue.dto';
import { ListVenuesQuery } from './dto/list-venues.query';
import { UpdateVenueBySlugDto, UpdateVenueDto } from './dto/update-venue.dto';
import { ReadVenueBySlugDto, ReadVenueDto, VenueIdDto, VenueSlugDto } from './dto/venue-params.dto';
import { VenueEntity } from './venue.entity';
import { VenueResolver } from './venue.resolver';
import { VenuesService } from './venues.service';

/** Venues (specification §4.3). Handler order is the reference's: GET, POST; GET, DELETE, POST/PUT/PATCH. */
@Controller('venues')
export class VenuesController {
  constructor(private readonly venues: VenuesService) {}

  @Get()
  list(@Args() args: ListVenuesQuery, @Req() request: Request): Promise<ListPage> {
    return this.venues.list(args, request.user);
  }

  @Post()
  @RequireCapability('create_posts')
  async create(@Args() args: CreateVenueDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<Json> {
    return sendCreated(response, await this.venues.create(args, writer(request)));
  }

  @Get(':id')
  @LoadSubject(VenueResolver, 'read')
  get(@Args() args: ReadVenueDto, @Subject() venue: VenueEntity, @Req() request: Request): Promise<Json> {
    return this.venues.read(venue, request.user, args.password);
  }

  @Delete(':id')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'delete')
  remove(@Args() _args: VenueIdDto, @Subject() venue: VenueEntity, @Req() request: Request): Promise<Json> {
    return this.venues.remove(venue, writer(request));
  }

  @Post(':id')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateByPost(@Args() args: UpdateVenueDto, @Subject() venue: VenueEntity, @Req() request: Request): Promise<Json> {
    return this.venues.update(venue, args, writer(request));
  }

  @Put(':id')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateByPut(@Args() args: UpdateVenueDto, @Subject() venue: VenueEntity, @Req() request: Request): Promise<Json> {
    return this.venues.update(venue, args, writer(request));
  }

  @Patch(':id')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateByPatch(@Args() args: UpdateVenueDto, @Subject() venue: VenueEntity, @Req() request: Request): Promise<Json> {
    return this.venues.update(venue, args, writer(request));
  }

  @Get('by-slug/:slug')
  @LoadSubject(VenueResolver, 'read')
  getBySlug(@Args() args: ReadVenueBySlugDto, @Subject() venue: VenueEntity, @Req() request: Request): Promise<Json> {
    return this.venues.read(venue, request.user, args.password);
  }

  @Delete('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'delete')
  removeBySlug(@Args() _args: VenueSlugDto, @Subject() venue: VenueEntity, @Req() request: Request): Promise<Json> {
    return this.venues.remove(venue, writer(request));
  }

  @Post('by-slug/:slug')
  @HttpCode(200)
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateBySlugByPost(@Args() args: UpdateVenueBySlugDto, @Subject() venue: VenueEntity, @Req() request: Request): Promise<Json> {
    return this.venues.update(venue, args, writer(request));
  }

  @Put('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateBySlugByPut(@Args() args: UpdateVenueBySlugDto, @Subject() venue: VenueEntity, @Req() request: Request): Promise<Json> {
    return this.venues.update(venue, args, writer(request));
  }

  @Patch('by-slug/:slug')
  @RequireCapability('create_posts')
  @LoadSubject(VenueResolver, 'edit')
  updateBySlugByPatch(@Args() args: UpdateVenueBySlugDto, @Subject() venue: VenueEntity, @Req() request: Request): Promise<Json> {
    return this.venues.update(venue, args, writer(request));
  }
}
