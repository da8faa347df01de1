import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Request, Response } from 'express';
import { Observable, catchError, from, mergeMap, of, throwError } from 'rxjs';
import { ApiError } from '../common/errors/api-error';
import { msg } from '../common/i18n/message';
import { Created } from '../common/http/created';
import { handlerRouteKind } from '../common/http/route-kind';
import { underFinisher } from '../database/transaction';
import { StoredResponse } from './idempotency-key.entity';
import { IdempotencyService } from './idempotency.service';
import { requestFingerprint } from './request-fingerprint';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on a replayed response, so a client can tell it did not create anything this time. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * `Idempotency-Key` on creates (POST on a collection, CONTRACT §7). It runs after the guards
 * (401 and 403 come first: keys belong to a signed-in user) and before the pipes, so a replay
 * neither validates nor runs anything again. Only a successful first response is stored; a
 * failed one (400, 403, ...) releases the key.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(private readonly idempotency: IdempotencyService) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const key = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (key === undefined || request.method !== 'POST' || handlerRouteKind(context.getClass(), context.getHandler()) !== 'collection') {
      return next.handle();
    }
    if (!request.user) return next.handle();
    checkKey(key);

    const response = context.switchToHttp().getResponse<Response>();
    // The path as it came in (`originalUrl`, before a namespace alias is routed as ours): the stored
    // body's URLs are under the namespace of the first request, so under another it is another route (422).
    // Written as routing reads it (any case, a trailing slash or not): `/tags/` is `/tags`.
    const path = request.originalUrl.split('?')[0].toLowerCase().replace(/\/+$/, '');
    const claim = await this.idempotency.claim(
      request.user.id,
      key,
      requestFingerprint({ method: request.method, path, query: request.query, body: request.body }),
    );
    if (claim.kind === 'replay') {
      response.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return of(replay(claim.response));
    }
    // The create's transaction stores its response as it commits (every create presents its item
    // there and returns it as a Created); Nest runs the handler in this call's async context.
    let storedInTransaction = false;
    const handled = underFinisher(
      async (manager, result) => {
        if (!(result instanceof Created)) return;
        await this.idempotency.completeIn(manager, claim.id, stored(result, response.statusCode));
        storedInTransaction = true;
      },
      () => next.handle(),
    );
    return handled.pipe(
      mergeMap(async (result: unknown) => {
        if (storedInTransaction) return result;
        await this.idempotency.complete(claim.id, stored(result, response.statusCode)).catch((error: Error) => {
          // The item exists: answer with it. A retry after IN_FLIGHT_LIMIT_MS may create it again.
          this.logger.warn(`[${request.id}] the response to key claim ${claim.id} could not be stored: ${error.message}`);
        });
        return result;
      }),
      catchError((error: unknown) => from(this.release(claim.id, request.id)).pipe(mergeMap(() => throwError(() => error)))),
    );
  }

  /** Never fails: the request's own error is what the client must see. */
  private async release(id: number, requestId: string): Promise<void> {
    await this.idempotency.release(id).catch((error: Error) => {
      this.logger.warn(`[${requestId}] key claim ${id} could not be released, trying again in the background: ${error.message}`);
      this.idempotency.releaseInBackground(id);
    });
  }
}

function checkKey(key: string | string[]): asserts key is string {
  const reason =
    typeof key !== 'string' || key === ''
      ? msg('Must not be empty.')
      : key.length > MAX_IDEMPOTENCY_KEY_LENGTH
        ? msg('Must be at most %s characters long.', MAX_IDEMPOTENCY_KEY_LENGTH)
        : undefined;
  if (reason) throw ApiError.invalidParam(IDEMPOTENCY_KEY_HEADER, reason);
}

function stored(result: unknown, status: number): StoredResponse {
  return result instanceof Created
    ? { status, location: result.location, body: JSON.stringify(result.body) }
    : { status, location: null, body: JSON.stringify(result) };
}

/** The stored response as the handler's result: the ResultInterceptor sets `Location` again. */
function replay(response: StoredResponse): unknown {
  const body: unknown = JSON.parse(response.body);
  return response.location === null ? body : new Created(body, response.location);
}
