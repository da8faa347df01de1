import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Express, NextFunction, Request, Response, json, raw, urlencoded } from 'express';
import { randomUUID } from 'node:crypto';
import { maxHeaderSize } from 'node:http';
import { parse as parseQueryString } from 'qs';
import { BENCH_ROUTES } from './bench-mode/bench-routes';
import { FORM_FIELDS, bodyParserErrors, refuseDeepBodies } from './common/errors/body-parser-errors';
import { multipartFields } from './common/http/multipart-fields';
import { verifyFormEncoding } from './common/http/form-encoding';
import { wordpressJsonType } from './common/http/json-content-type';
import { methodTunnel } from './common/http/method-tunnel';
import { refuseCrossSiteWrites } from './common/http/cross-site-writes';
import { noEtagOnWrites, notModified } from './common/http/etag';
import { answerClientErrorsAsJson, refuseHostless } from './common/http/client-errors';
import { countInFlight } from './common/http/in-flight';
import { routeReads } from './database/read-routing';
import { namespaceAliasRouting } from './common/http/namespace-aliases';
import { privateWhenCredentialed, securityHeaders, staticSecurityHeaderLines } from './common/http/security-headers';
import { restRootLink } from './common/http/rest-root-link';
import { restRootRouting } from './common/http/rest-root';
import { AppConfig } from './config/app-config';
import { NAMESPACE, OUTSIDE_NAMESPACE } from './namespace';
import { accessLog, refusedRequestLog } from './observability/access-log';
import { Metrics } from './observability/metrics';
import { ROOT_LOGGER } from './observability/observability.module';
import { SwaggerScanStore, scanControllers } from './discovery/swagger-document';

export const BODY_LIMIT = '1mb';

/**
 * Everything about the HTTP app that is not a provider: the REST prefix, body parsing and its
 * limits, CORS, headers and shutdown. main.ts and the e2e helpers both call this.
 */
