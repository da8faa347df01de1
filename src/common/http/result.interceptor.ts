import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Response } from 'express';
import { Observable, map } from 'rxjs';
import { ListPage } from '../../listing/list-page';
import { Created } from './created';
import { TextResult } from './text-result';

/**
 * Turns the result objects of handlers into HTTP: a ListPage's totals and links become the
 * `X-TEC-Total`, `X-TEC-TotalPages` and `Link` headers, a Created's URL the `Location` header,
 * a TextResult its `Content-Type` (set here, on success only: errors stay JSON).
 */
@Injectable()
export class ResultInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        const response = context.switchToHttp().getResponse<Response>();
        if (result instanceof Created) {
          const created: Created = result;
          response.location(created.location);
          return created.body;
        }
        if (result instanceof TextResult) {
          const { Link: pageLinks, ...headers } = result.headers;
          response.type(result.contentType).set(headers);
          if (pageLinks) setPageLinks(response, pageLinks);
          return result.text;
        }
        if (!(result instanceof ListPage)) return result;
        response.setHeader('X-TEC-Total', String(result.total));
        response.setHeader('X-TEC-TotalPages', String(result.totalPages));
        const link = result.linkHeader();
        if (link) setPageLinks(response, link);
        return result.body;
      }),
    );
  }
}

/**
 * A page's next/prev links, before WordPress's discovery link (restRootLink), not instead of it: a
 * client of the original finds that on every answer, and its event lists sent no page links.
 */
function setPageLinks(response: Response, links: string): void {
  const discovery = response.getHeader('Link');
  response.setHeader('Link', discovery ? `${links}, ${String(discovery)}` : links);
}
