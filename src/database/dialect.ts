import { DataSource, EntityManager } from 'typeorm';

/**
 * The SQL a statement is written in: the embedded SQLite (better-sqlite3), or MySQL/MariaDB (the
 * `mysql` driver serves both). The app runs on nothing else (data-source-options).
 */
export type Dialect = 'sqlite' | 'mysql';

/** The dialect of the database behind a DataSource, or behind a manager of one. */
export function dialectOf(source: DataSource | EntityManager): Dialect {
  const options = source instanceof EntityManager ? source.connection.options : source.options;
  return options.type === 'better-sqlite3' ? 'sqlite' : 'mysql';
}

/** Whether `source` is the embedded SQLite database. */
export function isSqlite(source: DataSource | EntityManager): boolean {
  return dialectOf(source) === 'sqlite';
}
