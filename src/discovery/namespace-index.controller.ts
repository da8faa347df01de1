import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { DateTime } from 'luxon';
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
  /**
   * The index depends on the language, the namespace served (NAMESPACE_ALIASES) and the site day
   * (the events list's date defaults are days in the site zone): built once per triple, and
   * forgotten when the day changes.
   */
  private readonly built = new Map<string, NamespaceIndexView>();
  private builtDay = '';

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
    const context = { siteTimezone: this.config.siteTimezone, now: new Date() };
    const day = DateTime.fromJSDate(context.now, { zone: context.siteTimezone }).toISODate()!;
    if (day !== this.builtDay) {
      this.built.clear();
      this.builtDay = day;
    }
    const key = `${locale}\0${namespace}`;
    let index = this.built.get(key);
    if (!index) {
      const urls = { namespace, restRoot: this.urls.restRoot, restBase: this.urls.restBase };
      index = presentNamespaceIndex(this.catalog.all(), urls, translator(locale), context);
      this.built.set(key, index);
    }
    return index;
  }
}
