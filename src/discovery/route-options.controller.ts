import { Controller, Inject, Options, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { Public } from '../auth/capability.decorator';
import { ApiError } from '../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { requestNamespace } from '../namespace';
import { setAllowHeader } from './allowed-methods';
import { IndexRouteView } from './namespace-index.presenter';
import { NamespaceIndexService } from './namespace-index.service';
import { HiddenFromIndex, RouteCatalog } from './route-catalog';
import { languageTag, requestLocale } from './texts';

/**
 * `OPTIONS` on any route of the namespace, as WordPress's REST server answers it: 200 with the
 * route as the index describes it, and `Allow` with the methods this caller may use; a path that
 * names no route is 404 `rest_no_route`. CORS preflights never come here (app.setup.ts ends them).
 */
@Controller()
@Public()
@HiddenFromIndex()
export class RouteOptionsController {
  constructor(
    private readonly catalog: RouteCatalog,
    private readonly indexes: NamespaceIndexService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Options(['', '*path'])
  describe(@Req() request: Request, @Res({ passthrough: true }) response: Response): IndexRouteView {
    const route = this.catalog.match((request.params as { path?: string[] }).path ?? []);
    if (!route) throw new ApiError('rest_no_route');
    const locale = requestLocale(request, this.config.siteLocale);
    setAllowHeader(response, route, request.user);
    response.vary('Accept-Language').setHeader('Content-Language', languageTag(locale));
    return this.indexes.route(route, locale, requestNamespace(), new Date());
  }
}
