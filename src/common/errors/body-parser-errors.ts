import { NextFunction, Request, Response } from 'express';
import { msg } from '../i18n/message';
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
}

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
    case 'encoding.unsupported':
    case 'charset.unsupported':
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      request.unreadableBody = new ApiError('rest_invalid_json', msg('The request body could not be read.'));
      return next();
    default:
      return next(error);
  }
}
