import { EntityManager } from 'typeorm';
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

/**
 * A read written as SQL, routed as TypeORM routes its query builders' reads: outside a
 * transaction on a "slave" runner, which answers from a replica when the request may use one.
 * `manager.query()` alone always takes the primary. Inside a transaction, its own connection.
 */
export async function readQuery<T>(manager: EntityManager, sql: string, parameters: readonly unknown[]): Promise<T> {
  if (manager.queryRunner) return manager.query<T>(sql, [...parameters]);
  const runner = manager.connection.createQueryRunner('slave');
  try {
    return (await runner.query(sql, [...parameters])) as T;
  } finally {
    await runner.release();
  }
}
