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
});
