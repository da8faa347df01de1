import { EventEmitter } from 'node:events';

/** What forkWorkers needs of node:cluster (the primary's side). */
export interface WorkerHost extends EventEmitter {
  fork(): unknown;
}

/**
 * Starts `count` workers: the first alone, so the migrations run once, and the others once a
 * worker is listening. That worker need not be the first fork: a first worker that dies before
 * listening (the database not up yet) is replaced, and its replacement's `listening` must start
 * the rest too, or the cluster runs one worker for ever.
 */
export function forkWorkers(host: WorkerHost, count: number): void {
  let started = false;
  const startRest = () => {
    if (started) return;
    started = true;
    host.off('listening', startRest);
    for (let n = 1; n < count; n++) host.fork();
  };
  host.on('listening', startRest);
  host.fork();
}
