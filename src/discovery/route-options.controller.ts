import { Controller, Inject, Options, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { Public } from '../auth/capability.decorator';
import { ApiError } from '../common/errors/api-error';
import { Urls } from '../common/urls/urls';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { requestNamespace } from '../namespace';
import { setAllowHeader } from './allow-header.interceptor';
import { IndexRouteView, presentRoute } from './namespace-index.presenter';
import { HiddenFromIndex, RouteCatalog } from './route-catalog';
import { languageTag, requestLocale, translator } from './texts';

/**
 * `OPTIONS` on any route of the namespace, as WordPress's REST server answers it: 200 with the
 * route as the index describes it, and `Allow` with the methods this caller may use; a path that
 * names no route is 404 `rest_no_route`. CORS preflights (CORS_ORIGINS) come here too, with the
 * CORS headers already set.
 */
@Controller()
@Public()
@HiddenFromIndex()
export class RouteOptionsController {
  constructor(
    private readonly catalog: RouteCatalog,
    private readonly urls: Urls,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Options(['', '*path'])
  describe(@Req() request: Request, @Res({ passthrough: true }) response: Response): IndexRouteView {
    const segments = (request.params as { path?: string[] }).path ?? [];
    const route = this.catalog.match(segments.map((segment) => `/${segment}`).join(''));
    if (!route) throw new ApiError('rest_no_route');
    const locale = requestLocale(request, this.config.siteLocale);
    response.vary('Accept-Language').setHeader('Content-Language', languageTag(locale));
    setAllowHeader(route, request, response);
    const urls = { namespace: requestNamespace(), restRoot: this.urls.restRoot, restBase: this.urls.restBase };
    return presentRoute(route, urls, translator(locale), { siteTimezone: this.config.siteTimezone, now: new Date() });
  }
}
