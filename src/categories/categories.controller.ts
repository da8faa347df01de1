import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Created } from '../common/http/created';
import { Public, RequireCapability } from '../auth/capability.decorator';
import { LoadSubject, Subject } from '../auth/subject';
import { Args } from '../common/params/args.decorator';
import { ListPage } from '../listing';
import { CATEGORY } from '../terms/taxonomy';
import { TermEntity } from '../terms/term.entity';
import { TermView } from '../terms/term.presenter';
import { TermsService } from '../terms/terms.service';
import { CategorySubject } from './category.subject';
import { CategoryIdDto } from './dto/category-id.dto';
import { CreateCategoryDto } from './dto/create-category.dto';
import { ListCategoriesQuery } from './dto/list-categories.query';
import { UpdateCategoryDto } from './dto/update-category.dto';

/** Event categories (specification §4.5). Handler order is the reference's: GET, POST; GET, POST/PUT/PATCH, DELETE. */
@Controller('categories')
@Public()
export class CategoriesController {
  constructor(private readonly terms: TermsService) {}

  @Get()
  list(@Args() args: ListCategoriesQuery, @CurrentUser() user: AuthUser | null): Promise<ListPage> {
    return this.terms.list(CATEGORY, args, user);
  }

  @Post()
  @RequireCapability('manage_terms')
  create(@Args() args: CreateCategoryDto): Promise<Created<TermView>> {
    return this.terms.create(CATEGORY, args);
  }

  @Get(':id')
  @LoadSubject(CategorySubject, 'read')
  get(@Args() _args: CategoryIdDto, @Subject() term: TermEntity): Promise<TermView> {
    return this.terms.present(term);
  }

  @Post(':id')
  @HttpCode(200)
  @RequireCapability('manage_terms')
  @LoadSubject(CategorySubject, 'edit')
  updateByPost(@Args() args: UpdateCategoryDto, @Subject() term: TermEntity): Promise<TermView> {
    return this.terms.update(CATEGORY, term, args);
  }

  @Put(':id')
  @RequireCapability('manage_terms')
  @LoadSubject(CategorySubject, 'edit')
  updateByPut(@Args() args: UpdateCategoryDto, @Subject() term: TermEntity): Promise<TermView> {
    return this.terms.update(CATEGORY, term, args);
  }

  @Patch(':id')
  @RequireCapability('manage_terms')
  @LoadSubject(CategorySubject, 'edit')
  updateByPatch(@Args() args: UpdateCategoryDto, @Subject() term: TermEntity): Promise<TermView> {
    return this.terms.update(CATEGORY, term, args);
  }

  @Delete(':id')
  @RequireCapability('manage_terms')
  @LoadSubject(CategorySubject, 'delete')
  remove(@Args() _args: CategoryIdDto, @Subject() term: TermEntity): Promise<TermView> {
    return this.terms.remove(CATEGORY, term);
  }
}
