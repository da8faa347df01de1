import { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { NAMESPACE } from '../../namespace';

declare module 'express-serve-static-core' {
  interface Request {
    /** A GET of the site's REST root (`<REST_PREFIX>/`), answered by the namespace index's route. */
    restRoot?: boolean;
  }
}

/**
 * The REST root, which every answer's discovery link names (`Link: <site/wp-json/>;
 * rel="https://api.w.org/"`) and which WordPress clients fetch to find the namespaces and routes
 * (e.g. node-wpapi's `discover`): a GET or HEAD of it is routed as the namespace index and marked,
 * so the index's controller answers with the root's view. The root is outside the global prefix,
 * and its path is the namespace index's before the prefix (`/` without REST_PREFIX), so Nest's
 * `exclude` cannot route it apart.
 */
export function restRootRouting(config: AppConfig): RequestHandler {
  const root = `${config.restPrefix}/`.toLowerCase();
  const index = `${config.restPrefix}/${NAMESPACE}`;
  return (request: Request, _response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const queryAt = request.url.indexOf('?');
    const path = (queryAt === -1 ? request.url : request.url.slice(0, queryAt)).toLowerCase();
    if (path === root || `${path}/` === root) {
      request.url = index + (queryAt === -1 ? '' : request.url.slice(queryAt));
      request.restRoot = true;
    }
    next();
  };
}
