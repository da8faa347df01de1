import { Controller, Delete, Get, HttpCode, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { RequireCapability } from '../auth/capability.decorator';
import { LoadSubject, Subject } from '../auth/subject';
import { Args } from '../common/params/args.decorator';
import { ListPage } from '../listing';
import { TAG } from '../terms/taxonomy';
import { TermEntity } from '../terms/term.entity';
import { TermView } from '../terms/term.presenter';
import { TermsService } from '../terms/terms.service';
import { withLocation } from '../terms/with-location';
import { TagSubject } from './tag.subject';
import { TagIdDto } from './dto/tag-id.dto';
import { CreateTagDto } from './dto/create-tag.dto';
import { ListTagsQuery } from './dto/list-tags.query';
import { UpdateTagDto } from './dto/update-tag.dto';

/** Event tags (specification §4.6). Handler order is the reference's: GET, POST; GET, POST/PUT/PATCH, DELETE. */
@Controller('tags')
export class TagsController {
  constructor(private readonly terms: TermsService) {}

  @Get()
  list(@Args() args: ListTagsQuery, @Req() request: Request): Promise<ListPage> {
    return this.terms.list(TAG, args, request.user ?? null);
  }

  @Post()
  @RequireCapability('manage_terms')
  async create(@Args() args: CreateTagDto, @Res({ passthrough: true }) response: Response): Promise<TermView> {
    return withLocation(response, await this.terms.create(TAG, args));
  }

  @Get(':id')
  @LoadSubject(TagSubject, 'read')
  get(@Args() _args: TagIdDto, @Subject() term: TermEntity): TermView {
    return this.terms.present(term);
  }

  @Post(':id')
  @HttpCode(200)
  @RequireCapability('manage_terms')
  @LoadSubject(TagSubject, 'edit')
  updateByPost(@Args() args: UpdateTagDto, @Subject() term: TermEntity): Promise<TermView> {
    return this.terms.update(TAG, term, args);
  }

  @Put(':id')
  @RequireCapability('manage_terms')
  @LoadSubject(TagSubject, 'edit')
  updateByPut(@Args() args: UpdateTagDto, @Subject() term: TermEntity): Promise<TermView> {
    return this.terms.update(TAG, term, args);
  }

  @Patch(':id')
  @RequireCapability('manage_terms')
  @LoadSubject(TagSubject, 'edit')
  updateByPatch(@Args() args: UpdateTagDto, @Subject() term: TermEntity): Promise<TermView> {
    return this.terms.update(TAG, term, args);
  }

  @Delete(':id')
  @RequireCapability('manage_terms')
  @LoadSubject(TagSubject, 'delete')
  remove(@Args() _args: TagIdDto, @Subject() term: TermEntity): Promise<TermView> {
    return this.terms.remove(TAG, term);
  }
}
