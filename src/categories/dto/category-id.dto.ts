import { categoryArg } from './create-category.dto';

/** GET and DELETE /categories/{id}. */
export class CategoryIdDto {
  @categoryArg.id id!: number;
}
