import { STATUS_CODES, Server } from 'node:http';
import { Duplex } from 'node:stream';
import { ERRORS, ErrorCode } from '../errors/error-codes';
import { msg } from '../i18n/message';
import { Locale, translate } from '../i18n/translator';

/**
 * Requests Node's HTTP parser refuses before the app sees them (a URL or headers over its 16 KB
 * limit, a malformed request line) get the contract's JSON error body too, not Node's bare status
 * line (issue #12). There is no request or response object then: the answer is written to the
 * socket, which is closed after it.
 */
export function answerClientErrorsAsJson(server: Server, locale: Locale): void {
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
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=UTF-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
