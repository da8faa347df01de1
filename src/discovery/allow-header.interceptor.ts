import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { setAllowHeader } from './allowed-methods';
import { RouteCatalog } from './route-catalog';

/**
 * `Allow`: the methods of the matched route this caller may use, in the index's order, as
 * WordPress sends it on every answer of a matched route (reference observed-responses: lists
 * `Allow: GET`, collections to a writer `GET, POST`), on the object the route addresses when a
 * guard loaded it. Set before the handler runs, so its errors (400) carry it too; a refusal by the
 * guards (401, 403, 404 of an unknown id), which run first, does not.
 */
@Injectable()
export class AllowHeaderInterceptor implements NestInterceptor {
  constructor(private readonly catalog: RouteCatalog) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.catalog.routeOf(context.getClass().name, context.getHandler().name);
    if (route) {
      const request = context.switchToHttp().getRequest<Request>();
      setAllowHeader(context.switchToHttp().getResponse<Response>(), route, request.user, request.subject);
    }
    return next.handle();
  }
}
