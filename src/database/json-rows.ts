import { DataSource, EntityMetadata, ObjectLiteral } from 'typeorm';
import { dialectOf } from './dialect';

/**
 * Rows of several tables in one statement (issue #14): each row of a `UNION ALL` carries one
 * entity as `JSON_OBJECT(column, value, ...)` (the same SQL on MySQL, MariaDB and SQLite), and
 * `hydrate` turns it back into the entity TypeORM would have read, through the driver's own
 * hydration. A page and every relation it shows then cost two round trips instead of seven, and no
 * query builder: each statement costs the database a parse, a plan and a wake-up, and query
 * building and hydration were a large share of the server's CPU on the signed-in list.
 */
export class JsonRows<E extends ObjectLiteral> {
  /** Per column: its key (the column's name), its property, and how a value read (from JSON or a plain column) becomes the property's value. */
  private readonly fields: readonly { key: string; property: string; read: (value: unknown) => unknown }[];
  private readonly objects = new Map<string, string>();
  private readonly columnLists = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly metadata: EntityMetadata,
  ) {
    const driver = dataSource.driver;
    const mysql = dialectOf(dataSource) === 'mysql';
    this.fields = metadata.columns
      .filter((column) => !column.isVirtual)
      .map((column) => {
        // Embedded columns would need setEntityValue's path; no entity read this way has any.
        if (column.embeddedMetadata) throw new Error(`JsonRows: ${metadata.name}.${column.propertyName} is embedded`);
        // JSON has no dates: MySQL and MariaDB write DATETIME as its text, which mysql2 would have
        // read as a Date in the connection's time zone (UTC). SQLite stores that text itself.
        const datetime = mysql && column.type === 'datetime';
        // Plain text and numbers need nothing; the driver's hydration for the rest (booleans, dates, transformers).
        const plain = !datetime && !column.transformer && ['varchar', 'text', 'int'].includes(String(column.type));
        const read = plain
          ? (value: unknown) => value
          : (value: unknown) =>
              driver.prepareHydratedValue(datetime && typeof value === 'string' ? utcDatetime(value) : value, column) as unknown;
        return { key: column.databaseName, property: column.propertyName, read };
      });
  }

  static of<E extends ObjectLiteral>(dataSource: DataSource, entity: new () => E): JsonRows<E> {
    return new JsonRows<E>(dataSource, dataSource.getMetadata(entity));
  }

  /** `JSON_OBJECT('column', alias.column, ...)` of every column of the entity. */
  object(alias: string): string {
    let sql = this.objects.get(alias);
    if (sql === undefined) {
      const escape = (name: string) => this.dataSource.driver.escape(name);
      sql = `JSON_OBJECT(${this.fields.map((field) => `'${field.key}', ${alias}.${escape(field.key)}`).join(', ')})`;
      this.objects.set(alias, sql);
    }
    return sql;
  }

  /**
   * `alias.column, ...` of every column of the entity: for a statement that reads one table's
   * rows alone (a list page), plain columns cost the database and the driver less than one JSON
   * text per row (about 0.15 ms each per page of ten events on MariaDB); `hydrateRow` reads them.
   */
  columns(alias: string): string {
    let sql = this.columnLists.get(alias);
    if (sql === undefined) {
      const escape = (name: string) => this.dataSource.driver.escape(name);
      // Named with AS: SQLite leaves the name of a result column without one unspecified.
      sql = this.fields.map((field) => `${alias}.${escape(field.key)} AS ${escape(field.key)}`).join(', ');
      this.columnLists.set(alias, sql);
    }
    return sql;
  }

  /** The entity of one `object()` value, as the driver hydrates a row's columns. */
  hydrate(value: unknown): E {
    return this.hydrateRow(jsonColumn(value) as Record<string, unknown>);
  }

  /** The entity of a row of `columns()` (or of an `object()` value parsed), as the driver hydrates a row's columns. */
  hydrateRow(row: Record<string, unknown>): E {
    const entity = this.metadata.create() as Record<string, unknown>;
    for (const field of this.fields) {
      const raw = row[field.key];
      entity[field.property] = raw === null || raw === undefined ? raw : field.read(raw);
    }
    return entity as E;
  }
}

/**
 * A column holding JSON (`JSON_OBJECT(...)`, a JSON text), as a value: MariaDB and SQLite send
 * it as text; MySQL may type it JSON, which mysql2 parses itself.
 */
export function jsonColumn(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

const DATETIME = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d{1,6})?/;

/**
 * A `YYYY-MM-DD HH:MM:SS[.ffffff]` text in UTC. Read by character codes: a list page reads about
 * a hundred of them, and their match arrays, eight strings each and padded fractions were 7 % of
 * what a signed-in list allocated (issue #14, a sampling heap profile).
 */
export function utcDatetime(text: string): Date {
  if (!DATETIME.test(text)) return new Date(Number.NaN);
  const digits = (from: number, to: number) => {
    let value = 0;
    for (let i = from; i < to; i++) value = value * 10 + (text.charCodeAt(i) - 48);
    return value;
  };
  // Milliseconds: the fraction's first three digits, missing ones read as 0 (the rest truncated).
  let ms = 0;
  let fraction = text.charCodeAt(19) === 46;
  for (let i = 20; i < 23; i++) {
    fraction &&= isDigit(text.charCodeAt(i));
    ms = ms * 10 + (fraction ? text.charCodeAt(i) - 48 : 0);
  }
  return new Date(Date.UTC(digits(0, 4), digits(5, 7) - 1, digits(8, 10), digits(11, 13), digits(14, 16), digits(17, 19), ms));
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
