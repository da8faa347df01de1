import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { settleRequest } from '../http/in-flight';
import { QueryFailedError } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { msg } from '../i18n/message';
import { Locale, resolveLocale, translateDeep } from '../i18n/translator';
import { ApiError } from './api-error';
import { ERRORS } from './error-codes';
import { isConnectionError } from './connection-errors';
import { redactUrl } from '../../observability/http-request';
import { ClientGoneError } from '../../database/bounded-work';

/**
 * The one place where anything thrown becomes the contract's error body (CONTRACT §2.1):
 * `{code, message, data: {status, ...}}`. Nothing internal (stack, SQL, driver text) leaves here.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    // The pipeline ends here for a refused request (graceful shutdown waits for it until then).
    settleRequest(request);
    const error = this.toApiError(exception, request);
    if (response.headersSent) return;

    const locale: Locale = resolveLocale(request.headers['accept-language'], this.config.siteLocale);
    const body = {
      code: error.code,
      message: translateDeep(error.body, locale),
      data: { status: error.status, ...(translateDeep(error.data, locale) as object) },
    };
    // The message is in the request's language: a cache must not give it to a client asking for another
    // (RFC 9110 §12.5.5), as /doc and the index say too.
    response.vary('Accept-Language');
    response.status(error.status).set(error.headers).json(body);
  }

  private toApiError(exception: unknown, request: Request): ApiError {
    if (exception instanceof ApiError) return exception;

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Nest answers unmatched routes (and methods) with a plain 404, and undecodable paths with 400.
      if (status === 404 || status === 405 || status === 400) return new ApiError('rest_no_route');
      if (status === 413) return ApiError.of('rest_payload_too_large', '1 MiB');
    }

    // A read stopped because its client left: nobody gets this answer, and nothing went wrong.
    if (exception instanceof ClientGoneError) return new ApiError('rest_unavailable');

    if (isConnectionError(exception)) {
      this.logger.warn(`[${request.id}] database unavailable: ${(exception as Error).message}`);
      return new ApiError('rest_unavailable', undefined, {}, { headers: { 'Retry-After': '5' } });
    }

    const detail = exception instanceof QueryFailedError ? 'query failed' : 'unexpected exception';
    this.logger.error(`[${request.id}] ${request.method} ${redactUrl(request.originalUrl)}: ${detail}`, (exception as Error)?.stack);
    return new ApiError('rest_internal_error', msg(ERRORS.rest_internal_error.message, request.id));
  }
}
