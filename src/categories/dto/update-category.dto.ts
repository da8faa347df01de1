import { PartialArgs } from '../../common/params/derive';
import { CreateCategoryDto, categoryArg } from './create-category.dto';

/** POST, PUT, PATCH /categories/{id}: every field optional; a null or "" description clears it. */
export class UpdateCategoryDto extends PartialArgs(CreateCategoryDto, (spec) => (spec.name === 'description' ? { clearable: true } : {})) {
  @categoryArg.id id!: number;
}
