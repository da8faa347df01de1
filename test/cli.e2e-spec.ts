import request from 'supertest';
import { App } from 'supertest/types';
import { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/load-config';
import { markWritten } from '../src/database/read-cache';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TEST_DATABASES } from './support/databases';
import { runCli } from './support/processes';
import { basic } from './support/test-app';
import { UsersService } from '../src/auth/users.service';
import { TzdbZone } from '../src/common/parsing/tzdb-zone';

jest.setTimeout(60_000);

describe.each(TEST_DATABASES)('CLI on $kind', (database) => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await database.create();
    env = { DATABASE_URL: created.url };
    drop = created.drop;
  });
  afterAll(() => drop());

  async function withApp<T>(use: (http: App) => Promise<T>): Promise<T> {
    const app: NestExpressApplication = await createApp(loadConfig({ ...env, LOGIN_RATE_LIMIT: '1000', LOG_LEVEL: 'error' }));
    await app.init();
    try {
      return await use(app.getHttpServer());
    } finally {
      await app.close();
    }
  }

  it('migrate applies the migrations, names each one it applied, and then finds none pending', async () => {
    const first = await runCli(['migrate'], env);
    expect(first.code).toBe(0);
    const lines = first.stdout.trim().split('\n');
    const count = lines.length - 1;
    expect(count).toBeGreaterThan(10);
    expect(lines.slice(0, count).every((line) => /^applied [A-Za-z]+\d{13}$/.test(line))).toBe(true);
    expect(lines[count]).toBe(`database schema is up to date (${count} migrations, ${count} applied now)`);

    const again = await runCli(['migrate'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`database schema is up to date (${count} migrations, none pending)\n`);
  });

  it('user:create prints the new application password alone on the last line, and it works', async () => {
    const result = await runCli(['user:create', '--username', 'Carol', '--role', 'editor', '--email', 'carol@example.com'], env);
    expect(result.code).toBe(0);
    const password = result.stdout.trim().split('\n').pop() ?? '';
    expect(password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    await withApp((http) => request(http).get('/health').set('Authorization', basic('carol', password)).expect(200));
  });

  it('user:create refuses an existing user with a message and a non-zero exit', async () => {
    const result = await runCli(['user:create', '--username', 'carol', '--role', 'author'], env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/already exists/);
  });

  it('user:create refuses an unknown role', async () => {
    const result = await runCli(['user:create', '--username', 'dave', '--role', 'king'], env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/Unknown role "king"/);
  });

  it('user:create refuses a missing --role', async () => {
    const result = await runCli(['user:create', '--username', 'dave'], env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/--role/);
  });

  it('user:create and app-password:create refuse what does not fit the columns, with a message and no stack trace', async () => {
    // varchar(100): MySQL failed with "Data too long" and a stack trace, SQLite kept the value.
    const email = await runCli(['user:create', '--username', 'erin', '--role', 'author', '--email', `${'e'.repeat(95)}@example.com`], env);
    expect(email.code).toBe(2);
    expect(email.stderr).toMatch(/^error: E-mail address too long: at most 100 characters\n$/);
    const name = await runCli(['app-password:create', '--username', 'carol', '--name', 'n'.repeat(101)], env);
    expect(name.code).toBe(2);
    expect(name.stderr).toMatch(/^error: Application password name too long: at most 100 characters\n$/);
    // 100 characters, some outside the BMP, still fit.
    const fits = await runCli(['app-password:create', '--username', 'carol', '--name', `${'n'.repeat(98)}💻ü`], env);
    expect(fits.code).toBe(0);
    expect((await runCli(['user:list'], env)).stdout).not.toMatch(/erin/);
  });

  it('user:list shows users, roles and password ids', async () => {
    const result = await runCli(['user:list'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\bcarol\teditor\tcarol@example\.com\t[0-9a-f-]{36} \(cli\)/);
  });

  it('app-password:create adds a working password; app-password:revoke makes it fail', async () => {
    const created = await runCli(['app-password:create', '--username', 'carol', '--name', 'laptop'], env);
    expect(created.code).toBe(0);
    const lines = created.stdout.trim().split('\n');
    const password = lines.pop() ?? '';
    const uuid = /application password ([0-9a-f-]{36})/.exec(lines.join('\n'))?.[1] ?? '';
    await withApp((http) => request(http).get('/health').set('Authorization', basic('carol', password)).expect(200));

    const revoked = await runCli(['app-password:revoke', '--username', 'carol', '--uuid', uuid], env);
    expect(revoked.code).toBe(0);
    await withApp(async (http) => {
      const res = await request(http).get('/health').set('Authorization', basic('carol', password)).expect(401);
      expect(res.body.code).toBe('invalid_credentials');
    });
  });

  it('app-password:revoke refuses an unknown password id', async () => {
    const result = await runCli(['app-password:revoke', '--username', 'carol', '--uuid', '00000000-0000-0000-0000-000000000000'], env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/no application password/);
  });

  it('app-password:revoke refuses --uuid with --all, and app-password:create an empty name, changing nothing', async () => {
    const before = (await runCli(['user:list'], env)).stdout;
    const both = await runCli(
      ['app-password:revoke', '--username', 'carol', '--uuid', '00000000-0000-0000-0000-000000000000', '--all'],
      env,
    );
    expect([both.code, both.stderr]).toEqual([2, expect.stringMatching(/not both/)]);
    const unnamed = await runCli(['app-password:create', '--username', 'carol', '--name', ' '], env);
    expect([unnamed.code, unnamed.stderr]).toEqual([2, expect.stringMatching(/must not be empty/)]);
    expect((await runCli(['user:list'], env)).stdout).toBe(before);
  });

  it('refuses an unknown command', async () => {
    const result = await runCli(['frobnicate'], env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/unknown command/);
  });

  it('terms:recount corrects counts that writes made with SQL left wrong, and only those', async () => {
    const app: NestExpressApplication = await createApp(loadConfig({ ...env, LOG_LEVEL: 'error' }));
    await app.init();
    const dataSource = app.get<DataSource>(getDataSourceToken());
    const termCount = async (slug: string) =>
      Number((await dataSource.query<{ count: number | string }[]>('SELECT count FROM terms WHERE slug = ?', [slug]))[0].count);
    try {
      const { user, issued } = await app.get(UsersService).createUser({ username: 'recounter', role: 'administrator' });
      const post = (body: Record<string, unknown>) =>
        request(app.getHttpServer())
          .post('/calendar/events/v1/events')
          .set('Authorization', basic(user.username, issued.password))
          .send({ start_date: '2030-01-10 10:00:00', end_date: '2030-01-10 12:00:00', ...body })
          .expect(201);
      await post({ title: 'Counted', tags: ['Busy', 'Quiet'] });
      await post({ title: 'Not counted', status: 'draft', tags: ['Busy'] });
      expect([await termCount('busy'), await termCount('quiet')]).toEqual([1, 1]);
      await dataSource.query("UPDATE terms SET count = 7 WHERE slug = 'busy'");

      const result = await runCli(['terms:recount'], env);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('recounted 2 terms; 1 corrected');
      expect([await termCount('busy'), await termCount('quiet')]).toEqual([1, 1]);
      expect((await runCli(['terms:recount'], env)).stdout).toContain('recounted 2 terms; 0 corrected');

      // An event unpublished with SQL: the recount sees its status through the link rows' copies.
      await dataSource.query("UPDATE events SET status = 'draft' WHERE slug = 'counted'");
      expect((await runCli(['terms:recount'], env)).stdout).toContain('recounted 2 terms; 2 corrected');
      expect([await termCount('busy'), await termCount('quiet')]).toEqual([0, 0]);
    } finally {
      await app.close();
    }
  });

  it('events:recount-days rebuilds the per-day counts of events written with SQL', async () => {
    const app: NestExpressApplication = await createApp(loadConfig({ ...env, LOG_LEVEL: 'error' }));
    await app.init();
    const dataSource = app.get<DataSource>(getDataSourceToken());
    const window = { start_date: '2030-02-01', end_date: '2030-02-28', per_page: 1 };
    // Anonymous lists are remembered until a write through the app: these writes are not.
    const listed = async () => {
      markWritten(dataSource);
      return Number((await request(app.getHttpServer()).get('/calendar/events/v1/events').query(window)).headers['x-tec-total']);
    };
    try {
      const { user, issued } = await app.get(UsersService).createUser({ username: 'day-counter', role: 'administrator' });
      for (const day of ['10', '11']) {
        await request(app.getHttpServer())
          .post('/calendar/events/v1/events')
          .set('Authorization', basic(user.username, issued.password))
          .send({ title: `Counted ${day}`, start_date: `2030-02-${day} 10:00:00`, end_date: `2030-02-${day} 12:00:00` })
          .expect(201);
      }
      expect(await listed()).toBe(2);
      // Behind the app's back: the counts no longer see the events.
      await dataSource.query('DELETE FROM event_day_counts');
      expect(await listed()).toBe(0);

      const result = await runCli(['events:recount-days'], env);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/rebuilt the event day counts: \d+ rows/);
      expect(await listed()).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('events:retime gives events written with older tz data the times their wall clocks name now, keeping chosen repeated-hour instants; --dry-run changes nothing', async () => {
    const app: NestExpressApplication = await createApp(loadConfig({ ...env, LOG_LEVEL: 'error' }));
    await app.init();
    const dataSource = app.get<DataSource>(getDataSourceToken());
    try {
      const { user, issued } = await app.get(UsersService).createUser({ username: 'retimer', role: 'administrator' });
      const api = (method: 'get' | 'post', path: string) =>
        request(app.getHttpServer())[method](`/calendar/events/v1${path}`).set('Authorization', basic(user.username, issued.password));
      const venue = (await api('post', '/venues').send({ venue: 'Orpheum' }).expect(201)).body as { id: number };
      const create = async (body: Record<string, unknown>) =>
        ((await api('post', '/events').send(body).expect(201)).body as { id: number }).id;
      const vancouver = await create({
        title: 'Winter concert',
        start_date: '2026-12-15 10:00:00',
        end_date: '2026-12-15 11:00:00',
        timezone: 'America/Vancouver',
        venue: venue.id,
      });
      // The second 01:30 of the night New York's clocks go back, chosen by its offset.
      const repeated = await create({
        title: 'Second 01:30',
        start_date: '2031-11-02T01:30:00-05:00',
        end_date: '2031-11-02 03:00:00',
        timezone: 'America/New_York',
      });
      await create({ title: 'Berlin', start_date: '2030-05-01 20:00:00', end_date: '2030-05-01 22:00:00', timezone: 'Europe/Berlin' });
      const read = async (id: number) => (await api('get', `/events/${id}`).expect(200)).body as Record<string, string>;
      const repeatedBefore = await read(repeated);
      expect(repeatedBefore.utc_start_date).toBe('2031-11-02 06:30:00');
      // What tz 2025c (Node 20's ICU) wrote: PST, an hour later, in the row and in its copies.
      await dataSource.query(
        "UPDATE events SET start_utc = '2026-12-15 18:00:00', end_utc = '2026-12-15 19:00:00', timezone_abbr = 'PST', " +
          "modified_at = '2026-01-01 00:00:00' WHERE id = ?",
        [vancouver],
      );
      expect((await runCli(['events:recount-days'], env)).code).toBe(0);
      // Earlier tests of this file wrote events too: every one is checked.
      const [{ n: events }] = await dataSource.query<{ n: number | string }[]>('SELECT COUNT(*) AS n FROM events');
      const atTheVenue = async () => {
        const res = await api('get', '/events')
          .query({ venue: venue.id, starts_after: '2026-12-15 16:30:00', starts_before: '2026-12-15 17:30:00', strict_dates: true })
          .expect(200);
        return [res.headers['x-tec-total'], (res.body as { events: { id: number }[] }).events.map((event) => event.id)];
      };
      expect(await atTheVenue()).toEqual(['0', []]);

      const dry = await runCli(['events:retime', '--dry-run'], env);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toBe(
        `${vancouver}\tAmerica/Vancouver\t2026-12-15 10:00:00\t2026-12-15 18:00:00 -> 2026-12-15 17:00:00 UTC\n` +
          `would retime 1 of ${events} events (tz ${TzdbZone.release})\n`,
      );
      expect((await read(vancouver)).utc_start_date).toBe('2026-12-15 18:00:00');

      const run = await runCli(['events:retime'], env);
      expect(run.code).toBe(0);
      expect(run.stdout.trim().split('\n').pop()).toBe(`retimed 1 of ${events} events (tz ${TzdbZone.release})`);
      const retimed = await read(vancouver);
      expect([retimed.start_date, retimed.utc_start_date, retimed.utc_end_date, retimed.timezone_abbr]).toEqual([
        '2026-12-15 10:00:00',
        '2026-12-15 17:00:00',
        '2026-12-15 18:00:00',
        'MST',
      ]);
      expect(retimed.modified_utc > '2026-01-01 00:00:00').toBe(true);
      // The venue's link rows and the per-day counts moved with it.
      expect(await atTheVenue()).toEqual(['1', [vancouver]]);
      expect(await read(repeated)).toEqual(repeatedBefore);
      expect((await runCli(['events:retime'], env)).stdout).toBe(`retimed 0 of ${events} events (tz ${TzdbZone.release})\n`);
    } finally {
      await app.close();
    }
  });

  it('events:retime places all-day events as whole days, and skips and names the events it cannot retime, changing nothing of them', async () => {
    const app: NestExpressApplication = await createApp(loadConfig({ ...env, LOG_LEVEL: 'error' }));
    await app.init();
    const dataSource = app.get<DataSource>(getDataSourceToken());
    try {
      const { user, issued } = await app.get(UsersService).createUser({ username: 'retimer-2', role: 'administrator' });
      const api = (method: 'get' | 'post', path: string) =>
        request(app.getHttpServer())[method](`/calendar/events/v1${path}`).set('Authorization', basic(user.username, issued.password));
      const create = async (body: Record<string, unknown>) =>
        ((await api('post', '/events').send(body).expect(201)).body as { id: number }).id;
      const allDay = await create({
        title: 'Fair',
        start_date: '2026-12-15',
        end_date: '2026-12-16',
        all_day: true,
        timezone: 'America/Vancouver',
      });
      const unknownZone = await create({ title: 'Elsewhere', start_date: '2030-01-10 10:00:00', end_date: '2030-01-10 11:00:00' });
      const reversed = await create({
        title: 'Reversed',
        start_date: '2030-01-11 10:00:00',
        end_date: '2030-01-11 11:00:00',
        timezone: 'Europe/Berlin',
      });
      // As older tz data left it: a day started at 01:00 (a midnight its rules skipped), an hour later in UTC.
      await dataSource.query(
        "UPDATE events SET start_local = '2026-12-15 01:00:00', start_utc = '2026-12-15 09:00:00', end_utc = '2026-12-17 08:59:59' WHERE id = ?",
        [allDay],
      );
      // Rows written with SQL: a zone the service does not know; an end before the start.
      await dataSource.query("UPDATE events SET timezone = 'Mars/Olympus' WHERE id = ?", [unknownZone]);
      await dataSource.query("UPDATE events SET end_local = '2030-01-11 09:00:00', end_utc = '2030-01-11 08:00:00' WHERE id = ?", [
        reversed,
      ]);
      const rowsOf = () =>
        dataSource.query<Record<string, unknown>[]>(
          'SELECT id, start_local, end_local, start_utc, end_utc, modified_at FROM events WHERE id IN (?, ?) ORDER BY id',
          [unknownZone, reversed],
        );
      const skippedBefore = await rowsOf();

      const run = await runCli(['events:retime'], env);
      expect(run.code).toBe(0);
      const lines = run.stdout.trim().split('\n');
      expect(lines).toContain(`${allDay}\tAmerica/Vancouver\t2026-12-15 01:00:00\t2026-12-15 09:00:00 -> 2026-12-15 07:00:00 UTC`);
      expect(lines).toContain(`${unknownZone}\tMars/Olympus\t2030-01-10 10:00:00\tskipped: its time zone is not one the service knows`);
      expect(lines).toContain(
        `${reversed}\tEurope/Berlin\t2030-01-11 10:00:00\tskipped: its end would come before its start (a clock the new rules skip)`,
      );
      expect(lines.pop()).toMatch(
        /^retimed 1 of \d+ events \(tz \d{4}[a-z]\); 2 skipped \(an update of their dates gives them their times\)$/,
      );
      const fair = (await api('get', `/events/${allDay}`).expect(200)).body as Record<string, string>;
      expect([fair.start_date, fair.end_date, fair.utc_start_date, fair.utc_end_date]).toEqual([
        '2026-12-15 00:00:00',
        '2026-12-16 23:59:59',
        '2026-12-15 07:00:00',
        '2026-12-17 06:59:59',
      ]);
      expect(await rowsOf()).toEqual(skippedBefore);
    } finally {
      await app.close();
    }
  });
});
