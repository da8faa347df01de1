import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { forkWorkers } from './cluster-workers';
import { ConfigError, loadConfigOrExit } from './config/load-config';

/**
 * `npm run start:cluster` (issue #15): one instance of the server per core on one machine, all
 * on PORT (node:cluster hands the connections to the workers in turn). CLUSTER_WORKERS overrides
 * the count. The first worker starts alone, so the migrations run once; a worker that dies is
 * replaced; SIGTERM/SIGINT drain every worker (see main.ts) and then end the primary.
 */
function primary(): void {
  const config = loadConfigOrExit();
  const raw = process.env.CLUSTER_WORKERS?.trim();
  const workers = raw ? Number(raw) : availableParallelism();
  const problems: string[] = [];
  if (!Number.isInteger(workers) || workers < 1 || workers > 256)
    problems.push(`CLUSTER_WORKERS must be an integer from 1 to 256 (got "${raw}")`);
  else if (workers > 1 && config.database.type === 'sqlite')
    problems.push('start:cluster needs MySQL or MariaDB: SQLite is for one process');
  else if (workers > 1 && !config.redis)
    problems.push('start:cluster needs REDIS_URL: the workers share remembered reads and login limits there');
  if (problems.length) {
    console.error(new ConfigError(problems).message);
    process.exit(1);
  }

  let stopping = false;
  const fork = () => cluster.fork();
  forkWorkers(cluster, workers);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 1000);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stopping = true;
      const running = Object.values(cluster.workers ?? {});
      if (!running.length) process.exit(0);
      for (const worker of running) worker?.process.kill('SIGTERM');
    });
  }
}

if (cluster.isPrimary) primary();
else void import('./main');
