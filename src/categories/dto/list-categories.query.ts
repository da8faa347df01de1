import { ListTermsQuery } from '../../terms/dto/list-terms.query';
import type { TermOrder, TermOrderBy } from '../../terms/dto/term-args';
import { termListArgs } from '../../terms/dto/term-args';

const arg = termListArgs('event categories');

/** GET /categories (specification §4.5), in the specification's order. */
export class ListCategoriesQuery implements ListTermsQuery {
  @arg.page page?: number;
  @arg.perPage perPage?: number;
  @arg.search search?: string;
  @arg.exclude exclude?: number[];
  @arg.include include?: number[];
  @arg.order order?: TermOrder;
  @arg.orderby orderby?: TermOrderBy;
  @arg.hideEmpty hideEmpty!: boolean;
  @arg.parent parent?: number;
  @arg.post post?: number;
  @arg.event event?: number;
  @arg.slug slug?: string;
}
