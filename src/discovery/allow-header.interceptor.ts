import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { mayCall } from '../auth/route-access';
import { CatalogRoute, RouteCatalog } from './route-catalog';

/**
 * `Allow`: the methods of the matched route this caller may use, in the index's order, as
 * WordPress sends it on every answer of a matched route (reference observed-responses: lists
 * `Allow: GET`, collections to a writer `GET, POST`). Set before the handler runs, so its errors
 * (404, 400) carry it too; a refusal by the guards, which run first, does not.
 */
@Injectable()
export class AllowHeaderInterceptor implements NestInterceptor {
  constructor(private readonly catalog: RouteCatalog) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.catalog.routeOf(context.getClass().name, context.getHandler().name);
    if (route) setAllowHeader(route, context.switchToHttp().getRequest<Request>(), context.switchToHttp().getResponse<Response>());
    return next.handle();
  }
}

/** `Allow: <the route's methods this caller may use>`, none when it may use none. */
export function setAllowHeader(route: CatalogRoute, request: Request, response: Response): void {
  const handlers = route.endpoints.flatMap((endpoint) => endpoint.handlers);
  const allowed = route.methods.filter((method) =>
    handlers.some((handler) => handler.method === method && mayCall(handler.access, method, request.user)),
  );
  if (allowed.length) response.setHeader('Allow', allowed.join(', '));
}
