import { NextFunction, Request, Response } from 'express';
import { msg } from '../i18n/message';
import { nestedDeeperThan } from '../http/body-depth';
import { ApiError } from './api-error';

declare module 'express-serve-static-core' {
  interface Request {
    /** Why the body could not be read; answered after the guards (UnreadableBodyInterceptor). */
    unreadableBody?: ApiError;
  }
}

/** Errors raised by Express body parsers carry a `type` (see the body-parser README). */
interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** How deep a form body may nest (`a[b][c]=`: body-parser 2's default, refused beyond) and how many fields it may have (app.setup). */
export const FORM_DEPTH = 32;
export const FORM_FIELDS = 10_000;

/**
 * Express error middleware placed right after the body parsers. Nest would turn their errors into
 * a bare 400, losing which one it was; as ApiErrors they reach the filter intact. A body that was
 * read but cannot be understood is only remembered: CONTRACT §2.4 answers who is asking (401,
 * 403, 404, 412) before what they sent (400), so an anonymous write with broken JSON is a 401.
 * A body over the limit is refused at once: it is not read to the end.
 */
export function bodyParserErrors(error: BodyParserError, request: Request, _response: Response, next: NextFunction): void {
  switch (error?.type) {
    case 'entity.parse.failed':
      request.unreadableBody = new ApiError('rest_invalid_json', undefined, {
        json_error_code: 4,
        json_error_message: msg('Syntax error'),
      });
      return next();
    case 'entity.too.large':
      return next(ApiError.of('rest_payload_too_large', '1 MiB'));
    case 'querystring.parse.rangeError':
      request.unreadableBody = new ApiError('rest_invalid_json', msg('The form body is nested more than %s levels deep.', FORM_DEPTH));
      return next();
    case 'parameters.too.many':
      request.unreadableBody = new ApiError('rest_payload_too_large', msg('The form body has more than %s fields.', FORM_FIELDS));
      return next();
    case 'encoding.unsupported':
    case 'charset.unsupported':
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      break;
    default:
      // Anything else the parsers refuse as the client's fault, e.g. a `Content-Encoding: gzip`
      // body that is not gzip (a zlib error without a type), is a body that cannot be read too.
      if (!(typeof error?.status === 'number' && error.status >= 400 && error.status < 500)) return next(error);
  }
  request.unreadableBody = new ApiError('rest_invalid_json', msg('The request body could not be read.'));
  next();
}

/**
 * After the parsers: a JSON body nested deeper than a form may be is refused like one. JSON.parse
 * accepts nesting far deeper than the call stack, and what walks a body recursively afterwards
 * (fingerprints, nested venue parsers) would overflow it.
 */
export function refuseDeepBodies(request: Request, _response: Response, next: NextFunction): void {
  if (!request.unreadableBody && nestedDeeperThan(request.body, FORM_DEPTH)) {
    request.unreadableBody = new ApiError('rest_invalid_json', msg('The body is nested more than %s levels deep.', FORM_DEPTH));
  }
  next();
}
