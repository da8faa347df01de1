import { Connection, createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { ReplicaRouter } from './replicas';

// The router's own connection to each replica (its checks) answers as the test says.
jest.mock('mysql2/promise', () => ({ createConnection: jest.fn() }));

/** What the fake replica's `SHOW REPLICA STATUS` says, or `null`: it does not answer (an error). */
interface FakeReplica {
  sqlRunning: 'Yes' | 'No';
  lag: number;
  answers: boolean;
}

/** A ReplicaRouter over a fake primary (MariaDB, one GTID position) and one fake replica, without install(). */
function setup() {
  const replica: FakeReplica = { sqlRunning: 'Yes', lag: 0, answers: true };
  const connection = {
    query: (sql: string) => {
      if (!replica.answers) return Promise.reject(new Error('connect ECONNREFUSED'));
      if (sql === 'SHOW REPLICA STATUS') {
        return Promise.resolve([[{ Slave_IO_Running: 'Yes', Slave_SQL_Running: replica.sqlRunning, Seconds_Behind_Master: replica.lag }]]);
      }
      return Promise.resolve([[{ waited: 0 }]]);
    },
    destroy: () => undefined,
    end: () => Promise.resolve(),
  };
  jest.mocked(createConnection).mockImplementation(() => Promise.resolve(connection as unknown as Connection));
  const dataSource = {
    query: (sql: string) => Promise.resolve(/VERSION/.test(sql) ? [{ version: '10.11.6-MariaDB' }] : [{ position: '0-1-7' }]),
  } as unknown as DataSource;
  return { replica, router: new ReplicaRouter(dataSource, ['mariadb://root@127.0.0.1:1/calendar'], 5) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(what: string, check: () => boolean, ms = 3000, during: () => void = () => undefined): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    during();
    await sleep(20);
  }
}

describe('ReplicaRouter (issue #15)', () => {
  let router: ReplicaRouter | undefined;

  afterEach(async () => {
    await router?.stop();
    jest.mocked(createConnection).mockReset();
  });

  it('still checks its replicas while writes are announced more often than every 0.1 s (they do not keep pushing the check back)', async () => {
    const fake = setup();
    router = fake.router;
    router.writeSeen();
    await eventually('the replica serves', () => router!.status()[0].serving);
    fake.replica.sqlRunning = 'No';
    // A busy site: every instance's writes, heard every 20 ms.
    await eventually(
      'the stopped replica is left out',
      () => !router!.status()[0].serving,
      3000,
      () => router!.writeSeen(),
    );
    expect(router.status()).toEqual([{ name: 'replica1', serving: false, lagSeconds: null }]);
  });

  it('reports no lag for a replica that does not answer (not the lag of an earlier check)', async () => {
    const fake = setup();
    router = fake.router;
    fake.replica.lag = 2;
    router.writeSeen();
    await eventually('the replica serves', () => router!.status()[0].serving);
    expect(router.status()[0].lagSeconds).toBe(2);
    fake.replica.answers = false;
    await eventually('the replica is left out', () => !router!.status()[0].serving);
    expect(router.status()).toEqual([{ name: 'replica1', serving: false, lagSeconds: null }]);
  });
});