export function configureApp(app: INestApplication, config: AppConfig): NestExpressApplication {
  const express = app as NestExpressApplication;
  express.disable('x-powered-by');
  // `a[]=1&a[]=2` must arrive as an array (CONTRACT §2.2). qs turns arrays of more than 20 items
  // into objects by default; lists may hold up to 100 (§8), so allow more and let the parsers
  // refuse what is too long with a clear reason. A name given twice without brackets keeps its
  // last value, as PHP's query parsing does for the original: a client appending `&page=2` to a
  // `rest_url` (which starts with `page=1`) gets page 2, not a 400. Every parameter is read: qs
  // drops those after its `parameterLimit` without a word, so a 1001st (`page=abc`, `force=true`,
  // `search`) was ignored. A query has fewer parameters than the header section has bytes
  // (Node refuses more with 431), which bounds the work.
  express.set('query parser', (query: string) =>
    parseQueryString(query, { arrayLimit: 1000, depth: 2, parameterLimit: maxHeaderSize, duplicates: 'last' }),
  );
  express.set('trust proxy', config.trustProxy);
  // RFC 9110 §13.2.1: the origin server evaluates If-None-Match whatever the request's cache
  // directives. fetch() adds `Cache-Control: no-cache` to every conditional request, and Express's
  // `req.fresh` (which `res.send` asks before answering 304) gives up on it (issue #11).
  const instance: Express = express.getHttpAdapter().getInstance();
  Object.defineProperty(instance.request, 'fresh', {
    configurable: true,
    get(this: Request): boolean {
      const response = this.res;
      return response !== undefined && notModified(this.method, response.statusCode, this.headers, response.getHeader('ETag'));
    },
  });
  express.use(restRootRouting(config));
  const aliases = namespaceAliasRouting(config);
  if (aliases) express.use(aliases.rewrite);
  express.use(methodTunnel);

  express.use(countInFlight);
  // Reads go to the primary unless the authentication guard finds an anonymous GET (issue #15).
  express.use(routeReads);
  express.use(
    (request: { id: string; headers: Record<string, unknown> }, response: { setHeader(n: string, v: string): void }, next: () => void) => {
      const incoming = request.headers['x-request-id'];
      request.id = typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
      response.setHeader('X-Request-Id', request.id);
      next();
    },
  );

  // Issue #12, ahead of the body parsers so that every response has them (errors, refused bodies,
  // preflights): security headers, private caching for credentials, request metrics, access log.
  express.use(securityHeaders(config));
  express.use(restRootLink(config));
  express.use(privateWhenCredentialed);
  express.use(wordpressJsonType);
  express.use(noEtagOnWrites);
  express.use(app.get(Metrics).observe);
  express.use(accessLog(app.get(ROOT_LOGGER)));

  // Parsers are ours (the app is created with bodyParser: false) so their errors reach the filter.
  express.use(json({ limit: BODY_LIMIT, strict: false, type: ['application/json', 'application/*+json'] }));
  express.use(urlencoded({ limit: BODY_LIMIT, extended: true, parameterLimit: FORM_FIELDS, verify: verifyFormEncoding }));
  // A body of any other type is refused over the limit all the same (CONTRACT §8): read up to the
  // limit; multipart forms then give their fields, anything else is dropped.
  express.use(raw({ limit: BODY_LIMIT, type: () => true }));
  express.use(multipartFields);
  express.use(bodyParserErrors);
  express.use(refuseDeepBodies);
  // After the parsers' error handler, which would take these refusals for an unreadable body.
  express.use(refuseHostless);
  express.use(refuseCrossSiteWrites(config));
  if (aliases) express.use(aliases.bind);

  if (config.corsOrigins) {
    express.enableCors({
      origin: config.corsOrigins === '*' ? '*' : [...config.corsOrigins],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      // WordPress's own list first (observed: Authorization, X-WP-Nonce, Content-Disposition,
      // Content-MD5, Content-Type): its browser clients (wp.apiFetch) send X-WP-Nonce, which is
      // ignored here but must pass the preflight.
      allowedHeaders: [
        'Authorization',
        'X-WP-Nonce',
        'Content-Disposition',
        'Content-MD5',
        'Content-Type',
        'If-Match',
        'If-None-Match',
        'Idempotency-Key',
        'Accept-Language',
        'X-HTTP-Method-Override',
        // A browser page's own id for the request, echoed and logged with it (observability).
        'X-Request-Id',
      ],
      exposedHeaders: ['X-TEC-Total', 'X-TEC-TotalPages', 'Link', 'ETag', 'Location', 'Retry-After', 'X-Request-Id', 'Idempotent-Replayed'],
      maxAge: 600,
      // cors takes every OPTIONS for a preflight; a plain one (no Access-Control-Request-Method)
      // goes on to the route's description, as WordPress answers it (route-options.controller.ts).
      preflightContinue: true,
    });
    express.use(endPreflights);
  }

  express.setGlobalPrefix(`${config.restPrefix}/${NAMESPACE}`.replace(/^\//, ''), {
    exclude: config.benchMode ? [...OUTSIDE_NAMESPACE, ...BENCH_ROUTES] : OUTSIDE_NAMESPACE,
  });
  // /doc is @nestjs/swagger's scan of the controllers, which needs the application object.
  app.get(SwaggerScanStore).set(scanControllers(app));
  const logRefused = refusedRequestLog(app.get(ROOT_LOGGER));
  const metrics = app.get(Metrics);
  answerClientErrorsAsJson(express.getHttpServer(), config.siteLocale, staticSecurityHeaderLines(config), (refused) => {
    metrics.observeRefused(refused);
    logRefused(refused);
  });
  // Exit 0 after a graceful drain (Nest's default re-raises the signal: status 143, which process
  // managers and `restart: on-failure` read as a crash).
  express.enableShutdownHooks(undefined, { useProcessExit: true });
  return express;
}

/** A CORS preflight, answered by cors' headers alone: 204 on any path, before guards and load shedding. */
function endPreflights(request: Request, response: Response, next: NextFunction): void {
  if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return next();
  response.status(204).setHeader('Content-Length', '0');
  response.end();
}
