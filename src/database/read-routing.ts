import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which server a request's reads may use (issue #15). Every request starts on the primary; the
 * authentication guard lets anonymous GETs read from a replica. Work outside a request (start-up,
 * the CLI, the health checks) has no store and reads the primary.
 */
const routing = new AsyncLocalStorage<{ replica: boolean }>();

/** Express middleware: the request's reads go to the primary until allowReplicaReads() says otherwise. */
export function routeReads(_request: unknown, _response: unknown, next: () => void): void {
  routing.run({ replica: false }, next);
}

/** This request's caller is anonymous and reads only: a replica may answer it (never a signed-in caller's own writes). */
export function allowReplicaReads(): void {
  const store = routing.getStore();
  if (store) store.replica = true;
}

export function readsMayUseReplica(): boolean {
  return routing.getStore()?.replica === true;
}
