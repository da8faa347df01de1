/** Driver error codes that mean "the database cannot be reached", as opposed to a bad query. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  // The bounds of src/database/bounded-work.ts, and the server's own statement limit (MySQL).
  'DATABASE_ACQUIRE_TIMEOUT',
  'DATABASE_STATEMENT_TIMEOUT',
  'ER_QUERY_TIMEOUT',
]);
/** MariaDB's ER_STATEMENT_TIMEOUT (max_statement_time), which mysql2 has no code name for. */
const CONNECTION_ERRNOS = new Set([1969]);

export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    const errno = (current as { errno?: unknown }).errno;
    if (typeof errno === 'number' && CONNECTION_ERRNOS.has(errno)) return true;
    if (
      /connection is not (yet )?established|pool is closed|database connection is not open|connection lost/i.test(
        String((current as Error).message),
      )
    )
      return true;
    current = (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}
