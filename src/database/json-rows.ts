import { DataSource, EntityManager, EntityMetadata, ObjectLiteral } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/**
 * Rows of several tables in one statement (issue #14): each row of a `UNION ALL` carries one
 * entity as `JSON_OBJECT(column, value, ...)` (the same SQL on MySQL, MariaDB and SQLite), and
 * `hydrate` turns it back into the entity TypeORM would have read, through the driver's own
 * hydration. A page and every relation it shows then cost two round trips instead of seven, and no
 * query builder: on the signed-in list, socket writes, query building and hydration were most of
 * the server's CPU.
 */
export class JsonRows<E extends ObjectLiteral> {
  private readonly columns: readonly ColumnMetadata[];

  constructor(
    private readonly dataSource: DataSource,
    private readonly metadata: EntityMetadata,
  ) {
    this.columns = metadata.columns.filter((column) => !column.isVirtual);
  }

  static of<E extends ObjectLiteral>(dataSource: DataSource, entity: new () => E): JsonRows<E> {
    return new JsonRows<E>(dataSource, dataSource.getMetadata(entity));
  }

  /** `JSON_OBJECT('column', alias.column, ...)` of every column of the entity. */
  object(alias: string): string {
    const driver = this.dataSource.driver;
    const pairs = this.columns.map((column) => `'${column.databaseName}', ${alias}.${driver.escape(column.databaseName)}`);
    return `JSON_OBJECT(${pairs.join(', ')})`;
  }

  /** The entity of one `object()` value, as the driver hydrates a row's columns. */
  hydrate(value: unknown): E {
    const json = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
    const entity = this.metadata.create() as E;
    const driver = this.dataSource.driver;
    const mysql = this.dataSource.options.type !== 'better-sqlite3';
    for (const column of this.columns) {
      let raw = json[column.databaseName];
      // JSON has no dates: MySQL and MariaDB write DATETIME as its text, which mysql2 would have
      // read as a Date in the connection's time zone (UTC). SQLite stores that text itself.
      if (mysql && typeof raw === 'string' && column.type === 'datetime') raw = utcDatetime(raw);
      column.setEntityValue(entity, driver.prepareHydratedValue(raw, column));
    }
    return entity;
  }
}

/** A `YYYY-MM-DD HH:MM:SS[.ffffff]` text in UTC. */
function utcDatetime(text: string): Date {
  const match = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?/.exec(text);
  if (!match) return new Date(Number.NaN);
  const [, year, month, day, hour, minute, second, fraction = '0'] = match;
  const ms = Math.floor(Number(fraction.padEnd(6, '0')) / 1000);
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), ms));
}

/** A statement's `?` placeholders for `values`. */
export function marks(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/** Runs a statement of JSON rows on `manager` (a transaction's, or the data source's). */
export function queryRows<R>(manager: EntityManager, sql: string, parameters: readonly unknown[]): Promise<R[]> {
  return manager.query<R[]>(sql, [...parameters]);
}
