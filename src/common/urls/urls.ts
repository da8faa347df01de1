import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { requestNamespace } from '../../namespace';

/**
 * Absolute URLs of the site and of the REST namespace, from SITE_URL and REST_PREFIX. The REST
 * URLs are under the namespace the current request came in on (NAMESPACE_ALIASES).
 */
@Injectable()
export class Urls {
  private readonly globalIdBase: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    // The reference's global id is the home URL without its scheme: `example.com/sub?id=12`.
    this.globalIdBase = config.siteUrl.replace(/^https?:\/\//, '');
  }

  /** e.g. `https://example.com/wp-json/calendar/events/v1` (no trailing slash). */
  get restRoot(): string {
    return `${this.config.siteUrl}${this.config.restPrefix}/${requestNamespace()}`;
  }

  /** The site's REST root with a trailing slash, e.g. `https://example.com/wp-json/`. */
  get restBase(): string {
    return `${this.config.siteUrl}${this.config.restPrefix}/`;
  }

  /** `rest('events', 12)` gives `<root>/events/12`. */
  rest(...segments: (string | number)[]): string {
    return [this.restRoot, ...segments.map((s) => encodeURIComponent(String(s)))].join('/');
  }

  /** A public page of the site, e.g. `site('event', 'my-slug')` gives `<site>/event/my-slug/`. */
  site(...segments: string[]): string {
    return `${this.config.siteUrl}/${segments.map(encodeURIComponent).join('/')}/`;
  }

  globalId(id: number): string {
    return `${this.globalIdBase}?id=${id}`;
  }
}
