import { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { NAMESPACE, runInNamespace } from '../../namespace';

declare module 'express-serve-static-core' {
  interface Request {
    /** The namespace alias the request came in on (absent for NAMESPACE itself). */
    namespaceAlias?: string;
  }
}

/**
 * NAMESPACE_ALIASES (issue #11): the whole API also answers under each alias, e.g.
 * `/wp-json/tribe/events/v1/events` for clients written for the original. One declaration of the
 * routes serves every namespace: a request under an alias is routed as the same path under
 * NAMESPACE, and remembers the alias so the URLs it gets back use it. Matching is
 * case-insensitive, as Express's routing (and WordPress's) is. None without aliases.
 */
export function namespaceAliasRouting(config: AppConfig): { rewrite: RequestHandler; bind: RequestHandler } | undefined {
  if (!config.namespaceAliases.length) return undefined;
  const canonical = `${config.restPrefix}/${NAMESPACE}`;
  const aliases = config.namespaceAliases.map((alias) => ({ alias, prefix: `${config.restPrefix}/${alias}`.toLowerCase() }));
  return {
    rewrite(request: Request, _response: Response, next: NextFunction) {
      const url = request.url;
      const queryAt = url.indexOf('?');
      const path = (queryAt === -1 ? url : url.slice(0, queryAt)).toLowerCase();
      for (const { alias, prefix } of aliases) {
        if (path === prefix || path.startsWith(`${prefix}/`)) {
          request.url = canonical + url.slice(prefix.length);
          request.namespaceAlias = alias;
          break;
        }
      }
      next();
    },
    // Bound after the body parsers: their callbacks run outside the context a middleware opens
    // before them, and everything from here on (guards, handlers, services) runs inside it.
    bind(request: Request, _response: Response, next: NextFunction) {
      if (request.namespaceAlias) runInNamespace(request.namespaceAlias, next);
      else next();
    },
  };
}
