import { TermInput } from '../../terms/dto/write-term.dto';
import { termWriteArgs } from '../../terms/dto/term-args';

export const categoryArg = termWriteArgs('event category');

/** POST /categories (specification §2.4). */
export class CreateCategoryDto implements TermInput {
  @categoryArg.name name!: string;
  @categoryArg.description description?: string;
  @categoryArg.slug slug?: string;
  @categoryArg.parent parent?: number;
}
