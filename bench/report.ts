import { LoadResult } from './load';
import { MachineState } from './processes';
import { Row } from './database';

export interface ExplainedStatement {
  readonly sql: string;
  /** How often the scenario ran it. */
  readonly count: number;
  readonly plan: Row[];
}

export interface ScenarioResult {
  readonly key: string;
  readonly title: string;
  readonly load: LoadResult;
  readonly rssMaxMb: number;
  readonly rssAvgMb: number;
  readonly queriesPerRequest: number;
  /** CPU time per request of the server process, and of the database server (MySQL only): robust to a busy machine. */
  readonly serverCpuMsPerRequest: number;
  readonly databaseCpuMsPerRequest: number | null;
  /** req/s divided by the baseline's req/s. */
  readonly ratio: number;
  readonly explain?: ExplainedStatement[];
  /** The load run beside the measured one (the mixed scenario's writes). */
  readonly beside?: LoadResult;
}

export interface DatabaseRun {
  readonly database: 'mysql' | 'sqlite';
  readonly version: string;
  readonly events: number;
  readonly seedSeconds: number;
  readonly poolSize: number;
  /** READ_CACHE_SECONDS of the server (0: every request reads the database). */
  readonly readCacheSeconds: number;
  /** Server processes (1: `dist/main.js`; more: `dist/cluster.js` with CLUSTER_WORKERS and Redis). */
  readonly instances?: number;
  readonly connections: number;
  readonly seconds: number;
  readonly scenarios: ScenarioResult[];
}

export interface ScalePoint {
  readonly events: number;
  readonly seedSeconds: number;
  readonly scenarios: {
    key: string;
    title: string;
    rps: number;
    p50: number;
    p99: number;
    queriesPerRequest: number;
    serverCpuMsPerRequest: number;
    explain?: ExplainedStatement[];
  }[];
}

export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  readonly met: boolean | null;
}

export interface BenchReport {
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly command: string;
  readonly machine: MachineState;
  readonly machineAfter: Pick<MachineState, 'loadAverage' | 'topProcesses'>;
  readonly runs: DatabaseRun[];
  readonly scale?: { readonly database: string; readonly points: ScalePoint[] };
  readonly targets: TargetCheck[];
}

/** The issue's targets, for the MySQL run at 32 connections (and the scale mode when it ran). */
export function checkTargets(runs: readonly DatabaseRun[], scale: BenchReport['scale']): TargetCheck[] {
  const mysql = runs.find((run) => run.database === 'mysql');
  const checks: TargetCheck[] = [];
  const scenario = (key: string) => mysql?.scenarios.find((s) => s.key === key);
  const rps = (key: string, min: number, label: string, p99Max?: number) => {
    const found = scenario(key);
    if (!found) return;
    const p99Ok = p99Max === undefined || (found.load.requests > 0 && found.load.p99 <= p99Max);
    checks.push({
      target: `${label} ≥ ${min.toLocaleString('en-US')} req/s${p99Max ? `, p99 ≤ ${p99Max} ms` : ''}`,
      measured: `${fmt(found.load.rps)} req/s${p99Max ? `, p99 ${ms(found.load.p99, found.load.requests)} ms` : ''}${found.load.errors + found.load.non2xx ? `, ${found.load.errors + found.load.non2xx} errors` : ''}`,
      met: found.load.rps >= min && p99Ok && found.load.errors + found.load.non2xx === 0,
    });
  };
  // Issue #14's targets are shares of the baseline of the same run, nothing remembered (--cold).
  const share = (key: string, min: number, label: string, p99Max?: number) => {
    const found = scenario(key);
    if (!found) return;
    const errors = found.load.errors + found.load.non2xx + (found.beside ? found.beside.errors + found.beside.non2xx : 0);
    const p99Ok = p99Max === undefined || (found.load.requests > 0 && found.load.p99 <= p99Max);
    checks.push({
      target: `${label} ≥ ${min} × baseline${p99Max ? `, p99 ≤ ${p99Max} ms` : ''}`,
      measured: `× ${fmt(found.ratio, 2)} (${fmt(found.load.rps)} req/s), p99 ${ms(found.load.p99, found.load.requests)} ms${errors ? `, ${errors} errors` : ''}`,
      met: found.ratio >= min && p99Ok && errors === 0,
    });
  };
  if (mysql && mysql.readCacheSeconds === 0) {
    share('list', 0.25, 'default list', 100);
    share('list-window-category', 0.2, 'window (90 days) + category');
    share('list-search', 0.1, 'search of one word', 250);
    share('list-venue', 0.2, "a busy venue's list");
    share('event-by-id', 0.5, 'single by id');
  } else {
    rps('list', 1000, 'default list', 100);
    rps('list-filtered', 600, 'filtered list (window + category + search)');
    rps('event-by-id', 2500, 'single by id');
    share('mixed', 0.25, 'default list while 2 connections create (remembered reads on)', 250);
  }
  rps('create', 300, 'authenticated create');
  if (mysql) {
    const rss = Math.max(...mysql.scenarios.map((s) => s.rssMaxMb));
    checks.push({ target: 'server memory under load ≤ 250 MB RSS', measured: `${rss} MB (highest of all scenarios)`, met: rss <= 250 });
  }
  if (scale && scale.points.length > 1) {
    const first = scale.points[0];
    const last = scale.points[scale.points.length - 1];
    const list = (point: ScalePoint) => point.scenarios.find((s) => s.key === 'list');
    const p50 = (point: ScalePoint) => list(point)?.p50 ?? NaN;
    const answered = (point: ScalePoint) => (list(point)?.rps ?? 0) > 0;
    checks.push({
      target: `list p50 at ${last.events.toLocaleString('en-US')} events ≤ 2 × at ${first.events.toLocaleString('en-US')}`,
      measured: `${answered(last) ? '' : '≥ '}${p50(last)} ms vs ${p50(first)} ms (× ${fmt(p50(last) / p50(first), 2)})`,
      met: answered(last) && answered(first) && p50(last) <= 2 * p50(first),
    });
  }
  return checks;
}

