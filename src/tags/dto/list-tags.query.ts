import { ListTermsQuery } from '../../terms/dto/list-terms.query';
import type { TermOrder, TermOrderBy } from '../../terms/dto/term-args';
import { termListArgs } from '../../terms/dto/term-args';

const arg = termListArgs('event tags');

/** GET /tags (specification §4.6): the categories' parameters without `parent`. */
export class ListTagsQuery implements ListTermsQuery {
  @arg.page page?: number;
  @arg.perPage perPage?: number;
  @arg.search search?: string;
  @arg.exclude exclude?: number[];
  @arg.include include?: number[];
  @arg.order order?: TermOrder;
  @arg.orderby orderby?: TermOrderBy;
  @arg.hideEmpty hideEmpty!: boolean;
  @arg.post post?: number;
  @arg.event event?: number;
  @arg.slug slug?: string;
}
