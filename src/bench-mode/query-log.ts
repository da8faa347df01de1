import { AdvancedConsoleLogger, LoggerOptions } from 'typeorm';

/** A statement as the driver received it, with the parameters of its first run. */
export interface RecordedStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  count: number;
}

// Enough for every distinct statement of a scenario; IN lists of other lengths are new texts.
const MAX_STATEMENTS = 500;

/** Counts the statements the app sends (BENCH_MODE only), so the benchmark reports queries per request. */
export class QueryLog {
  private total = 0;
  private readonly statements = new Map<string, RecordedStatement>();

  record(sql: string, parameters: readonly unknown[] | undefined): void {
    this.total++;
    const known = this.statements.get(sql);
    if (known) known.count++;
    else if (this.statements.size < MAX_STATEMENTS) this.statements.set(sql, { sql, parameters: parameters ?? [], count: 1 });
  }

  get count(): number {
    return this.total;
  }

  list(): RecordedStatement[] {
    return [...this.statements.values()];
  }

  reset(): void {
    this.total = 0;
    this.statements.clear();
  }
}

/** The one log of the process: the DataSource's logger writes it, the bench routes read it. */
export const BENCH_QUERY_LOG = new QueryLog();

/** TypeORM's console logger (errors, warnings, migrations as configured) that also counts every query. */
export class CountingQueryLogger extends AdvancedConsoleLogger {
  constructor(
    options: LoggerOptions | undefined,
    private readonly queryLog: QueryLog = BENCH_QUERY_LOG,
  ) {
    super(options);
  }

  override logQuery(query: string, parameters?: unknown[]): void {
    this.queryLog.record(query, parameters);
  }
}
