import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable, finalize } from 'rxjs';

/**
 * Handlers still running (BENCH_MODE): the bench waits for none between scenarios. Counted around
 * the handler, not the socket: when the load generator stops, its connections close while their
 * handlers still query the database.
 */
let inFlight = 0;

export function requestsInFlight(): number {
  return inFlight;
}

@Injectable()
export class InFlightInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    inFlight++;
    return next.handle().pipe(finalize(() => inFlight--));
  }
}
