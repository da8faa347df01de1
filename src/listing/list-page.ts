import { ListLinks } from './list-links';

/**
 * What a list handler returns: the body in the reference's key order plus the totals and links
 * that the ListInterceptor turns into `X-TEC-Total`, `X-TEC-TotalPages` and `Link` headers.
 */
export class ListPage {
  constructor(
    readonly body: Record<string, unknown>,
    readonly total: number,
    readonly totalPages: number,
    readonly links: ListLinks,
  ) {}

  /** Events, venues, organizers: `{<items>, rest_url, next_rest_url?, previous_rest_url?, total, total_pages}`. */
  static posts(key: string, items: unknown[], total: number, totalPages: number, links: ListLinks): ListPage {
    return new ListPage(
      {
        [key]: items,
        rest_url: links.restUrl,
        ...(links.nextRestUrl ? { next_rest_url: links.nextRestUrl } : {}),
        ...(links.previousRestUrl ? { previous_rest_url: links.previousRestUrl } : {}),
        total,
        total_pages: totalPages,
      },
      total,
      totalPages,
      links,
    );
  }

  /** Categories, tags: `{rest_url, total, total_pages, <items>, next_rest_url?, previous_rest_url?}`. */
  static terms(key: string, items: unknown[], total: number, totalPages: number, links: ListLinks): ListPage {
    return new ListPage(
      {
        rest_url: links.restUrl,
        total,
        total_pages: totalPages,
        [key]: items,
        ...(links.nextRestUrl ? { next_rest_url: links.nextRestUrl } : {}),
        ...(links.previousRestUrl ? { previous_rest_url: links.previousRestUrl } : {}),
      },
      total,
      totalPages,
      links,
    );
  }

  linkHeader(): string | undefined {
    return linkHeader(this.links);
  }
}

/** The `Link` header of a page: its neighbours, `rel="next"` then `rel="prev"`; none on a lone page. */
export function linkHeader(links: Pick<ListLinks, 'nextRestUrl' | 'previousRestUrl'>): string | undefined {
  const parts = [
    ...(links.nextRestUrl ? [`<${links.nextRestUrl}>; rel="next"`] : []),
    ...(links.previousRestUrl ? [`<${links.previousRestUrl}>; rel="prev"`] : []),
  ];
  return parts.length ? parts.join(', ') : undefined;
}
