import { EventEmitter } from 'node:events';
import { forkWorkers, WorkerHost } from './cluster-workers';

class FakeCluster extends EventEmitter implements WorkerHost {
  forks = 0;
  fork(): void {
    this.forks++;
  }
}

describe('forkWorkers', () => {
  it('starts the first worker alone and the others once it listens', () => {
    const host = new FakeCluster();
    forkWorkers(host, 3);
    expect(host.forks).toBe(1);
    host.emit('listening');
    expect(host.forks).toBe(3);
    // Later workers listening (and replacements) start nobody else.
    host.emit('listening');
    host.emit('listening');
    expect(host.forks).toBe(3);
  });

  it('starts the others when a replacement of a first worker that died before listening listens', () => {
    const host = new FakeCluster();
    forkWorkers(host, 2);
    // The first worker exits (database not up yet); cluster.ts forks a replacement on 'exit'.
    host.emit('exit');
    host.fork();
    host.emit('listening');
    expect(host.forks).toBe(3);
  });
});
