import { QueryFailedError } from 'typeorm';
import { DatabaseBusyError } from './bounded-work';
import { replicaFault } from './replica-faults';

/** An error as mysql2 reports it (TypeORM wraps it in QueryFailedError). */
function driverError(fields: { message: string; code?: string; errno?: number; fatal?: boolean }): QueryFailedError {
  return new QueryFailedError('SELECT 1', [], Object.assign(new Error(fields.message), fields));
}

describe('replicaFault: which failures of a replica-routed read run it again elsewhere', () => {
  it('a statement without an answer cuts the replica; no connection in time only leaves it out (a busy pool)', () => {
    expect(replicaFault(new DatabaseBusyError('statement', 2250))).toEqual({ why: 'statement gave no answer within 2250 ms', cut: true });
    expect(replicaFault(new DatabaseBusyError('acquire', 1000))).toEqual({ why: 'no database connection within 1000 ms', cut: false });
  });

  it('a lost or refused connection cuts it', () => {
    expect(replicaFault(driverError({ message: 'Connection lost', code: 'PROTOCOL_CONNECTION_LOST', fatal: true }))).toEqual({
      why: 'connection failed (PROTOCOL_CONNECTION_LOST)',
      cut: true,
    });
    expect(replicaFault(driverError({ message: 'connect ECONNREFUSED', code: 'ECONNREFUSED' }))?.cut).toBe(true);
  });

  it('a column or table it lacks (a migration not applied yet) leaves it out, keeping its connection', () => {
    const fault = replicaFault(
      driverError({ message: "Unknown column 'excerpt' in 'field list'", code: 'ER_BAD_FIELD_ERROR', errno: 1054 }),
    );
    expect(fault).toEqual({ why: "schema behind the primary's (Unknown column 'excerpt' in 'field list')", cut: false });
    expect(replicaFault(driverError({ message: "Table 'calendar.x' doesn't exist", code: 'ER_NO_SUCH_TABLE', errno: 1146 }))?.cut).toBe(
      false,
    );
  });

  it("is not the replica's fault when the primary would fail the same way (syntax, its own time limit, a duplicate)", () => {
    expect(replicaFault(driverError({ message: 'You have an error in your SQL syntax', code: 'ER_PARSE_ERROR', errno: 1064 }))).toBeNull();
    expect(replicaFault(driverError({ message: 'Query execution was interrupted (max_statement_time exceeded)', errno: 1969 }))).toBeNull();
    expect(replicaFault(new Error('the client went away; statement not run'))).toBeNull();
  });
});
