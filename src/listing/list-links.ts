/** A filter as it appears in list URLs; arrays are written comma-separated. */
export type FilterValue = string | number | boolean | readonly (string | number)[] | undefined | null;

export interface ListLinks {
  readonly restUrl: string;
  readonly nextRestUrl?: string;
  readonly previousRestUrl?: string;
}

/**
 * The list's own URL and its neighbours (CONTRACT §2.3): absolute, percent-encoded, carrying
 * every effective filter in a stable order, so following `next_rest_url` never changes the
 * result set. As in the reference, the previous link of page 2 has no `page` at all.
 */
export function buildListLinks(input: {
  collectionUrl: string;
  page: number;
  perPage: number;
  totalPages: number;
  filters: readonly (readonly [string, FilterValue])[];
}): ListLinks {
  const url = (page: number | null) =>
    withQuery(`${input.collectionUrl}/`, [...(page ? [['page', page] as const] : []), ['per_page', input.perPage], ...input.filters]);
  return {
    restUrl: url(input.page),
    ...(input.page < input.totalPages ? { nextRestUrl: url(input.page + 1) } : {}),
    ...(input.page > 1 ? { previousRestUrl: url(input.page === 2 ? null : input.page - 1) } : {}),
  };
}

export function withQuery(base: string, params: readonly (readonly [string, FilterValue])[]): string {
  const parts: string[] = [];
  for (const [name, value] of params) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  return parts.length ? `${base}?${parts.join('&')}` : base;
}
