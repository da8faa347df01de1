import { tagArg } from './create-tag.dto';

/** GET and DELETE /tags/{id}. */
export class TagIdDto {
  @tagArg.id id!: number;
}
