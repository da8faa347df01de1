import { CallHandler, CanActivate, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { Observable, finalize } from 'rxjs';

/**
 * Requests the server is still working on, for graceful shutdown and the bench. A request counts
 * from its arrival until its response has closed, and, once the Nest pipeline took it up (the
 * first guard), also until its handler or the error filter is done: a client that gave up closes
 * its socket while the handler still uses the database, and the pool must outlive that handler.
 */
let inFlight = 0;

interface Tracked {
  closed: boolean;
  /** In the Nest pipeline: guards, pipes, handler, interceptors or the filter are still running. */
  active: boolean;
  counted: boolean;
}

const TRACKED = Symbol('inFlight');
type TrackedRequest = Request & { [TRACKED]?: Tracked };

export function requestsInFlight(): number {
  return inFlight;
}

function release(state: Tracked): void {
  if (state.counted && state.closed && !state.active) {
    state.counted = false;
    inFlight--;
  }
}

/** Express middleware, first of all: counts the request until its response closes. */
export function countInFlight(request: Request, response: Response, next: NextFunction): void {
  const state: Tracked = { closed: false, active: false, counted: true };
  (request as TrackedRequest)[TRACKED] = state;
  inFlight++;
  response.once('close', () => {
    state.closed = true;
    release(state);
  });
  next();
}

/** The pipeline is done with the request (handler finished, or the filter answered an error). */
export function settleRequest(request: Request): void {
  const state = (request as TrackedRequest)[TRACKED];
  if (!state?.active) return;
  state.active = false;
  release(state);
}

/** The first global guard: from here on the request also counts until the pipeline settles it. */
@Injectable()
export class InFlightGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const state = context.switchToHttp().getRequest<TrackedRequest>()[TRACKED];
    if (state) state.active = true;
    return true;
  }
}

/** The outermost interceptor: settles the request when its handler's result (or error) is through. */
@Injectable()
export class InFlightInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(finalize(() => settleRequest(context.switchToHttp().getRequest<Request>())));
  }
}

/** Resolves when no request is in flight, or after `timeoutMs`; true when none is left. `onPoll` runs at each look. */
export async function requestsFinished(timeoutMs: number, pollMs = 20, onPoll: () => void = () => undefined): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (inFlight > 0 && Date.now() < deadline) {
    onPoll();
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return inFlight === 0;
}
