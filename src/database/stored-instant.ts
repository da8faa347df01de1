import { utcDatetime } from './json-rows';

/**
 * A datetime column as read raw (manager.query): mysql2 gives a Date (the connection's timezone
 * is Z), SQLite the stored UTC text, which the JSON rows' parser reads.
 */
export function storedInstant(value: unknown): Date {
  return value instanceof Date ? value : utcDatetime(String(value));
}
