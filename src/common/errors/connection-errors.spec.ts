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

  it('takes a server refusing the service (limits, credentials, a killed statement) for unavailability (503), not a 500', () => {
    for (const [errno, code] of [
      [1226, 'ER_USER_LIMIT_REACHED'],
      [1203, 'ER_TOO_MANY_USER_CONNECTIONS'],
      [1045, 'ER_ACCESS_DENIED_ERROR'],
      [1129, 'ER_HOST_IS_BLOCKED'],
      [1317, 'ER_QUERY_INTERRUPTED'],
    ] as const)
      expect(isConnectionError({ driverError: { errno, code } })).toBe(true);
    expect(isConnectionError({ driverError: { errno: 1927, code: undefined } })).toBe(true);
    expect(isConnectionError(Object.assign(new Error('getaddrinfo EAI_AGAIN db'), { code: 'EAI_AGAIN' }))).toBe(true);
  });

  it('takes contention that outlasted the retries (a deadlock, a lock wait timeout) for unavailability (503), not a 500', () => {
    expect(isConnectionError({ driverError: { errno: 1213, code: 'ER_LOCK_DEADLOCK' } })).toBe(true);
    expect(isConnectionError({ driverError: { errno: 1205, code: 'ER_LOCK_WAIT_TIMEOUT' } })).toBe(true);
  });

  it('leaves query errors alone', () => {
    expect(isConnectionError({ driverError: { errno: 1064, code: 'ER_PARSE_ERROR' } })).toBe(false);
    expect(isConnectionError(new Error('boom'))).toBe(false);
    // A statement refused for lack of a privilege is a bug of the deployment, not an outage.
    expect(isConnectionError({ driverError: { errno: 1142, code: 'ER_TABLEACCESS_DENIED_ERROR' } })).toBe(false);
  });
});
