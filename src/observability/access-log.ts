import { NextFunction, Request, RequestHandler, Response } from 'express';
import { DestinationStream, Logger, pino } from 'pino';
import { LogLevel } from '../config/app-config';
import { heldStdout } from './held-lines';
import { RefusedRequest } from '../common/http/client-errors';
import { UNMATCHED_ROUTE, elapsedSeconds, redactUrl, routeOf, startTimer } from './http-request';

/**
 * The process's logger: JSON lines, level names rather than numbers and ISO times, so that log
 * pipelines need no pino knowledge. Written to stdout, held a little (held-lines.ts), unless the
 * e2e suites pass their own destination.
 */
export function createRootLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return pino(options, destination ?? heldStdout());
}

/**
 * One line per response, written when it has been sent (or the client went away): what was asked,
 * of which route, by whom, with what outcome and how long it took. Nothing from the headers (so
 * never Authorization or cookies) and no body; `password` values are cut from the URL. Lean on
 * purpose: pino-http serialises the whole request (headers included) into a child logger on every
 * request, even when nothing is logged, which cost about 0.1 ms of CPU per request here.
 */
export function accessLog(root: Logger): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    startTimer(response);
    // What is logged while handling the request (the filter's lines, through nestjs-pino) carries its id.
    request.log = root.child({ requestId: request.id });
    response.once('close', () => {
      const failed = response.statusCode >= 500;
      root[failed ? 'error' : 'info'](
        {
          requestId: request.id,
          method: request.method,
          route: routeOf(request),
          url: redactUrl(request.originalUrl),
          status: response.statusCode,
          duration: Math.round(elapsedSeconds(response) * 1e5) / 100,
          ...(request.user ? { userId: request.user.id } : {}),
          ...(response.writableFinished ? {} : { aborted: true }),
        },
        failed ? 'request failed' : 'request completed',
      );
    });
    next();
  };
}

/**
 * The access line of a request Node's parser refused (answerClientErrorsAsJson): no method or URL
 * is known (nor logged: a 16 KB URL may be anything), and the answer took no time.
 */
export function refusedRequestLog(root: Logger): (refused: RefusedRequest) => void {
  return ({ requestId, status }) => root.info({ requestId, route: UNMATCHED_ROUTE, status, duration: 0 }, 'request completed');
}
