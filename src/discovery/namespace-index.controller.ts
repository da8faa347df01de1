import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { Public } from '../auth/capability.decorator';
import { ApiError } from '../common/errors/api-error';
import { Args } from '../common/params/args.decorator';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { NAMESPACE, requestNamespace } from '../namespace';
import { NamespaceIndexArgs } from './namespace-index.args';
import { NamespaceIndexView } from './namespace-index.presenter';
import { NamespaceIndexService } from './namespace-index.service';
import { RestRootView } from './rest-root.presenter';
import { languageTag, requestLocale } from './texts';

/**
 * `GET /calendar/events/v1`: the WordPress namespace index (CONTRACT §6), in the request's
 * language; and the site's REST root (`GET <REST_PREFIX>/`), which restRootRouting routes here.
 */
@Controller()
@Public()
export class NamespaceIndexController {
  constructor(
    private readonly indexes: NamespaceIndexService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  index(
    @Args() args: NamespaceIndexArgs,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): NamespaceIndexView | RestRootView {
    const locale = requestLocale(request, this.config.siteLocale);
    response.vary('Accept-Language').setHeader('Content-Language', languageTag(locale));
    if (request.restRoot) return this.indexes.root(locale, new Date());
    // As WordPress: the index of the namespace asked for, any one served (the one the request
    // came in on by default, NAMESPACE or an alias).
    const namespace = args.namespace === NAMESPACE ? requestNamespace() : args.namespace;
    if (typeof namespace !== 'string' || !this.indexes.namespaces().includes(namespace)) throw new ApiError('rest_invalid_namespace');
    return this.indexes.index(locale, namespace, new Date());
  }
}
