import { DataSource } from 'typeorm';
import { RememberGate, endRemembered, onWriteAnnounced } from './read-cache';
import { ALL, WriteScope, isEmpty } from './write-scope';
import { ReplicaRouter } from './replicas';

/** How remembered reads learn of writes made through other instances (issue #15). */
export interface InvalidationTransport {
  /** Tells every instance that content was written, and what (issue #14; ALL: anything). */
  publish(scope: WriteScope): void;
  /** `onWrite` for each write any instance announced; `onResync` when announcements may have been missed. */
  listen(onWrite: (scope: WriteScope) => void, onResync: () => void): void;
  /** Whether other instances' announcements reach this one now; while not, nothing is remembered. */
  connected(): boolean;
}

/** One process (no REDIS_URL): only its own writes exist, and transaction() ends its remembered reads itself. */
export const LOCAL_ONLY: InvalidationTransport = {
  publish: () => undefined,
  listen: () => undefined,
  connected: () => true,
};

/**
 * Connects a ReadCache's data source to the transport and the replicas: a write committed here is
 * published with its scope; a write announced anywhere ends the remembered reads here that it can
 * change, and nothing (of any scope: the gate is global) is remembered again until the serving
 * replicas have applied it (else a value read from a replica that has not could be remembered
 * after the write). Writes that changed no content are not published. Its `remembering()` is the ReadCache's gate.
 */
export class WriteNotices implements RememberGate {
  constructor(
    dataSource: DataSource,
    private readonly transport: InvalidationTransport,
    private readonly replicas: ReplicaRouter | null,
  ) {
    onWriteAnnounced(dataSource, (scope) => {
      if (scope !== ALL && isEmpty(scope)) return;
      replicas?.writeSeen();
      transport.publish(scope);
    });
    transport.listen(
      (scope) => {
        endRemembered(dataSource, scope);
        replicas?.writeSeen();
      },
      () => {
        endRemembered(dataSource, ALL);
        replicas?.writeSeen();
      },
    );
  }

  remembering(): boolean {
    return this.transport.connected() && (this.replicas?.caughtUp() ?? true);
  }
}
