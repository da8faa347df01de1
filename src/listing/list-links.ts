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
 * result set. As in the reference, `rest_url` starts with `page` and the neighbours end with it
 * (`...&status=publish&page=2`, observed); the previous link of page 2 has no `page` at all.
 */
export function buildListLinks(input: {
  collectionUrl: string;
  page: number;
  perPage: number;
  totalPages: number;
  filters: readonly (readonly [string, FilterValue])[];
}): ListLinks {
  const filters = [['per_page', input.perPage] as const, ...input.filters];
  // The original builds its neighbours from rest_url with `page` removed, then added again (at the end).
  const neighbour = (page: number | null) => withQuery(`${input.collectionUrl}/`, [...filters, ...(page ? [['page', page] as const] : [])]);
  return {
    restUrl: withQuery(`${input.collectionUrl}/`, [['page', input.page], ...filters]),
    ...(input.page < input.totalPages ? { nextRestUrl: neighbour(input.page + 1) } : {}),
    ...(input.page > 1 ? { previousRestUrl: neighbour(input.page === 2 ? null : input.page - 1) } : {}),
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
