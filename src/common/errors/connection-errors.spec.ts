import { DatabaseBusyError } from '../../database/bounded-work';
import { isConnectionError } from './connection-errors';

describe('isConnectionError', () => {
  it('takes the bounds of a request’s database work for unavailability (503), wrapped or not', () => {
    expect(isConnectionError(new DatabaseBusyError('acquire', 1000))).toBe(true);
    expect(isConnectionError({ driverError: new DatabaseBusyError('statement', 2250) })).toBe(true);
    // MariaDB's max_statement_time (mysql2 has no name for it) and MySQL's max_execution_time.
    expect(isConnectionError({ driverError: { errno: 1969, code: undefined } })).toBe(true);
    expect(isConnectionError({ driverError: { errno: 3024, code: 'ER_QUERY_TIMEOUT' } })).toBe(true);
  });

  it('leaves query errors alone', () => {
    expect(isConnectionError({ driverError: { errno: 1064, code: 'ER_PARSE_ERROR' } })).toBe(false);
    expect(isConnectionError(new Error('boom'))).toBe(false);
  });
});
