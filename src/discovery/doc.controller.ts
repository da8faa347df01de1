import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { Locale } from '../common/i18n/translator';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { requestNamespace } from '../namespace';
import { OpenApiDocument, OpenApiServer, buildOpenApiDocument } from './openapi';
import { RouteCatalog } from './route-catalog';
import { SwaggerScanStore } from './swagger-document';
import { Translate, languageTag, requestLocale, translator } from './texts';
import { Public } from '../auth/capability.decorator';

/** `GET /calendar/events/v1/doc`: the OpenAPI 3.0 document (CONTRACT §6), in the request's language. */
@Controller('doc')
@Public()
export class DocController {
  /** The document without its servers depends on the language only: built once per language. */
  private readonly built = new Map<Locale, OpenApiDocument>();

  constructor(
    private readonly catalog: RouteCatalog,
    private readonly scan: SwaggerScanStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  doc(@Req() request: Request, @Res({ passthrough: true }) response: Response): OpenApiDocument {
    const locale = requestLocale(request, this.config.siteLocale);
    response.vary('Accept-Language').setHeader('Content-Language', languageTag(locale));
    const t = translator(locale);
    let doc = this.built.get(locale);
    if (!doc) {
      doc = buildOpenApiDocument(this.catalog.all(), this.scan.get(), [], t);
      this.built.set(locale, doc);
    }
    // The spread keeps the key order: `servers` is replaced where it stands.
    return { ...doc, servers: servers(request, this.config, t) };
  }
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The namespace's REST root with a trailing slash, as the client reached it: scheme, host and
 * port of the request (X-Forwarded-* count only when TRUST_PROXY trusts them, as Express decides),
 * REST_PREFIX and the namespace the request came in on (NAMESPACE_ALIASES). A request to SITE_URL's host gets SITE_URL's root (its scheme and path win);
 * another host gets its own root first, then SITE_URL's.
 */
export function servers(request: Request, config: AppConfig, t: Translate): OpenApiServer[] {
  const path = `${config.restPrefix}/${requestNamespace()}/`;
  const site = { url: `${config.siteUrl}${path}`, description: t('The public address of the site (SITE_URL)') };
  const host = request.host;
  if (!host || !HOST.test(host) || host.toLowerCase() === new URL(config.siteUrl).host) return [site];
  return [{ url: `${request.protocol}://${host}${path}` }, site];
}
