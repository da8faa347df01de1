import { Request, Response } from 'express';

/**
 * The route label of requests that no route took (unknown paths, CORS preflights, bodies that could
 * not be parsed): never their raw URL, whose values are unbounded (metric cardinality, log noise).
 */
export const UNMATCHED_ROUTE = 'unmatched';

/** The pattern of the route that answered, e.g. `/calendar/events/v1/events/:id`. */
export function routeOf(request: Request): string {
  const route = request.route as { path?: unknown; methods?: Record<string, boolean> } | undefined;
  // Nest mounts middleware as routes of every method (`app.all`), which requests that no handler
  // takes pass through too; each handler is a route of its one method (the app has no @All()).
  const handler = typeof route?.path === 'string' && Object.keys(route.methods ?? {}).length === 1;
  return handler ? (route.path as string) : UNMATCHED_ROUTE;
}

/**
 * The URL with the value of every query parameter whose name mentions `password` replaced, names
 * compared decoded as the query parser reads them (`password`, `password[]`, `%70assword`).
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const parts = url
    .slice(question + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0 || !/password/i.test(decodeName(part.slice(0, equals)))) return part;
      return `${part.slice(0, equals)}=[REDACTED]`;
    });
  return `${url.slice(0, question)}?${parts.join('&')}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

const STARTED = Symbol('started');
type Timed = Response & { [STARTED]?: bigint };

/** Marks when the server began working on the response (the first observer to ask wins). */
export function startTimer(response: Response): void {
  (response as Timed)[STARTED] ??= process.hrtime.bigint();
}

/** Seconds since startTimer, with sub-millisecond precision. */
export function elapsedSeconds(response: Response): number {
  const started = (response as Timed)[STARTED];
  return started === undefined ? 0 : Number(process.hrtime.bigint() - started) / 1e9;
}
