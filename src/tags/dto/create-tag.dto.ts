import { TermInput } from '../../terms/dto/write-term.dto';
import { termWriteArgs } from '../../terms/dto/term-args';

export const tagArg = termWriteArgs('event tag');

/** POST /tags (specification §2.5). A `parent` sent here is ignored like any unknown field. */
export class CreateTagDto implements TermInput {
  @tagArg.name name!: string;
  @tagArg.description description?: string;
  @tagArg.slug slug?: string;
}
