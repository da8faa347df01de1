import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { Request, Response } from 'express';
import { Observable, map } from 'rxjs';
import { subjectResolverOf } from '../../auth/subject';
import { ApiError } from '../errors/api-error';
import { lockForUpdate, underPrecondition } from '../../database/transaction';
import { ifMatchSatisfied, jsonWithEtag, noneMatchFails, strongEtag } from './etag';
import { JSON_CONTENT_TYPE, TextResult } from './text-result';
import { handlerRouteKind, isSingleItemRoute } from './route-kind';
import { fieldTree, pickFields, requestedFields } from './response-fields';

/**
 * Conditional requests on single-item routes (by id or slug, CONTRACT §7):
 * - GET/HEAD: the body gets a strong `ETag` and is sent as the JSON text it was computed from;
 *   Express's freshness check then answers a matching `If-None-Match` with 304 and no body
 *   (`res.send`, which keeps an ETag already set); a false `If-Match` is 412 (RFC 9110 §13.1.1).
 * - POST/PUT/PATCH/DELETE with `If-None-Match`: 412 when it matches what a GET would give now.
 * - POST/PUT/PATCH/DELETE with `If-Match`: the tag of what a GET would give the caller right now
 *   (the resolver renders it through the resource's read path, filtered by the query's `_fields`
 *   as that GET would be) must match, else 412; compared
 *   before the handler and again inside the write's transaction on the locked row, so concurrent
 *   writers holding the same tag cannot both succeed. Interceptors run after the guards and before
 *   the pipes, so the order of checks is 401, 403, 404, 403 on the object (the guards), then 412,
 *   then 400 on the body.
 * Lists and other routes are not touched (Express's default weak ETag applies to them).
 */
@Injectable()
export class ConditionalRequestsInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http' || !isSingleItemRoute(handlerRouteKind(context.getClass(), context.getHandler()))) {
      return next.handle();
    }
    const request = context.switchToHttp().getRequest<Request>();
    if (request.method === 'GET' || request.method === 'HEAD') {
      const response = context.switchToHttp().getResponse<Response>();
      return next.handle().pipe(
        map((body: unknown) => {
          if (body === null || typeof body !== 'object' || body instanceof TextResult) return body;
          // Sent as the text its tag was computed from: the body is serialised once, not twice.
          const { json, tag } = jsonWithEtag(body);
          // RFC 9110 §13.1.1, §13.2.2: a false If-Match is 412 for a read too (checked before If-None-Match).
          const ifMatch = request.headers['if-match'];
          if (ifMatch !== undefined && !ifMatchSatisfied(ifMatch, tag)) throw new ApiError('rest_precondition_failed');
          response.setHeader('ETag', tag);
          return new TextResult(JSON_CONTENT_TYPE, json);
        }),
      );
    }
    const ifMatch = request.headers['if-match'];
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifMatch === undefined && ifNoneMatch === undefined) return next.handle();
    const subject = subjectResolverOf(this.reflector, this.moduleRef, context.getHandler());
    // Every single-item write loads its subject (route-kind.spec checks it); without one there is nothing to compare.
    if (!subject) throw new Error(`A precondition on a write without @LoadSubject: ${request.method} ${request.path}`);
    const { resolver } = subject;
    // What a GET of the target URI gives: its `_fields` (the query's) filter the body the tag is of.
    const fields = requestedFields({ query: request.query });
    const asRead = (body: unknown) => (fields ? pickFields(body, fieldTree(fields)) : body);
    const represent = async () => asRead(await resolver.represent(request.subject, request));
    // RFC 9110 §13.1.2: a write whose If-None-Match is false (`*`: the item exists) is refused.
    // Checked once, before the write: it is a client's guard against writing over what it has
    // seen, not a lock (If-Match is, below).
    if (ifNoneMatch !== undefined && noneMatchFails(ifNoneMatch, await currentTag(represent))) {
      throw new ApiError('rest_precondition_failed');
    }
    if (ifMatch === undefined) return next.handle();
    const any = ifMatchSatisfied(ifMatch, undefined); // `*`: any current representation will do
    // Checked now, so a stale tag is answered before the body is validated (412 before 400); for
    // `*` the guard found the item...
    if (!any) await checkTag(ifMatch, represent);
    // ...and again in the write's transaction, on the row locked for update, rendered with that
    // transaction's manager: a write that landed in between is caught, and none can land after.
    // (Nest binds the handler to the async context of this call of next.handle(), so the
    // handler's transaction sees the check.)
    const entity = request.subject as { id: number; constructor: Function };
    return underPrecondition(
      async (manager) => {
        const fresh = await lockForUpdate(manager, entity.constructor, entity.id);
        // A row deleted meanwhile has no current representation.
        if (any) {
          if (!fresh) throw new ApiError('rest_precondition_failed');
          return;
        }
        await checkTag(ifMatch, fresh ? async () => asRead(await resolver.represent(fresh, request, manager)) : undefined);
      },
      () => next.handle(),
    );
  }
}

/** 412 unless `ifMatch` names the tag of what `represent` gives. */
async function checkTag(ifMatch: string, represent: (() => Promise<unknown>) | undefined): Promise<void> {
  if (!ifMatchSatisfied(ifMatch, await currentTag(represent))) throw new ApiError('rest_precondition_failed');
}

/** The tag of what a GET would give the caller now; a refused read (e.g. a trashed event), or none, has no tag. */
async function currentTag(represent: (() => Promise<unknown>) | undefined): Promise<string | undefined> {
  try {
    return represent ? strongEtag(await represent()) : undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return undefined;
  }
}
