import { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppConfig } from '../../config/app-config';

/**
 * WordPress's discovery header, which the original sends with every REST answer (observed):
 * `Link: <site/wp-json/>; rel="https://api.w.org/"`, the REST root (the index's `_links.up`).
 * Set first; a list page's `rel="next"`/`rel="prev"` links go before it in the same header
 * (ResultInterceptor).
 */
export function restRootLink(config: AppConfig): RequestHandler {
  const link = `<${config.siteUrl}${config.restPrefix}/>; rel="https://api.w.org/"`;
  return (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Link', link);
    next();
  };
}
