import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { isLocale } from '../common/i18n/translator';
import { isValidTimezone } from '../common/parsing/timezone';
import { NAMESPACE } from '../namespace';
import { AppConfig, DatabaseConfig, LOG_LEVELS, LogLevel } from './app-config';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** For the entry points: the configuration, or its problems on stderr and exit code 1 (fail fast at boot). */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Reads `.env` (if present, never overriding real variables) and validates every setting. */
export function loadConfig(env: Env = process.env, dotenvPath = resolve(process.cwd(), '.env')): AppConfig {
  if (env === process.env && existsSync(dotenvPath)) loadDotenv({ path: dotenvPath, quiet: true });
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };

  const port = int('PORT', 3000, 0, 65535);
  const host = read('HOST') ?? '127.0.0.1';
  if (!isHostName(host)) problems.push(`HOST must be an IP address or a host name such as 0.0.0.0, :: or localhost (got "${host}")`);
  const database = parseDatabase(
    read('DATABASE_URL'),
    read('DATABASE_READ_URLS'),
    { poolSize: int('DATABASE_POOL_SIZE', 10, 1, 500), replicaMaxLagSeconds: int('REPLICA_MAX_LAG_SECONDS', 5, 1, 3600) },
    problems,
  );

  let siteUrl = read('SITE_URL') ?? `http://localhost:${port}`;
  if (!isHttpUrl(siteUrl)) problems.push(`SITE_URL must be an http(s) URL (got "${siteUrl}")`);
  siteUrl = siteUrl.replace(/\/+$/, '');

  let restPrefix = read('REST_PREFIX') ?? '';
  if (restPrefix && !/^\/?[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*\/?$/.test(restPrefix)) {
    problems.push(`REST_PREFIX must be a URL path such as /wp-json (got "${restPrefix}")`);
  }
  restPrefix = restPrefix ? `/${restPrefix.replace(/^\/+|\/+$/g, '')}` : '';
  const namespaceAliases = parseNamespaceAliases(read('NAMESPACE_ALIASES'), restPrefix, problems);

  const siteTimezone = read('SITE_TIMEZONE') ?? 'UTC';
  if (!isValidTimezone(siteTimezone))
    problems.push(`SITE_TIMEZONE must be an IANA time zone such as Europe/Berlin (got "${siteTimezone}")`);

  const siteLocale = read('SITE_LOCALE') ?? 'en_US';
  if (!isLocale(siteLocale)) problems.push(`SITE_LOCALE must be one of en_US, de_DE, fr_FR (got "${siteLocale}")`);

  const defaultPerPage = int('DEFAULT_PER_PAGE', 10, 1, 1000);
  const maxPerPage = int('MAX_PER_PAGE', 50, 1, 1000);
  if (defaultPerPage > maxPerPage) problems.push(`DEFAULT_PER_PAGE (${defaultPerPage}) must not exceed MAX_PER_PAGE (${maxPerPage})`);

  const adminUsername = read('ADMIN_USERNAME');
  const adminPassword = read('ADMIN_PASSWORD');
  if (Boolean(adminUsername) !== Boolean(adminPassword)) problems.push('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  if (adminPassword && adminPassword.replace(/\s/g, '').length < 12) problems.push('ADMIN_PASSWORD must have at least 12 characters');
  if (adminUsername && !/^[A-Za-z0-9._@-]{1,60}$/.test(adminUsername)) {
    problems.push('ADMIN_USERNAME may only contain letters, digits and . _ @ - (at most 60)');
  }

  let corsOrigins: AppConfig['corsOrigins'] = null;
  const cors = read('CORS_ORIGINS');
  if (cors === '*') corsOrigins = '*';
  else if (cors) {
    corsOrigins = cors
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean);
    // A browser's Origin is scheme://host[:port], lower case, without a path: anything else would never match it.
    for (const origin of corsOrigins) {
      if (!isHttpUrl(origin) || new URL(origin).origin !== origin) {
        problems.push(`CORS_ORIGINS: "${origin}" is not an http(s) origin such as https://www.example.com (no path, lower case)`);
      }
    }
  }

  const trustProxyRaw = read('TRUST_PROXY') ?? 'false';
  const trustProxy =
    trustProxyRaw === 'true'
      ? true
      : trustProxyRaw === 'false'
        ? false
        : /^\d+$/.test(trustProxyRaw)
          ? Number(trustProxyRaw)
          : trustProxyRaw;
  // Express compiles a list only when it is set, and throws a bare "invalid IP address" with a stack.
  if (typeof trustProxy === 'string' && !isTrustProxyList(trustProxy)) {
    problems.push(
      `TRUST_PROXY must be true, false, a hop count or a comma list of addresses, subnets, loopback, linklocal or uniquelocal (got "${trustProxyRaw}")`,
    );
  }

  const loginRateLimit = {
    attempts: int('LOGIN_RATE_LIMIT', 10, 1, 100000),
    // Failures per address against any users (README "Operations": the exact rule).
    addressAttempts: int('LOGIN_ADDRESS_RATE_LIMIT', 30, 1, 100000),
    windowSeconds: int('LOGIN_RATE_WINDOW', 60, 1, 86400),
  };

  // Basic credentials over plain HTTP from other machines are refused unless this is true (issue #12).
  const allowInsecureAuthRaw = read('ALLOW_INSECURE_AUTH') ?? 'false';
  if (!['true', 'false', '1', '0'].includes(allowInsecureAuthRaw)) {
    problems.push(`ALLOW_INSECURE_AUTH must be true or false (got "${allowInsecureAuthRaw}")`);
  }
  const allowInsecureAuth = allowInsecureAuthRaw === 'true' || allowInsecureAuthRaw === '1';

  // Writes of other instances show after at most this long (README "Operations").
  const readCacheSeconds = int('READ_CACHE_SECONDS', 5, 0, 3600);
  // The rows writes add to event_day_counts are folded this often (README "Operations").
  const dayCountFoldSeconds = int('DAY_COUNT_FOLD_SECONDS', 5, 0, 3600);
  // Scheduled (`future`) items are published this often when due (README "Operations").
  const scheduledPublishSeconds = int('SCHEDULED_PUBLISH_SECONDS', 30, 0, 3600);

  // Issue #12: JSON logs and /metrics (README "Operations").
  const logLevel = read('LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  const metricsToken = read('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    problems.push('METRICS_TOKEN must be at least 16 printable characters without spaces');
  }
  // Bounded work per request (README "Operations"): a frozen database answers 503 in about 2 s.
  const statementTimeoutMs = int('DATABASE_STATEMENT_TIMEOUT_MS', 2000, 100, 600_000);
  const acquireTimeoutMs = int('DATABASE_ACQUIRE_TIMEOUT_MS', 1000, 10, 60_000);
  const maxPendingRequests = int('MAX_PENDING_REQUESTS', 64, 1, 100_000);

  // Issue #15: what several instances share (README "Production topology").
  const redisUrl = read('REDIS_URL');
  if (redisUrl !== undefined && !isRedisUrl(redisUrl))
    problems.push(`REDIS_URL must be a redis:// or rediss:// URL (got "${redact(redisUrl)}")`);
  const redisKeyPrefix = read('REDIS_KEY_PREFIX') ?? 'calendar:';
  if (!/^[\x21-\x7e]{1,64}$/.test(redisKeyPrefix)) problems.push('REDIS_KEY_PREFIX must be 1 to 64 printable characters without spaces');
  const redis = redisUrl === undefined ? null : { url: redisUrl, keyPrefix: redisKeyPrefix };
  // Issue #16: how far ahead series' occurrences exist (the default list window is two years).
  const recurrenceHorizonDays = int('RECURRENCE_HORIZON_DAYS', 730, 1, 3650);

  const benchModeRaw = read('BENCH_MODE') ?? 'false';
  if (!['true', 'false', '1', '0'].includes(benchModeRaw)) problems.push(`BENCH_MODE must be true or false (got "${benchModeRaw}")`);
  const benchMode = benchModeRaw === 'true' || benchModeRaw === '1';

  if (problems.length) throw new ConfigError(problems);
  return {
    port,
    host,
    database,
    siteUrl,
    restPrefix,
    namespaceAliases,
    siteTimezone,
    siteLocale: siteLocale as AppConfig['siteLocale'],
    defaultPerPage,
    maxPerPage,
    admin: adminUsername && adminPassword ? { username: adminUsername, password: adminPassword } : null,
    corsOrigins,
    trustProxy,
    loginRateLimit,
    allowInsecureAuth,
    readCacheSeconds,
    dayCountFoldSeconds,
    scheduledPublishSeconds,
    logLevel: logLevel as LogLevel,
    metricsToken,
    statementTimeoutMs,
    acquireTimeoutMs,
    maxPendingRequests,
    redis,
    recurrenceHorizonDays,
    benchMode,
  };
}

