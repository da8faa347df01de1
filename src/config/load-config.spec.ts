import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './load-config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('gives the contract defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      database: { type: 'sqlite', file: './data/calendar.sqlite' },
      siteUrl: 'http://localhost:3000',
      restPrefix: '',
      siteTimezone: 'UTC',
      siteLocale: 'en_US',
      defaultPerPage: 10,
      maxPerPage: 50,
      admin: null,
      corsOrigins: null,
    });
  });

  it('never repeats any part of a password from a refused connection URL, an unencoded @ in it included', () => {
    const [problem] = problemsOf({ DATABASE_URL: 'mysql://cal:p@ssw0rdTail@db.internal:3306' });
    expect(problem).toContain('mysql://cal:***@db.internal:3306');
    expect(problem).not.toContain('ssw0rdTail');
    const [replica] = problemsOf({ DATABASE_URL: 'mysql://a:b@db/x', DATABASE_READ_URLS: 'postgres://r:se@cret@replica/x' });
    expect(replica).not.toContain('cret');
  });

  it('refuses a TRUST_PROXY that Express cannot read, naming it (instead of a stack trace at start-up)', () => {
    for (const good of [
      'true',
      'false',
      '2',
      'loopback',
      'loopback, 10.0.0.0/8',
      '10.0.0.1,fd00::/8',
      '192.168.0.0/255.255.0.0',
      '10.0.0.0/255.255.255.255',
      '10.0.0.0/128.0.0.0',
      '::1',
    ]) {
      expect(problemsOf({ TRUST_PROXY: good })).toEqual([]);
    }
    for (const bad of [
      'yes',
      'True',
      '10.0.0.0/33',
      'loopback,,',
      'fd00::/129',
      '10.0.0.1/8/8',
      '::1/255.0.0.0',
      '0.0.0.0/0',
      '::/0',
      '10.0.0.0/255.0.255.0',
      '10.0.0.0/0.0.0.0',
    ]) {
      expect(problemsOf({ TRUST_PROXY: bad })).toEqual([expect.stringContaining(`TRUST_PROXY must be true, false, a hop count`)]);
    }
  });

  it('remembers reads for 5 seconds unless READ_CACHE_SECONDS says otherwise (0 turns it off)', () => {
    expect(loadConfig({}).readCacheSeconds).toBe(5);
    expect(loadConfig({ READ_CACHE_SECONDS: '0' }).readCacheSeconds).toBe(0);
    expect(loadConfig({ READ_CACHE_SECONDS: '60' }).readCacheSeconds).toBe(60);
    for (const bad of ['-1', '1.5', 'off', '3601']) {
      expect(problemsOf({ READ_CACHE_SECONDS: bad })).toEqual([`READ_CACHE_SECONDS must be an integer from 0 to 3600 (got "${bad}")`]);
    }
  });

  it('folds the day counts every 5 seconds unless DAY_COUNT_FOLD_SECONDS says otherwise (0 turns it off)', () => {
    expect(loadConfig({}).dayCountFoldSeconds).toBe(5);
    expect(loadConfig({ DAY_COUNT_FOLD_SECONDS: '0' }).dayCountFoldSeconds).toBe(0);
    expect(loadConfig({ DAY_COUNT_FOLD_SECONDS: '60' }).dayCountFoldSeconds).toBe(60);
    for (const bad of ['-1', '2.5', 'never', '3601']) {
      expect(problemsOf({ DAY_COUNT_FOLD_SECONDS: bad })).toEqual([
        `DAY_COUNT_FOLD_SECONDS must be an integer from 0 to 3600 (got "${bad}")`,
      ]);
    }
  });

  it('publishes scheduled items every 30 seconds unless SCHEDULED_PUBLISH_SECONDS says otherwise (0 turns it off)', () => {
    expect(loadConfig({}).scheduledPublishSeconds).toBe(30);
    expect(loadConfig({ SCHEDULED_PUBLISH_SECONDS: '0' }).scheduledPublishSeconds).toBe(0);
    for (const bad of ['-1', '0.5', 'soon', '3601']) {
      expect(problemsOf({ SCHEDULED_PUBLISH_SECONDS: bad })).toEqual([
        `SCHEDULED_PUBLISH_SECONDS must be an integer from 0 to 3600 (got "${bad}")`,
      ]);
    }
  });

  it('bounds the work of a request: statement and acquire timeouts, pending requests (issue #12)', () => {
    expect(loadConfig({})).toMatchObject({ statementTimeoutMs: 2000, acquireTimeoutMs: 1000, maxPendingRequests: 64 });
    expect(
      loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '30000', DATABASE_ACQUIRE_TIMEOUT_MS: '250', MAX_PENDING_REQUESTS: '500' }),
    ).toMatchObject({ statementTimeoutMs: 30000, acquireTimeoutMs: 250, maxPendingRequests: 500 });
    expect(problemsOf({ DATABASE_STATEMENT_TIMEOUT_MS: '50', DATABASE_ACQUIRE_TIMEOUT_MS: '1s', MAX_PENDING_REQUESTS: '0' })).toEqual([
      'DATABASE_STATEMENT_TIMEOUT_MS must be an integer from 100 to 600000 (got "50")',
      'DATABASE_ACQUIRE_TIMEOUT_MS must be an integer from 10 to 60000 (got "1s")',
      'MAX_PENDING_REQUESTS must be an integer from 1 to 100000 (got "0")',
    ]);
  });

  it('serves no namespace alias by default, and the listed ones without their slashes', () => {
    expect(loadConfig({}).namespaceAliases).toEqual([]);
    expect(loadConfig({ NAMESPACE_ALIASES: ' /tribe/events/v1/ , legacy/v2 ' }).namespaceAliases).toEqual(['tribe/events/v1', 'legacy/v2']);
  });

  it('refuses namespace aliases that are not paths or would overlap a served namespace or a root route', () => {
    expect(problemsOf({ NAMESPACE_ALIASES: 'tribe events' })).toEqual([
      'NAMESPACE_ALIASES: "tribe events" is not a namespace such as tribe/events/v1',
    ]);
    expect(problemsOf({ NAMESPACE_ALIASES: 'tribe/../v1' })).toEqual([
      'NAMESPACE_ALIASES: "tribe/../v1" is not a namespace such as tribe/events/v1',
    ]);
    expect(problemsOf({ NAMESPACE_ALIASES: 'Calendar/Events/v1' })).toEqual([
      'NAMESPACE_ALIASES: "Calendar/Events/v1" overlaps the namespace "calendar/events/v1"',
    ]);
    expect(problemsOf({ NAMESPACE_ALIASES: 'calendar/events' })).toEqual([
      'NAMESPACE_ALIASES: "calendar/events" overlaps the namespace "calendar/events/v1"',
    ]);
    expect(problemsOf({ NAMESPACE_ALIASES: 'tribe/events/v1,tribe/events' })).toEqual([
      'NAMESPACE_ALIASES: "tribe/events" overlaps the namespace "tribe/events/v1"',
    ]);
    expect(problemsOf({ NAMESPACE_ALIASES: 'health/v1' })).toEqual([
      'NAMESPACE_ALIASES: "health/v1" would hide /health (set REST_PREFIX or choose another)',
    ]);
    expect(loadConfig({ NAMESPACE_ALIASES: 'health/v1', REST_PREFIX: '/wp-json' }).namespaceAliases).toEqual(['health/v1']);
  });

  it('logs at info unless LOG_LEVEL names another pino level', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(problemsOf({ LOG_LEVEL: 'verbose' })).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ]);
  });

  it('leaves /metrics open unless METRICS_TOKEN is set, and refuses short tokens', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-scrape-token-1234' }).metricsToken).toBe('a-long-scrape-token-1234');
    for (const bad of ['short', 'has a space in it, long']) {
      expect(problemsOf({ METRICS_TOKEN: bad })).toEqual(['METRICS_TOKEN must be at least 16 printable characters without spaces']);
    }
  });

  it('turns bench mode on only when BENCH_MODE is true or 1', () => {
    expect(loadConfig({}).benchMode).toBe(false);
    expect(loadConfig({ BENCH_MODE: 'true' }).benchMode).toBe(true);
    expect(loadConfig({ BENCH_MODE: '1' }).benchMode).toBe(true);
    expect(loadConfig({ BENCH_MODE: '0' }).benchMode).toBe(false);
    expect(problemsOf({ BENCH_MODE: 'yes please' })).toEqual(['BENCH_MODE must be true or false (got "yes please")']);
  });

  it('refuses Basic credentials over plain HTTP from other machines unless ALLOW_INSECURE_AUTH is true or 1', () => {
    expect(loadConfig({}).allowInsecureAuth).toBe(false);
    expect(loadConfig({ ALLOW_INSECURE_AUTH: 'true' }).allowInsecureAuth).toBe(true);
    expect(loadConfig({ ALLOW_INSECURE_AUTH: '1' }).allowInsecureAuth).toBe(true);
    expect(loadConfig({ ALLOW_INSECURE_AUTH: 'false' }).allowInsecureAuth).toBe(false);
    expect(problemsOf({ ALLOW_INSECURE_AUTH: 'yes' })).toEqual(['ALLOW_INSECURE_AUTH must be true or false (got "yes")']);
  });

  it('limits failed logins to 10 per address and user name and 30 per address in 60 seconds by default', () => {
    expect(loadConfig({}).loginRateLimit).toEqual({ attempts: 10, addressAttempts: 30, windowSeconds: 60 });
    expect(loadConfig({ LOGIN_ADDRESS_RATE_LIMIT: '500' }).loginRateLimit.addressAttempts).toBe(500);
    expect(problemsOf({ LOGIN_ADDRESS_RATE_LIMIT: '0' })).toEqual([
      'LOGIN_ADDRESS_RATE_LIMIT must be an integer from 1 to 100000 (got "0")',
    ]);
  });

  it('reads MySQL with read replicas', () => {
    const config = loadConfig({ DATABASE_URL: 'mysql://u:p@db:3306/cal', DATABASE_READ_URLS: 'mysql://u:p@r1/cal, mysql://u:p@r2/cal' });
    expect(config.database).toEqual({
      type: 'mysql',
      url: 'mysql://u:p@db:3306/cal',
      readUrls: ['mysql://u:p@r1/cal', 'mysql://u:p@r2/cal'],
      poolSize: 10,
      replicaMaxLagSeconds: 5,
    });
    expect(loadConfig({ DATABASE_URL: 'mysql://u@h/db', REPLICA_MAX_LAG_SECONDS: '30' }).database).toMatchObject({
      replicaMaxLagSeconds: 30,
    });
    expect(problemsOf({ DATABASE_URL: 'mysql://u@h/db', REPLICA_MAX_LAG_SECONDS: '0' })).toEqual([
      'REPLICA_MAX_LAG_SECONDS must be an integer from 1 to 3600 (got "0")',
    ]);
  });

  it('shares state through Redis only when REDIS_URL is set, under REDIS_KEY_PREFIX (issue #15)', () => {
    expect(loadConfig({}).redis).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379/2' }).redis).toEqual({ url: 'redis://cache:6379/2', keyPrefix: 'calendar:' });
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache', REDIS_KEY_PREFIX: 'cal-prod:' }).redis).toEqual({
      url: 'rediss://:pw@cache',
      keyPrefix: 'cal-prod:',
    });
    expect(problemsOf({ REDIS_URL: 'http://:secret@cache' })).toEqual([
      'REDIS_URL must be a redis:// or rediss:// URL (got "http://:***@cache")',
    ]);
    expect(problemsOf({ REDIS_URL: 'redis://cache', REDIS_KEY_PREFIX: 'with space' })).toEqual([
      'REDIS_KEY_PREFIX must be 1 to 64 printable characters without spaces',
    ]);
  });

  it('normalises REST_PREFIX and SITE_URL', () => {
    const config = loadConfig({ REST_PREFIX: 'wp-json/', SITE_URL: 'https://example.com/' });
    expect(config.restPrefix).toBe('/wp-json');
    expect(config.siteUrl).toBe('https://example.com');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://x/y' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://u:secret@host' }, 'DATABASE_URL'],
    [{ DATABASE_READ_URLS: 'mysql://u@r/cal' }, 'DATABASE_READ_URLS'],
    [{ DATABASE_URL: 'mysql://u@h/db', DATABASE_READ_URLS: 'http://r/cal' }, 'DATABASE_READ_URLS'],
    [{ SITE_URL: 'ftp://example.com' }, 'SITE_URL'],
    [{ REST_PREFIX: '/wp json' }, 'REST_PREFIX'],
    [{ SITE_TIMEZONE: 'Mars/Olympus' }, 'SITE_TIMEZONE'],
    [{ SITE_LOCALE: 'xx_XX' }, 'SITE_LOCALE'],
    [{ DEFAULT_PER_PAGE: '0' }, 'DEFAULT_PER_PAGE'],
    [{ DEFAULT_PER_PAGE: '60', MAX_PER_PAGE: '50' }, 'DEFAULT_PER_PAGE'],
    [{ ADMIN_USERNAME: 'admin' }, 'ADMIN_USERNAME and ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ CORS_ORIGINS: 'example.com' }, 'CORS_ORIGINS'],
  ])('refuses %j, naming %s', (env, name) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
  });

  it('never echoes a database password', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://u:secret@host' })[0]).not.toContain('secret');
  });

  it('takes CORS_ORIGINS as browsers send an Origin, and refuses what no Origin can equal', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://www.example.com/, http://localhost:8080' }).corsOrigins).toEqual([
      'https://www.example.com',
      'http://localhost:8080',
    ]);
    for (const origin of [
      'https://www.example.com/app',
      'https://WWW.example.com',
      'https://www.example.com:443',
      'https://www.example.com?x',
    ]) {
      expect(problemsOf({ CORS_ORIGINS: origin })).toEqual([
        `CORS_ORIGINS: "${origin}" is not an http(s) origin such as https://www.example.com (no path, lower case)`,
      ]);
    }
  });

  it('listens on an IP address or a host name given in HOST, and refuses anything else naming HOST', () => {
    for (const host of ['0.0.0.0', '::', '::1', '10.1.2.3', 'localhost', 'calendar-1.internal', 'calendar-1.internal.']) {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
    for (const host of ['not a host', '999.1.1.1', '[::1]', 'http://localhost', 'localhost:3000', '-bad.example', 'a..b', 'x'.repeat(64)]) {
      expect(problemsOf({ HOST: host })).toEqual([
        `HOST must be an IP address or a host name such as 0.0.0.0, :: or localhost (got "${host}")`,
      ]);
    }
  });

  it('reports every invalid variable at once', () => {
    expect(problemsOf({ PORT: 'x', SITE_LOCALE: 'xx' })).toHaveLength(2);
  });
});

describe('.env.example', () => {
  it('lists every variable of the README configuration table, and no other', () => {
    const root = join(__dirname, '..', '..');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Accounts and the CLI'));
    const documented = new Set<string>();
    for (const row of table.split('\n').filter((line) => line.startsWith('| `'))) {
      for (const [, name] of row.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)) documented.add(name);
    }
    const example = new Set(
      [...readFileSync(join(root, '.env.example'), 'utf8').matchAll(/^(?:# ?)?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]),
    );
    expect([...example].sort()).toEqual([...documented].sort());
  });

  it('documents every variable the configuration reads', () => {
    const root = join(__dirname, '..', '..');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Accounts and the CLI'));
    const source = readFileSync(join(__dirname, 'load-config.ts'), 'utf8');
    const read = [...source.matchAll(/\b(?:read|int)\('([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(20);
    expect(read.filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
  });
});
