import { RequestMethod } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';

/** The API's namespace: every route lives under `<REST_PREFIX>/calendar/events/v1`. */
export const NAMESPACE = 'calendar/events/v1';

/** Routes outside the namespace and the REST prefix (the namespace index leaves them out too). */
export const OUTSIDE_NAMESPACE = [
  { path: 'health', method: RequestMethod.GET },
  { path: 'ready', method: RequestMethod.GET },
  { path: 'metrics', method: RequestMethod.GET },
];

/**
 * The namespace a request came in on: NAMESPACE, or one of NAMESPACE_ALIASES (issue #11), so
 * that every URL the API returns keeps the namespace its client uses. Set for the whole handling
 * of a request by the alias middleware (src/common/http/namespace-aliases.ts).
 */
const requestNamespaces = new AsyncLocalStorage<string>();

export function requestNamespace(): string {
  return requestNamespaces.getStore() ?? NAMESPACE;
}

export function runInNamespace<T>(namespace: string, work: () => T): T {
  return requestNamespaces.run(namespace, work);
}

/** A path or route pattern under NAMESPACE (`/calendar/events/v1/events/...`) as served under `namespace`. */
export function inNamespace(path: string, namespace: string): string {
  const canonical = `/${NAMESPACE}`;
  if (namespace === NAMESPACE || !path.startsWith(canonical)) return path;
  return `/${namespace}${path.slice(canonical.length)}`;
}
