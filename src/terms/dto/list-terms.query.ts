import type { TermOrder, TermOrderBy } from './term-args';

/** The parsed list parameters of either taxonomy; `parent` is only declared for categories. */
export interface ListTermsQuery {
  page?: number;
  perPage?: number;
  search?: string;
  exclude?: number[];
  include?: number[];
  order?: TermOrder;
  orderby?: TermOrderBy;
  hideEmpty: boolean;
  parent?: number;
  post?: number;
  event?: number;
  slug?: string;
}
