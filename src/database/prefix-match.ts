import { EntityManager } from 'typeorm';
import { isSqlite } from './dialect';

/**
 * `column` starts with `prefix`, as a condition both databases serve from an index on the column
 * (a range of it): MySQL/MariaDB's `LIKE 'prefix%'` does, but SQLite's LIKE is case-insensitive
 * and cannot use a BINARY index, so a scan of every row it was (29 ms at 200,000 slugs); SQLite's
 * case-sensitive GLOB can. `name` names the parameter (unique within the query).
 */
export function startsWith(
  manager: EntityManager,
  column: string,
  prefix: string,
  name: string,
): { sql: string; params: Record<string, string> } {
  if (isSqlite(manager)) return { sql: `${column} GLOB :${name}`, params: { [name]: `${prefix.replace(/[[*?]/g, '[$&]')}*` } };
  return { sql: `${column} LIKE :${name} ESCAPE '!'`, params: { [name]: `${prefix.replace(/[!%_]/g, '!$&')}%` } };
}
