import { DatabaseBusyError } from './bounded-work';

/** Network failures of a connection (mysql2 marks them `fatal` too, but not the ones before a handshake). */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'PROTOCOL_CONNECTION_LOST']);

/**
 * ER_BAD_FIELD_ERROR, ER_NO_SUCH_TABLE: the replica has not applied a migration the primary has
 * (a rolling deploy's new code reads a column the replica is still adding).
 */
const SCHEMA_BEHIND = new Set([1054, 1146]);

export interface ReplicaFault {
  /** For the log line that leaves the replica out. */
  readonly why: string;
  /** Its connection is unusable (destroy it, and the replica's other statements in flight). */
  readonly cut: boolean;
}

/**
 * Whether a read's failure is its replica's, so that the read may run again elsewhere: no answer
 * in time (bounded-work.ts), a connection that failed, or a schema behind the primary's. Anything
 * else (a statement the server refused, its own time limit: the primary would do the same) is the
 * request's, and fails it.
 */
export function replicaFault(error: unknown): ReplicaFault | null {
  if (error instanceof DatabaseBusyError) {
    // A statement without an answer after the server's own limit: the server is not answering.
    // No connection in time may be a busy pool: its statements in flight are left to finish.
    return { why: error.message, cut: error.code === 'DATABASE_STATEMENT_TIMEOUT' };
  }
  const cause = ((error as { driverError?: unknown }).driverError ?? error) as {
    fatal?: boolean;
    code?: string;
    errno?: number;
    message?: string;
  };
  if (cause.fatal === true || (cause.code !== undefined && CONNECTION_CODES.has(cause.code))) {
    return { why: `connection failed (${cause.code ?? cause.message ?? 'unknown'})`, cut: true };
  }
  if (cause.errno !== undefined && SCHEMA_BEHIND.has(cause.errno)) {
    return { why: `schema behind the primary's (${cause.message ?? cause.errno})`, cut: false };
  }
  return null;
}
