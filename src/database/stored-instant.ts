/**
 * A datetime column as read raw (manager.query): mysql2 gives a Date (the connection's timezone
 * is Z), SQLite the stored UTC text (`YYYY-MM-DD HH:MM:SS.sss`).
 */
export function storedInstant(value: unknown, sqlite: boolean): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(sqlite ? `${text.replace(' ', 'T')}Z` : text);
}
