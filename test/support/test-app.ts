import { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { App } from 'supertest/types';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppOptions, createApp } from '../../src/app.factory';
import { UsersService } from '../../src/auth/users.service';
import { Role } from '../../src/auth/roles';
import { AppConfig } from '../../src/config/app-config';
import { loadConfig } from '../../src/config/load-config';
import { markWritten } from '../../src/database/read-cache';
import { TestDatabase } from './databases';

export interface TestUser {
  readonly id: number;
  readonly username: string;
  readonly password: string;
  /** The value of an Authorization header for this user. */
  readonly auth: string;
}

/**
 * The real app on a fresh database of one kind, built by the same createApp as production.
 * `api(path)` is the namespace URL of a route, e.g. api('/categories').
 */
/** WordPress's discovery link, on every answer of a TestApp (its SITE_URL, no REST_PREFIX). */
export const DISCOVERY_LINK = '<http://calendar.test/>; rel="https://api.w.org/"';

export class TestApp {
  private constructor(
    readonly app: NestExpressApplication,
    readonly config: AppConfig,
    private readonly drop: () => Promise<void>,
  ) {}

  /** Logs only errors unless `env` sets LOG_LEVEL; `options.logDestination` captures the lines. */
  static async start(database: TestDatabase, env: Record<string, string> = {}, options: AppOptions = {}): Promise<TestApp> {
    const { url, drop } = await database.create();
    const config = loadConfig({
      DATABASE_URL: url,
      SITE_URL: 'http://calendar.test',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_ADDRESS_RATE_LIMIT: '1000',
      LOG_LEVEL: 'error',
      // The background folding of day counts would add statements to the suites' query counts at
      // random moments; test/day-count-folding.e2e-spec.ts turns it on and checks it.
      DAY_COUNT_FOLD_SECONDS: '0',
      // The same for publishing scheduled items; test/events-write.e2e-spec.ts runs it itself.
      SCHEDULED_PUBLISH_SECONDS: '0',
      ...env,
    });
    const app = await createApp(config, options);
    await app.init();
    return new TestApp(app, config, drop);
  }

  get http(): App {
    return this.app.getHttpServer();
  }

  get request() {
    return request(this.http);
  }

  /** `/calendar/events/v1<path>` under the configured REST prefix. */
  api(path = ''): string {
    return `${this.config.restPrefix}/calendar/events/v1${path}`;
  }

  get dataSource(): DataSource {
    return this.app.get<DataSource>(getDataSourceToken());
  }

  /**
   * Writes behind the app's back, as an operator with a SQL client would. The app's remembered
   * reads (ReadCache) are dropped, as the next write through the app would; in production such a
   * write shows after at most READ_CACHE_TTL_MS.
   */
  async sql<T = unknown>(query: string, parameters?: unknown[]): Promise<T> {
    const result = (await this.dataSource.query(query, parameters)) as T;
    markWritten(this.dataSource);
    return result;
  }

  async createUser(role: Role, username = `${role}-${Math.random().toString(36).slice(2, 8)}`): Promise<TestUser> {
    const { user, issued } = await this.app.get(UsersService).createUser({ username, role });
    return { id: user.id, username: user.username, password: issued.password, auth: basic(user.username, issued.password) };
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.drop();
  }
}

export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}
