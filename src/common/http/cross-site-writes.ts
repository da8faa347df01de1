import { NextFunction, Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { ApiError } from '../errors/api-error';
import { msg } from '../i18n/message';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a write that a browser sends for another site's page (CSRF), unless CORS_ORIGINS allows
 * that site. Basic credentials are the only scheme and browsers replay them on their own once
 * given, so a form on any page could otherwise POST (or tunnel a DELETE) with the user's rights: a
 * form's POST needs no preflight, so CORS alone never sees it. Browsers say where a request comes
 * from (`Sec-Fetch-Site`; older ones only `Origin`); clients that are not browsers send neither
 * and are not affected. 403 rest_forbidden.
 */
export function refuseCrossSiteWrites(config: Pick<AppConfig, 'corsOrigins' | 'siteUrl'>) {
  const site = new URL(config.siteUrl).origin;
  // SITE_URL's own pages too: behind a proxy the Host an older browser's Origin is compared with may differ.
  const allowed = (request: Request): boolean => {
    const origin = request.headers.origin;
    if (origin === site) return true;
    // `*` grants no credentials (browsers refuse them with a wildcard), so a cross-site request
    // that needed a preflight carries only an Authorization its page set itself: let it through.
    // One that needed none (a form's POST, `_method` tunnels included) may carry the credentials
    // the browser replays on its own: refused, as from any origin not listed.
    if (config.corsOrigins === '*') return !withoutPreflight(request);
    return origin !== undefined && config.corsOrigins !== null && config.corsOrigins.includes(origin);
  };
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (SAFE.has(request.method) || !isCrossSite(request) || allowed(request)) return next();
    next(new ApiError('rest_forbidden', msg('Requests from the pages of other sites may not change anything here.')));
  };
}

function isCrossSite(request: Request): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site' || site === 'same-site';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

/** CORS "simple" requests (Fetch standard): a browser sends them cross-site without asking first. */
const SIMPLE_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

function withoutPreflight(request: Request): boolean {
  // The method before a tunnel (`_method`, the override header is itself one a preflight asks for).
  const method = (request as Request & { originalMethod?: string }).originalMethod ?? request.method;
  if (!['GET', 'HEAD', 'POST'].includes(method) || request.headers['x-http-method-override'] !== undefined) return false;
  const type = request.headers['content-type']?.split(';')[0].trim().toLowerCase();
  return type === undefined || type === '' || SIMPLE_TYPES.has(type);
}
