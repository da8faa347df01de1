import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Created } from '../common/http/created';
import { Public, RequireCapability } from '../auth/capability.decorator';
import { LoadSubject, Subject } from '../auth/subject';
import { Args } from '../common/params/args.decorator';
import { ListPage } from '../listing';
import { TAG } from '../terms/taxonomy';
import { TermEntity } from '../terms/term.entity';
import { TermView } from '../terms/term.presenter';
import { TermsService } from '../terms/terms.service';
import { TagSubject } from './tag.subject';
import { TagIdDto } from './dto/tag-id.dto';
import { CreateTagDto } from './dto/create-tag.dto';
import { ListTagsQuery } from './dto/list-tags.query';
import { UpdateTagDto } from './dto/update-tag.dto';

/** Event tags (specification §4.6). Handler order is the reference's: GET, POST; GET, POST/PUT/PATCH, DELETE. */
@Controller('tags')
@Public()
export class TagsController {
  constructor(private readonly terms: TermsService) {}

  @Get()
  list(@Args() args: ListTagsQuery, @CurrentUser() user: AuthUser | null): Promise<ListPage> {
    return this.terms.list(TAG, args, user);
  }

  @Post()
  @RequireCapability('manage_terms')
  create(@Args() args: CreateTagDto): Promise<Created<TermView>> {
    return this.terms.create(TAG, args);
  }

  @Get(':id')
  @LoadSubject(TagSubject, 'read')
  get(@Args() _args: TagIdDto, @Subject() term: TermEntity): Promise<TermView> {
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
