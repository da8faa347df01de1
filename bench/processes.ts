import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LoadResult, LoadSpec } from './load';

export const ROOT = join(__dirname, '..');

/**
 * The node flags of the `start:prod` script (`node [flags] dist/main.js`) of the tree at `root`
 * (this checkout by default): the bench starts the server exactly as production does.
 */
export function productionNodeArgs(root = ROOT): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  const words = (scripts['start:prod'] ?? '').trim().split(/\s+/);
  const main = words.indexOf('dist/main.js');
  if (words[0] !== 'node' || main < 0) throw new Error(`start:prod must be "node [flags] dist/main.js" (got "${scripts['start:prod']}")`);
  return words.slice(1, main);
}

/** Runs a command to completion with the terminal attached (the seed's progress bar shows). */
export function runAttached(command: string, args: readonly string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

export interface Server {
  readonly process: ChildProcess;
  readonly origin: string;
  readonly logFile: string;
  stop(): Promise<void>;
}

/** `node dist/main.js` in production mode with the bench routes; resolves once /ready answers. */
export async function startServer(options: {
  env: Record<string, string>;
  port: number;
  logFile: string;
  nodeArgs?: string[];
  /** `dist/main.js` (one process), or `dist/cluster.js` (start:cluster, CLUSTER_WORKERS in env). */
  entry?: string;
  /** The built tree to start (this checkout by default). */
  root?: string;
}): Promise<Server> {
  // Another server on the port would answer /ready and be measured instead.
  if (await listening(options.port)) throw new Error(`port ${options.port} is in use: pass --port`);
  const log = createWriteStream(options.logFile);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry ?? 'dist/main.js'], {
    cwd: options.root ?? ROOT,
    env: { ...process.env, ...options.env, NODE_ENV: 'production', BENCH_MODE: 'true', HOST: '127.0.0.1', PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const origin = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) child.kill('SIGKILL');
    await exited;
    log.end();
  };
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${options.logFile}`);
    try {
      const response = await fetch(`${origin}/ready`);
      if (response.ok) return { process: child, origin, logFile: options.logFile, stop };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`the server did not become ready in 60 s; see ${options.logFile}`);
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** One autocannon run in its own process (bench/load.ts). */
export function runLoadProcess(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, 'load.ts'), JSON.stringify(spec)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with ${code}`));
      resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as LoadResult);
    });
  });
}

/** Samples a process's resident memory (VmRSS) until stopped. */
export function sampleRss(pid: number, everyMs = 250): { stop(): { maxMb: number; avgMb: number } } {
  const samples: number[] = [];
  // The server and its workers (start:cluster, --instances): what the machine holds for it.
  const read = () => {
    let kb = 0;
    for (const member of processTree(pid)) {
      try {
        const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${member}/status`, 'utf8'));
        if (match) kb += Number(match[1]);
      } catch {
        // the process is gone
      }
    }
    if (kb) samples.push(kb / 1024);
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop() {
      clearInterval(timer);
      read();
      const max = Math.max(...samples);
      return { maxMb: round(max, 1), avgMb: round(samples.reduce((a, b) => a + b, 0) / samples.length, 1) };
    },
  };
}

/** CPU time (user + system) a process has used so far, in ms; 0 when it is gone. */
/** `pid` and its descendants (the workers of start:cluster). */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone, or no children file
  }
  return [pid, ...children.flatMap(processTree)];
}

/** CPU time of `pid` and its descendants, in ms. */
export function cpuMs(pid: number): number {
  return processTree(pid).reduce((sum, member) => sum + ownCpuMs(member), 0);
}

function ownCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name; in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The pid of the local MySQL/MariaDB server, to report its CPU per request; null when not found. */
export function databaseServerPid(): number | null {
  for (const name of ['mariadbd', 'mysqld']) {
    try {
      const pid = Number(execFileSync('pidof', ['-s', name], { encoding: 'utf8' }).trim());
      if (pid) return pid;
    } catch {
      // not running under this name
    }
  }
  return null;
}

export interface MachineState {
  readonly nproc: number;
  readonly cpu: string;
  readonly memoryGb: number;
  readonly freeGb: number;
  readonly loadAverage: readonly number[];
  readonly node: string;
  readonly free: string;
  /** The busiest processes when the run started (what else was running). */
  readonly topProcesses: string;
  readonly commit: string;
}

export function machineState(): MachineState {
  const shell = (command: string, args: string[]) => {
    try {
      return execFileSync(command, args, { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  const dirty = shell('git', ['status', '--porcelain']) ? ' (uncommitted changes)' : '';
  return {
    nproc: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: round(totalmem() / 2 ** 30, 1),
    freeGb: round(freemem() / 2 ** 30, 1),
    loadAverage: loadavg().map((value) => round(value, 2)),
    node: process.version,
    free: shell('free', ['-h']),
    topProcesses: shell('ps', ['-eo', 'pid,pcpu,rss,etime,args', '--sort=-pcpu', '--cols', '120']).split('\n').slice(0, 8).join('\n'),
    commit: `${shell('git', ['rev-parse', '--short', 'HEAD'])}${dirty}`,
  };
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
