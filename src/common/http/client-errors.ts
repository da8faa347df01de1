import { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, Server } from 'node:http';
import { ApiError } from '../errors/api-error';
import { Duplex } from 'node:stream';
import { ERRORS, ErrorCode } from '../errors/error-codes';
import { msg } from '../i18n/message';
import { Locale, translate } from '../i18n/translator';

/** A request Node's parser refused: its answer's id and status, for the access log and /metrics. */
export interface RefusedRequest {
  readonly requestId: string;
  readonly status: number;
}

/**
 * Requests Node's HTTP parser refuses before the app sees them (a URL or headers over its 16 KB
 * limit, a malformed request line) get the contract's JSON error body too, not Node's bare status
 * line (issue #12), with an `X-Request-Id` and the security headers like every answer
 * (`securityHeaderLines`, from staticSecurityHeaderLines), and are
 * reported to `onRefused` (one access line, one observation in /metrics). There is no request or
 * response object then: the answer is written to the socket, which is closed after it.
 */
export function answerClientErrorsAsJson(
  server: Server,
  locale: Locale,
  securityHeaderLines = '',
  onRefused: (refused: RefusedRequest) => void = () => {},
): void {
  // Node answers an HTTP/1.1 request without Host itself, with an empty 400: refuseHostless does,
  // with the contract's body.
  (server as Server & { requireHostHeader: boolean }).requireHostHeader = false;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset or half-written response leaves nothing to answer on.
    if (
      error.code === 'ECONNRESET' ||
      !socket.writable ||
      (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent
    ) {
      socket.destroy();
      return;
    }
    const code: ErrorCode = error.code === 'HPE_HEADER_OVERFLOW' ? 'rest_headers_too_large' : 'rest_bad_request';
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({ code, message: translate(msg(ERRORS[code].message), locale), data: { status } });
    const requestId = randomUUID();
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        securityHeaderLines +
        'Content-Type: application/json; charset=UTF-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
    onRefused({ requestId, status });
  });
}

/**
 * RFC 9112 §3.2: an HTTP/1.1 request without a Host header is a 400. Node's own check (turned off
 * by answerClientErrorsAsJson) wrote it with no body; this one goes through the error filter, and
 * closes the connection as Node did.
 */
export function refuseHostless(request: Request, response: Response, next: NextFunction): void {
  if (request.httpVersion !== '1.1' || request.headers.host !== undefined) return next();
  response.setHeader('Connection', 'close');
  next(new ApiError('rest_bad_request'));
}
