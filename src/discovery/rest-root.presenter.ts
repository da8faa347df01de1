import { IndexRouteView, NamespaceIndexView } from './namespace-index.presenter';

/** `GET <REST_PREFIX>/`: WordPress's REST root index, as far as this service has its parts. */
export interface RestRootView {
  name: string;
  description: string;
  url: string;
  home: string;
  gmt_offset: number;
  timezone_string: string;
  namespaces: string[];
  authentication: never[];
  routes: Record<string, IndexRouteView>;
  _links: { help: { href: string }[] };
}

export interface RestRootSite {
  /** SITE_URL. */
  readonly siteUrl: string;
  /** The REST root with a trailing slash. */
  readonly restBase: string;
  /** SITE_TIMEZONE when it is an IANA zone, else "" (WordPress's `timezone_string`). */
  readonly timezoneString: string;
  /** The site zone's offset from UTC now, in hours (WordPress's `gmt_offset`). */
  readonly gmtOffset: number;
}

/**
 * The REST root (WordPress's `GET /wp-json/`): the site, the namespaces served (NAMESPACE, then
 * NAMESPACE_ALIASES) and every route of each as its namespace index shows it, after the root's own
 * route. The site has no name setting: `name` is SITE_URL's host. `authentication` is empty, as
 * WordPress shows it without an authorisation flow (application passwords are made with the CLI).
 */
export function presentRestRoot(indexes: readonly NamespaceIndexView[], site: RestRootSite): RestRootView {
  const root: IndexRouteView = {
    namespace: '',
    methods: ['GET'],
    endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
    _links: { self: [{ href: site.restBase }] },
  };
  return {
    name: new URL(site.siteUrl).host,
    description: '',
    url: site.siteUrl,
    home: site.siteUrl,
    gmt_offset: site.gmtOffset,
    timezone_string: site.timezoneString,
    namespaces: indexes.map((index) => index.namespace),
    authentication: [],
    routes: Object.assign({ '/': root }, ...indexes.map((index) => index.routes)) as Record<string, IndexRouteView>,
    _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
  };
}