export function markdown(report: BenchReport): string {
  const lines: string[] = [];
  const m = report.machine;
  lines.push(`# Benchmark results (${report.startedAt})`, '');
  lines.push(`\`${report.command}\` at ${m.commit}.`, '');
  lines.push(
    `Machine: ${m.nproc} cores (${m.cpu}), ${m.memoryGb} GB RAM (${m.freeGb} GB free), Node ${m.node}; load average ` +
      `${m.loadAverage.join(', ')} before the run, ${report.machineAfter.loadAverage.join(', ')} after. Server, database and ` +
      'load generator (autocannon, its own process) share the machine.',
    '',
  );
  if (report.targets.length) {
    lines.push('## Targets (MySQL)', '', '| target | measured | met |', '|---|---|---|');
    for (const t of report.targets) lines.push(`| ${t.target} | ${t.measured} | ${t.met === null ? '-' : t.met ? 'yes' : '**no**'} |`);
    lines.push('');
  }
  const growth = instancesTable(report.runs);
  if (growth.length) lines.push('## Throughput from 1 instance to more (`--instances`)', '', ...growth, '');
  for (const run of report.runs) {
    lines.push(
      `## ${run.database === 'mysql' ? 'MySQL' : 'SQLite'}: ${run.events.toLocaleString('en-US')} events` +
        ((run.instances ?? 1) > 1 ? `, ${run.instances} instances (start:cluster, Redis)` : ''),
      '',
      `${run.version}; seeded in ${run.seedSeconds} s; ${run.connections} connections, ${run.seconds} s per scenario after a warm-up; ` +
        `${run.database === 'mysql' ? `pool of ${run.poolSize}` : 'one connection'}; ` +
        (run.readCacheSeconds ? `READ_CACHE_SECONDS=${run.readCacheSeconds}.` : 'READ_CACHE_SECONDS=0 (nothing remembered).'),
      '',
    );
    lines.push(...scenarioTable(run.scenarios), '');
    for (const s of run.scenarios.filter((x) => x.beside)) {
      const b = s.beside!;
      lines.push(`${s.title}: the creates beside it ran at ${fmt(b.rps)} req/s (p99 ${b.p99} ms, ${b.errors + b.non2xx} errors).`, '');
    }
    const explained = run.scenarios.filter((s) => s.explain?.length);
    if (explained.length) {
      lines.push('<details><summary>EXPLAIN of the event list queries</summary>', '');
      for (const s of explained) lines.push(...explainSection(s.title, s.explain ?? []));
      lines.push('</details>', '');
    }
  }
  if (report.scale) {
    lines.push(`## Scale (${report.scale.database})`, '', ...scaleTable(report.scale.points), '');
    const last = report.scale.points[report.scale.points.length - 1];
    const explained = last?.scenarios.filter((s) => s.explain?.length) ?? [];
    if (explained.length) {
      lines.push(`<details><summary>EXPLAIN at ${last.events.toLocaleString('en-US')} events</summary>`, '');
      for (const s of explained) lines.push(...explainSection(s.title, s.explain ?? []));
      lines.push('</details>', '');
    }
  }
  lines.push('<details><summary>Machine state</summary>', '', '```', m.free, '', m.topProcesses, '```', '</details>', '');
  return lines.join('\n');
}

