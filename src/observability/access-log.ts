import { NextFunction, Request, RequestHandler, Response } from 'express';
import { DestinationStream, Logger, pino } from 'pino';
import { LogLevel } from '../config/app-config';
import { elapsedSeconds, redactUrl, routeOf, startTimer } from './http-request';

/**
 * How stdout's lines are written: held until 4 KB have gathered or 100 ms have passed, then written
 * in one synchronous write. One write per line cost the service a wake-up of whatever reads stdout
 * (a pipe to a container runtime or a log shipper) on every request: about 6 % of a list's CPU
 * under load (issue #14). Synchronous, not pino's asynchronous writer, so that `flushLogs` can put
 * every held line out at once when the process ends.
 */
const HELD_BYTES = 4096;
const HELD_MS = 100;

/**
 * The process's logger: JSON lines, level names rather than numbers and ISO times, so that log
 * pipelines need no pino knowledge. Written to stdout (unless the e2e suites pass their own
 * destination). Held lines go out when the process exits and when `flushLogs` is called: Nest
 * ends the process with the signal after SIGTERM, so the shutdown hook calls it after "stopped".
 * A process killed outright (SIGKILL, out of memory) loses at most the last 100 ms of lines.
 */
export function createRootLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return pino(options, destination ?? heldLines(1));
}

/** A destination that holds lines for the file descriptor `fd` (see HELD_BYTES), and writes them at exit. */
export function heldLines(fd: number): ReturnType<typeof pino.destination> {
  const held = pino.destination({ dest: fd, sync: true, minLength: HELD_BYTES, periodicFlush: HELD_MS });
  process.once('exit', () => held.flushSync());
  return held;
}

/** Writes every line `root` holds, before returning where its destination can (stdout can). */
export function flushLogs(root: Logger): void {
  const destination = (root as unknown as Record<symbol, { flushSync?: () => void } | undefined>)[pino.symbols.streamSym];
  if (typeof destination?.flushSync === 'function') destination.flushSync();
  else root.flush();
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
