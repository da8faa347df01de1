import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Request } from 'express';
import { Observable } from 'rxjs';

/**
 * Answers a body the parsers could not read (bodyParserErrors) with its 400, once the guards let
 * the caller through and If-Match was checked: after 401, 403, 404 and 412 (CONTRACT §2.4), and
 * before an Idempotency-Key is claimed for it.
 */
@Injectable()
export class UnreadableBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const unreadable = context.switchToHttp().getRequest<Request>().unreadableBody;
    if (unreadable) throw unreadable;
    return next.handle();
  }
}