function parseDatabase(
  url: string | undefined,
  readUrls: string | undefined,
  { poolSize, replicaMaxLagSeconds }: { poolSize: number; replicaMaxLagSeconds: number },
  problems: string[],
): DatabaseConfig {
  const value = url ?? 'sqlite:./data/calendar.sqlite';
  if (value.startsWith('sqlite:')) {
    const file = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!file) problems.push('DATABASE_URL: sqlite: needs a file, e.g. sqlite:./data/calendar.sqlite');
    if (readUrls) problems.push('DATABASE_READ_URLS is only supported with a mysql:// DATABASE_URL');
    return { type: 'sqlite', file };
  }
  if (isMysqlUrl(value)) {
    const replicas = (readUrls ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    for (const replica of replicas)
      if (!isMysqlUrl(replica)) problems.push(`DATABASE_READ_URLS: "${redact(replica)}" is not a mysql:// URL with a database`);
    return { type: 'mysql', url: value, readUrls: replicas, poolSize, replicaMaxLagSeconds };
  }
  problems.push(`DATABASE_URL must be sqlite:<file> or mysql://user:pass@host:port/db (mariadb:// too) (got "${redact(value)}")`);
  return { type: 'sqlite', file: '' };
}

/** Paths served beside the namespaces, which an alias must not shadow when there is no REST_PREFIX. */
const ROOT_PATHS = ['health', 'ready', 'metrics', '_bench'];

