import { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import onHeaders from 'on-headers';
import { AppConfig } from '../../config/app-config';

/** A year: the usual HSTS lifetime. */
const HSTS_SECONDS = 31_536_000;

/**
 * helmet's headers for a JSON API: a Content-Security-Policy that allows nothing (a JSON or error
 * body opened in a browser runs nothing and cannot be framed; the docs page sets its own), no
 * referrer, no framing, nosniff; `X-Robots-Tag: noindex` as the original. HSTS only when SITE_URL is https: browsers ignore it over http
 * (RFC 6797 §8.1), and includeSubDomains is the site's decision, not the API's.
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  const helmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: new URL(config.siteUrl).protocol === 'https:' ? { maxAge: HSTS_SECONDS, includeSubDomains: false } : false,
  }) as RequestHandler;
  return (request, response, next) => {
    // As WordPress sends with every REST answer (observed): search engines index the site's pages, not its API.
    response.setHeader('X-Robots-Tag', 'noindex');
    // As WordPress's rest_send_cors_headers: to a browser's request (it has an Origin) and to an
    // anonymous GET, which a shared cache may keep: the answer may differ by the page that asks.
    // A HEAD too: it must carry the GET's header fields (RFC 9110 §9.3.2), and a cache freshens
    // a stored GET with them (RFC 9111 §4.3.5).
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (request.headers.origin !== undefined || (read && request.headers.authorization === undefined)) {
      response.vary('Origin');
    }
    helmetHeaders(request, response, next);
  };
}

/**
 * The headers `securityHeaders` gives every answer whatever the request (not `Vary`), as raw
 * header lines: for the answers written to the socket before Express sees a request
 * (client-errors.ts), so they carry the same set without a copy of it.
 */
export function staticSecurityHeaderLines(config: AppConfig): string {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
    vary: () => response,
  };
  const request = { method: 'OPTIONS', headers: {} };
  securityHeaders(config)(request as unknown as Request, response as unknown as Response, () => {});
  return [...headers].map(([name, value]) => `${name}: ${value}\r\n`).join('');
}

/** WordPress's no-cache headers (wp_get_nocache_headers), as it sends them to signed-in callers (observed). */
const NO_CACHE = { 'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private', Expires: 'Wed, 11 Jan 1984 05:00:00 GMT' };

/**
 * No caching (`private, no-store`, in WordPress's words) on every response to a request that
 * carried credentials (any Authorization header, even a wrong one) or a `password` parameter
 * (query or body): such answers may hold what others must not see, and no cache between the
 * caller and us may keep them. Set as the headers are written, since the body is parsed later and
 * errors answer from anywhere.
 */
export function privateWhenCredentialed(request: Request, response: Response, next: NextFunction): void {
  onHeaders(response, () => {
    if (carriesCredentials(request)) response.set(NO_CACHE);
  });
  next();
}

function carriesCredentials(request: Request): boolean {
  return request.headers.authorization !== undefined || hasPassword(request.query) || hasPassword(request.body);
}

function hasPassword(parameters: unknown): boolean {
  return typeof parameters === 'object' && parameters !== null && Object.hasOwn(parameters, 'password');
}
