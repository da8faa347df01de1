import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { parsePathId } from './path-id';

/**
 * A route whose `:id` is not digits is no route (CONTRACT §2.1, §2.2), whoever asks: this runs
 * before the capability guard, so `DELETE /events/abc` is 404 `rest_no_route` to everyone, as
 * for a reader, and not 401 or 403 first. (Express 5 paths cannot carry a regex.)
 */
@Injectable()
export class PathIdGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { params } = context.switchToHttp().getRequest<Request>();
    if (params && 'id' in params) parsePathId(params.id);
    return true;
  }
}