export function scenarioTable(scenarios: readonly ScenarioResult[]): string[] {
  const rows = [
    '| scenario | req/s | p50 ms | p99 ms | errors | server RSS MB (max) | queries/req | × baseline | server CPU ms/req | DB CPU ms/req |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const s of scenarios) {
    rows.push(
      `| ${s.title} | ${fmt(s.load.rps)} | ${ms(s.load.p50, s.load.requests)} | ${ms(s.load.p99, s.load.requests)} | ` +
        `${s.load.errors + s.load.non2xx} | ${s.rssMaxMb} | ` +
        `${fmt(s.queriesPerRequest, 1)} | ${fmt(s.ratio, 2)} | ${fmt(s.serverCpuMsPerRequest, 2)} | ` +
        `${s.databaseCpuMsPerRequest === null ? '-' : fmt(s.databaseCpuMsPerRequest, 2)} |`,
    );
  }
  return rows;
}

function scaleTable(points: readonly ScalePoint[]): string[] {
  const keys = points[0]?.scenarios.map((s) => s.key) ?? [];
  const rows = [
    `| scenario | ${points.map((p) => `${p.events.toLocaleString('en-US')} events: req/s, p50, p99 ms`).join(' | ')} | p50 growth |`,
    `|---|${points.map(() => '--:').join('|')}|--:|`,
  ];
  for (const key of keys) {
    const cells = points.map((p) => p.scenarios.find((s) => s.key === key));
    const first = cells[0];
    const last = cells[cells.length - 1];
    rows.push(
      `| ${first?.title ?? key} | ${cells.map((c) => (c ? `${fmt(c.rps)}, ${ms(c.p50, c.rps)}, ${ms(c.p99, c.rps)}` : '-')).join(' | ')} | ` +
        `${last && !last.rps ? '≥ ' : ''}× ${first && last ? fmt(last.p50 / first.p50, 2) : '-'} |`,
    );
  }
  rows.push('', `Seeding: ${points.map((p) => `${p.events.toLocaleString('en-US')} in ${p.seedSeconds} s`).join(', ')}.`);
  return rows;
}

function explainSection(title: string, statements: readonly ExplainedStatement[]): string[] {
  const lines = [`**${title}**`, ''];
  for (const statement of statements) {
    lines.push(`- ${statement.count}× \`${shorten(statement.sql)}\``, '');
    const keys = Object.keys(statement.plan[0] ?? {});
    if (!keys.length) continue;
    lines.push(`  | ${keys.join(' | ')} |`, `  |${keys.map(() => '---').join('|')}|`);
    for (const row of statement.plan) lines.push(`  | ${keys.map((key) => cell(row[key])).join(' | ')} |`);
    lines.push('');
  }
  return lines;
}

/** The console version: the scenario table and the plans, without Markdown decoration. */
/** Requests/s of each scenario with one instance and with more (`--instances`), and the ratio. */
export function instancesTable(runs: readonly DatabaseRun[]): string[] {
  const one = runs.find((run) => (run.instances ?? 1) === 1);
  const more = runs.find((run) => (run.instances ?? 1) > 1);
  if (!one || !more) return [];
  const lines = [`| scenario | 1 instance req/s | ${more.instances} instances req/s | ratio |`, '|---|---|---|---|'];
  for (const s of more.scenarios) {
    const base = one.scenarios.find((x) => x.key === s.key);
    if (!base) continue;
    const ratio = base.load.rps ? (s.load.rps / base.load.rps).toFixed(2) : '-';
    lines.push(`| ${s.title} | ${fmt(base.load.rps)} | ${fmt(s.load.rps)} | ${ratio} |`);
  }
  return lines;
}

export function consoleSummary(run: DatabaseRun): string {
  const instances = (run.instances ?? 1) > 1 ? `, ${run.instances} instances` : '';
  const lines = [
    `\n${run.database.toUpperCase()}, ${run.events.toLocaleString('en-US')} events${instances}`,
    ...scenarioTable(run.scenarios),
  ];
  for (const s of run.scenarios.filter((x) => x.explain?.length)) {
    lines.push(`\nEXPLAIN, ${s.title}:`);
    for (const statement of s.explain ?? []) {
      lines.push(`  ${statement.count}× ${shorten(statement.sql)}`);
      for (const row of statement.plan) lines.push(`    ${Object.values(row).map(cell).join(' | ')}`);
    }
  }
  return lines.join('\n');
}

/** A latency; "≥" when nothing was answered within the run (the value is then the run's length). */
function ms(value: number, answered: number): string {
  return answered ? String(value) : `≥ ${value}`;
}

/** A plan value: numbers and strings as they are, anything else as JSON. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** SELECT lists are long and say little about the plan: keep FROM onwards. */
function shorten(sql: string): string {
  const compact = sql.replace(/\s+/g, ' ').trim();
  const from = compact.search(/ FROM /i);
  const text = from > 0 ? `SELECT … ${compact.slice(from + 1)}` : compact;
  return text.length > 400 ? `${text.slice(0, 400)} …` : text;
}

function fmt(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '-';
}
