import { CallHandler, CanActivate, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { Observable, finalize } from 'rxjs';
import { whileClientWaits } from '../../database/bounded-work';

/**
 * Requests the server is still working on, for graceful shutdown and the bench. A request counts
 * from its arrival until its response has closed, and, once the Nest pipeline took it up (the
 * first guard), also until its handler or the error filter is done: a client that gave up closes
 * its socket while the handler still uses the database, and the pool must outlive that handler.
 */
let inFlight = 0;
/** Requests in the Nest pipeline (guards to handler or filter): the work load shedding bounds. */
let working = 0;
/** Responses not yet closed, to be marked `Connection: close` once the server drains. */
const open = new Set<Response>();
let draining = false;
let lastArrival = 0;

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

/** Requests in the Nest pipeline now (the calling one included, from its first guard on). */
export function requestsWorking(): number {
  return working;
}

/** When the last request arrived (ms since the epoch). */
export function lastRequestArrival(): number {
  return lastArrival;
}

/**
 * Shutdown has begun: every response not yet sent, and every later one, carries `Connection:
 * close`, so a keep-alive client stops using its connection after that answer instead of sending
 * its next request on a socket about to be closed.
 */
export function startDraining(): void {
  draining = true;
  for (const response of open) if (!response.headersSent) response.setHeader('Connection', 'close');
}

function release(state: Tracked): void {
  if (state.counted && state.closed && !state.active) {
    state.counted = false;
    inFlight--;
  }
}

/**
 * Express middleware, first of all: counts the request until its response closes. A read whose
 * client goes away runs no further statements (writes finish: see whileClientWaits).
 */
export function countInFlight(request: Request, response: Response, next: NextFunction): void {
  const state: Tracked = { closed: false, active: false, counted: true };
  (request as TrackedRequest)[TRACKED] = state;
  inFlight++;
  lastArrival = Date.now();
  open.add(response);
  if (draining) response.setHeader('Connection', 'close');
  response.once('close', () => {
    state.closed = true;
    open.delete(response);
    release(state);
  });
  if (request.method !== 'GET' && request.method !== 'HEAD') return next();
  whileClientWaits(() => state.closed && !response.writableFinished, next);
}

/** The pipeline is done with the request (handler finished, or the filter answered an error). */
export function settleRequest(request: Request): void {
  const state = (request as TrackedRequest)[TRACKED];
  if (!state?.active) return;
  state.active = false;
  working--;
  release(state);
}

/** The first global guard: from here on the request also counts until the pipeline settles it. */
@Injectable()
export class InFlightGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const state = context.switchToHttp().getRequest<TrackedRequest>()[TRACKED];
    if (state && !state.active) {
      state.active = true;
      working++;
    }
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
