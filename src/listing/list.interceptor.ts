import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Response } from 'express';
import { Observable, map } from 'rxjs';
import { ListPage } from './list-page';

/** Writes the list headers of every ListPage a handler returns, and sends its body. */
@Injectable()
export class ListInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (!(result instanceof ListPage)) return result;
        const response = context.switchToHttp().getResponse<Response>();
        response.setHeader('X-TEC-Total', String(result.total));
        response.setHeader('X-TEC-TotalPages', String(result.totalPages));
        const link = result.linkHeader();
        if (link) response.setHeader('Link', link);
        return result.body;
      }),
    );
  }
}
