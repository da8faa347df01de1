import { NextFunction, Request, Response } from 'express';
import { msg } from '../i18n/message';
import { ApiError } from './api-error';

/** Errors raised by Express body parsers carry a `type` (see the body-parser README). */
interface BodyParserError extends Error {
  type?: string;
}

/**
 * Express error middleware placed right after the body parsers. Nest would turn their errors into
 * a bare 400, losing which one it was; as ApiErrors they reach the filter intact.
 */
export function bodyParserErrors(error: BodyParserError, _request: Request, _response: Response, next: NextFunction): void {
  switch (error?.type) {
    case 'entity.parse.failed':
      return next(new ApiError('rest_invalid_json', undefined, { json_error_code: 4, json_error_message: msg('Syntax error') }));
    case 'entity.too.large':
      return next(ApiError.of('rest_payload_too_large', '1 MiB'));
    case 'encoding.unsupported':
    case 'charset.unsupported':
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return next(new ApiError('rest_invalid_json', msg('The request body could not be read.')));
    default:
      return next(error);
  }
}
