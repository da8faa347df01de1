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
import { languageTag, requestLocale } from './texts';

/** `GET /calendar/events/v1`: the WordPress namespace index (CONTRACT §6), in the request's language. */
@Controller()
@Public()
export class NamespaceIndexController {
  constructor(
    private readonly indexes: NamespaceIndexService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  index(@Args() args: NamespaceIndexArgs, @Req() request: Request, @Res({ passthrough: true }) response: Response): NamespaceIndexView {
    const namespace = requestNamespace();
    // The parameter's default is NAMESPACE; under an alias the client may also name the alias.
    if (args.namespace !== NAMESPACE && args.namespace !== namespace) throw new ApiError('rest_invalid_namespace');
    const locale = requestLocale(request, this.config.siteLocale);
    response.vary('Accept-Language').setHeader('Content-Language', languageTag(locale));
    return this.indexes.index(locale, namespace, new Date());
  }
}
