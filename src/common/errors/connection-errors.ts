/** Driver error codes that mean "the database cannot be reached", as opposed to a bad query. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  // The server refuses this service's connections: per-user limits (several instances sharing one
  // account), credentials rotated under a running instance, a host blocked after connect errors.
  // /ready already answers 503 for these; requests say the same instead of 500 with a stack.
  'ER_USER_LIMIT_REACHED',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_ACCESS_DENIED_ERROR',
  'ER_HOST_IS_BLOCKED',
  // A statement stopped from outside (KILL QUERY by an operator shedding load).
  'ER_QUERY_INTERRUPTED',
  'ER_SERVER_SHUTDOWN',
  // Contention that outlasted transaction()'s retries (8 deadlocks in a row), or a lock waited for
  // past innodb_lock_wait_timeout: the same write may well succeed a moment later.
  'ER_LOCK_DEADLOCK',
  'ER_LOCK_WAIT_TIMEOUT',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  // The bounds of src/database/bounded-work.ts, and the server's own statement limit (MySQL).
  'DATABASE_ACQUIRE_TIMEOUT',
  'DATABASE_STATEMENT_TIMEOUT',
  'ER_QUERY_TIMEOUT',
]);
/**
 * MariaDB's ER_STATEMENT_TIMEOUT (max_statement_time) and ER_CONNECTION_KILLED, which mysql2 has
 * no code name for.
 */
const CONNECTION_ERRNOS = new Set([1969, 1927]);

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