/**
 * NAMESPACE_ALIASES: further namespaces serving the same API (e.g. `tribe/events/v1`). No two
 * served namespaces may be one inside the other (`calendar/events` would swallow
 * `calendar/events/v1`), compared as routing does, case-insensitively.
 */
function parseNamespaceAliases(raw: string | undefined, restPrefix: string, problems: string[]): string[] {
  const aliases = (raw ?? '')
    .split(',')
    .map((alias) => alias.trim().replace(/^\/+|\/+$/g, ''))
    .filter(Boolean);
  const served = [NAMESPACE];
  for (const alias of aliases) {
    if (!/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(alias) || alias.split('/').some((segment) => /^\.+$/.test(segment))) {
      problems.push(`NAMESPACE_ALIASES: "${alias}" is not a namespace such as tribe/events/v1`);
      continue;
    }
    const clash = served.find((other) => nested(alias, other));
    if (clash) problems.push(`NAMESPACE_ALIASES: "${alias}" overlaps the namespace "${clash}"`);
    else if (!restPrefix && ROOT_PATHS.includes(alias.split('/')[0].toLowerCase())) {
      problems.push(`NAMESPACE_ALIASES: "${alias}" would hide /${alias.split('/')[0]} (set REST_PREFIX or choose another)`);
    } else served.push(alias);
  }
  return served.slice(1);
}

/** Whether one namespace equals the other or lies inside it, segment by segment. */
function nested(a: string, b: string): boolean {
  const [x, y] = [a.toLowerCase().split('/'), b.toLowerCase().split('/')];
  const shorter = x.length <= y.length ? x : y;
  const longer = shorter === x ? y : x;
  return shorter.every((segment, i) => segment === longer[i]);
}

/** What Express's `trust proxy` (proxy-addr) takes as a list: names of ranges, addresses, address/prefix or address/netmask. */
function isTrustProxyList(value: string): boolean {
  return value.split(',').every((raw) => {
    const item = raw.trim();
    if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
    const [address, range, ...rest] = item.split('/');
    const version = isIP(address);
    if (rest.length || version === 0) return false;
    if (range === undefined) return true;
    // proxy-addr refuses a /0 (and a 0.0.0.0 mask) and a netmask whose ones are not contiguous.
    if (/^\d+$/.test(range)) return Number(range) >= 1 && Number(range) <= (version === 4 ? 32 : 128);
    return version === 4 && isIP(range) === 4 && isPrefixMask(range);
  });
}

/** An IPv4 netmask of one or more leading ones and then only zeros (`255.255.0.0`, not `255.0.255.0`). */
function isPrefixMask(mask: string): boolean {
  const bits = mask.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
  const zeros = 2 ** 32 - 1 - bits;
  return bits !== 0 && (zeros & (zeros + 1)) === 0;
}

/** What the server can listen on: an IPv4 or IPv6 address (no brackets), or a DNS name (RFC 1123 labels, not all-numeric at the end). */
function isHostName(value: string): boolean {
  if (isIP(value) !== 0) return true;
  const labels = value.replace(/\.$/, '').split('.');
  return (
    value.length <= 253 &&
    labels.every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label)) &&
    !/^\d+$/.test(labels[labels.length - 1])
  );
}

function isMysqlUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'mysql:' || url.protocol === 'mariadb:') && url.hostname !== '' && url.pathname.length > 1;
  } catch {
    return false;
  }
}

function isRedisUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Never echo a password from a connection URL into logs: everything up to the last `@` (a password
 * may hold an unencoded `@`, which URL parsers also read as part of it), hiding too much rather than too little.
 */
function redact(value: string): string {
  return value.replace(/\/\/([^:/@]*):.*@/, '//$1:***@');
}
