import { Locale } from '../common/i18n/translator';

/** The validated settings of CONTRACT §1. Built once by `loadConfig`, then read-only. */
export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseConfig;
  /** Public site URL without a trailing slash, e.g. `https://example.com`. */
  readonly siteUrl: string;
  /** Mount point of the REST root, `''` or e.g. `/wp-json` (no trailing slash). */
  readonly restPrefix: string;
  /** NAMESPACE_ALIASES: further namespaces serving the same API, e.g. `tribe/events/v1` (none by default). */
  readonly namespaceAliases: readonly string[];
  readonly siteTimezone: string;
  readonly siteLocale: Locale;
  readonly defaultPerPage: number;
  readonly maxPerPage: number;
  readonly admin: { readonly username: string; readonly password: string } | null;
  /** `null`: no CORS; `'*'`: any origin; else the allowed origins. */
  readonly corsOrigins: '*' | readonly string[] | null;
  /** Express `trust proxy`, so rate limits see client addresses behind a reverse proxy. */
  readonly trustProxy: boolean | number | string;
  /** Failed logins allowed per (address, user name) and per address in a window before 429 (LoginRateLimiter). */
  readonly loginRateLimit: { readonly attempts: number; readonly addressAttempts: number; readonly windowSeconds: number };
  /** ALLOW_INSECURE_AUTH: accept Basic credentials over plain HTTP from other machines too. */
  readonly allowInsecureAuth: boolean;
  /**
   * READ_CACHE_SECONDS: how long list totals, anonymous list pages and anonymous single reads are
   * remembered at most; a write through this instance ends them at once. 0 turns it off.
   */
  readonly readCacheSeconds: number;
  /** LOG_LEVEL: the least severe level of the JSON log lines on stdout; `silent` writes none. */
  readonly logLevel: LogLevel;
  /** METRICS_TOKEN: when set, GET /metrics needs `Authorization: Bearer <token>`; else it is open like /health. */
  readonly metricsToken: string | null;
  /** DATABASE_STATEMENT_TIMEOUT_MS: the longest one statement of a request may run (server-side limit, then the client gives up); 0 in the CLI: none. */
  readonly statementTimeoutMs: number;
  /** DATABASE_ACQUIRE_TIMEOUT_MS: the longest a request waits for a pooled connection (a new one's handshake included). */
  readonly acquireTimeoutMs: number;
  /** MAX_PENDING_REQUESTS: requests being worked on at once; more are refused at once with 503 (load shedding). */
  readonly maxPendingRequests: number;
  /** REDIS_URL (+ REDIS_KEY_PREFIX): the state instances share (remembered reads' ends, login limits); `null`: one process, all in memory. */
  readonly redis: RedisConfig | null;
  /**
   * DAY_COUNT_FOLD_SECONDS: how often the rows of changes that writes add to event_day_counts are
   * folded into one per key, so totals stay a few dozen rows under steady writes (issue #14). 0: never.
   */
  readonly dayCountFoldSeconds: number;
  /** SCHEDULED_PUBLISH_SECONDS: how often items scheduled for later (`future`) are published when due (ScheduledPublisher). 0: never. */
  readonly scheduledPublishSeconds: number;
  /** RECURRENCE_HORIZON_DAYS: occurrences of a series exist this many days ahead (issue #16). */
  readonly recurrenceHorizonDays: number;
  /** BENCH_MODE, set by `npm run bench` only: adds the baseline route and the query counter (src/bench-mode). */
  readonly benchMode: boolean;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseConfig =
  | { readonly type: 'sqlite'; readonly file: string }
  | {
      readonly type: 'mysql';
      readonly url: string;
      readonly readUrls: readonly string[];
      readonly poolSize: number;
      /** REPLICA_MAX_LAG_SECONDS: a replica further behind than this serves no reads until it catches up. */
      readonly replicaMaxLagSeconds: number;
    };

export interface RedisConfig {
  readonly url: string;
  /** Prefix of every key and channel, so several deployments (or tests) can share one Redis. */
  readonly keyPrefix: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
