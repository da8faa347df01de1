import { PartialArgs } from '../../common/params/derive';
import { CreateTagDto, tagArg } from './create-tag.dto';

/** POST, PUT, PATCH /tags/{id}: every field optional; a null or "" description clears it. */
export class UpdateTagDto extends PartialArgs(CreateTagDto, (spec) => (spec.name === 'description' ? { clearable: true } : {})) {
  @tagArg.id id!: number;
}
