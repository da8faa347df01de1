import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { Locale } from '../common/i18n/translator';
import { isTzDatabaseZone, zoneNamed } from '../common/parsing/timezone';
import { Urls } from '../common/urls/urls';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { NAMESPACE, inNamespace } from '../namespace';
import { IndexRouteView, NamespaceIndexView, presentNamespaceIndex } from './namespace-index.presenter';
import { RestRootView, presentRestRoot } from './rest-root.presenter';
import { CatalogRoute, RouteCatalog } from './route-catalog';
import { translator } from './texts';

/**
 * The namespace index (CONTRACT §6) and, from it, one route's description (OPTIONS). It depends on
 * the language, the namespace served (NAMESPACE_ALIASES) and the site day (the events list's date
 * defaults are days in the site zone): built once per language and namespace, and all forgotten
 * when the site day changes.
 */
@Injectable()
export class NamespaceIndexService {
  private readonly built = new Map<string, NamespaceIndexView>();
  private builtDay = '';

  constructor(
    private readonly catalog: RouteCatalog,
    private readonly urls: Urls,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'siteTimezone' | 'siteUrl' | 'namespaceAliases'>,
  ) {}

  /** The index as a request made at `now` sees it. */
  index(locale: Locale, namespace: string, now: Date): NamespaceIndexView {
    const context = { siteTimezone: this.config.siteTimezone, now };
    const day = DateTime.fromJSDate(now, { zone: zoneNamed(context.siteTimezone) }).toISODate()!;
    if (day !== this.builtDay) {
      this.built.clear();
      this.builtDay = day;
    }
    const key = `${locale}\0${namespace}`;
    let index = this.built.get(key);
    if (!index) {
      const urls = { namespace, restRoot: `${this.urls.restBase}${namespace}`, restBase: this.urls.restBase };
      index = presentNamespaceIndex(this.catalog.all(), urls, translator(locale), context);
      this.built.set(key, index);
    }
    return index;
  }

  /** The namespaces served: NAMESPACE, then NAMESPACE_ALIASES. */
  namespaces(): string[] {
    return [NAMESPACE, ...this.config.namespaceAliases];
  }

  /** The site's REST root (`GET <REST_PREFIX>/`): every namespace served, with its routes. */
  root(locale: Locale, now: Date): RestRootView {
    const indexes = this.namespaces().map((namespace) => this.index(locale, namespace, now));
    const zone = DateTime.fromJSDate(now, { zone: zoneNamed(this.config.siteTimezone) });
    return presentRestRoot(indexes, {
      siteUrl: this.config.siteUrl,
      restBase: this.urls.restBase,
      timezoneString: isTzDatabaseZone(zone.zone) ? this.config.siteTimezone : '',
      gmtOffset: zone.offset / 60,
    });
  }

  /** One route as the index shows it. */
  route(route: CatalogRoute, locale: Locale, namespace: string, now: Date): IndexRouteView {
    return this.index(locale, namespace, now).routes[inNamespace(route.pattern, namespace)];
  }
}
