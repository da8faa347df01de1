import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { ApiError } from '../common/errors/api-error';
import { Args } from '../common/params/args.decorator';
import { Urls } from '../common/urls/urls';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { NAMESPACE, requestNamespace } from '../namespace';
import { NamespaceIndexArgs } from './namespace-index.args';
import { NamespaceIndexView, presentNamespaceIndex } from './namespace-index.presenter';
import { RouteCatalog } from './route-catalog';
import { languageTag, requestLocale, translator } from './texts';
import { Public } from '../auth/capability.decorator';

/** `GET /calendar/events/v1`: the WordPress namespace index (CONTRACT §6), in the request's language. */
@Controller()
@Public()
export class NamespaceIndexController {
  /** The index depends on the language and the namespace served (NAMESPACE_ALIASES) only: built once per pair. */
  private readonly built = new Map<string, NamespaceIndexView>();

  constructor(
    private readonly catalog: RouteCatalog,
    private readonly urls: Urls,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  index(@Args() args: NamespaceIndexArgs, @Req() request: Request, @Res({ passthrough: true }) response: Response): NamespaceIndexView {
    const namespace = requestNamespace();
    // The parameter's default is NAMESPACE; under an alias the client may also name the alias.
    if (args.namespace !== NAMESPACE && args.namespace !== namespace) throw new ApiError('rest_invalid_namespace');
    const locale = requestLocale(request, this.config.siteLocale);
    response.vary('Accept-Language').setHeader('Content-Language', languageTag(locale));
    const key = `${locale}\0${namespace}`;
    let index = this.built.get(key);
    if (!index) {
      const urls = { namespace, restRoot: this.urls.restRoot, restBase: this.urls.restBase };
      index = presentNamespaceIndex(this.catalog.all(), urls, translator(locale));
      this.built.set(key, index);
    }
    return index;
  }
}
