import { Injectable } from '@nestjs/common';
import { Request } from 'express';
import { SubjectResolver } from '../auth/subject';
import { parsePathId } from '../common/params/path-id';
import { TAG } from '../terms/taxonomy';
import { TermEntity } from '../terms/term.entity';
import { TermView } from '../terms/term.presenter';
import { TermsService } from '../terms/terms.service';

/** The tag of `/tags/{id}`, loaded before the body is validated (404 rest_term_invalid). */
@Injectable()
export class TagSubject implements SubjectResolver<TermEntity> {
  constructor(private readonly terms: TermsService) {}

  resolve(request: Request): Promise<TermEntity> {
    return this.terms.getById(TAG, parsePathId(request.params.id));
  }

  represent(term: TermEntity): Promise<TermView> {
    return this.terms.present(term);
  }
}
