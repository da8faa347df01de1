import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { ApiError } from '../common/errors/api-error';
import { Locale } from '../common/i18n/translator';
import { Args } from '../common/params/args.decorator';
import { Urls } from '../common/urls/urls';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { NAMESPACE } from '../namespace';
import { NamespaceIndexArgs } from './namespace-index.args';
import { NamespaceIndexView, presentNamespaceIndex } from './namespace-index.presenter';
import { RouteCatalog } from './route-catalog';
import { languageTag, requestLocale, translator } from './texts';

/** `GET /calendar/events/v1`: the WordPress namespace index (CONTRACT §6), in the request's language. */
@Controller()
export class NamespaceIndexController {
  /** The index depends on the language only: built once per language. */
  private readonly built = new Map<Locale, NamespaceIndexView>();

  constructor(
    private readonly catalog: RouteCatalog,
    private readonly urls: Urls,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  index(@Args() args: NamespaceIndexArgs, @Req() request: Request, @Res({ passthrough: true }) response: Response): NamespaceIndexView {
    if (args.namespace !== NAMESPACE) throw new ApiError('rest_invalid_namespace');
    const locale = requestLocale(request, this.config.siteLocale);
    response.vary('Accept-Language').setHeader('Content-Language', languageTag(locale));
    let index = this.built.get(locale);
    if (!index) {
      const urls = { restRoot: this.urls.restRoot, restBase: `${this.config.siteUrl}${this.config.restPrefix}/` };
      index = presentNamespaceIndex(this.catalog.all(), urls, translator(locale));
      this.built.set(locale, index);
    }
    return index;
  }
}
