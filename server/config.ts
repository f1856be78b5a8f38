import type { LogLevel } from './ops/logger';

/** Everything the service can be told at start-up; the CLI maps flags onto it. */
export interface ServerConfig {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Folder of the SQLite database, or ':memory:'. */
  dataDir: string;
  /** `postgres://…` URL of a PostgreSQL database (`--database`); '' keeps SQLite in dataDir. */
  databaseUrl: string;
  /**
   * Origin the service is reached at, e.g. `http://127.0.0.1:8787`. Default
   * short links are `${publicUrl}/${keyword}`; the API is `${publicUrl}/api`.
   * When `port` is 0 the server fills in the real port after listening.
   */
  publicUrl: string;
  /** Local use: custom domains count as set up without DNS checks. */
  trustDomains: boolean;
  /**
   * Request headers set by a trusted proxy in front of the service that carry
   * the visitor's location (e.g. `cf-ipcountry`). Unset: location unknown.
   */
  geoHeaders: { country?: string; state?: string; city?: string };
  /** Lets the metadata fetcher reach loopback and private addresses. Tests only. */
  allowPrivateFetch: boolean;
  /** Link creations allowed per token per minute. */
  createRateLimitPerMinute: number;
  /** Custom domain creations allowed per token per minute: each asks DNS about names the tenant chooses. */
  domainRateLimitPerMinute: number;
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes: number;
  /**
   * How often buffered clicks are written (`--click-flush-ms`). A process
   * crash (SIGKILL, OOM) loses the clicks of at most about this long, already
   * answered with a 302 (docs/service.md, "Crash window"); shorter means more,
   * smaller transactions.
   */
  clickFlushMs: number;
  /**
   * Raw clicks older than this many days, to the UTC day, are pruned in the
   * background (`--click-retention`); 0 keeps them forever. Rollups, which
   * analytics read, are kept forever either way.
   */
  clickRetentionDays: number;
  /**
   * Counts visits by known bots, crawlers and link-preview fetchers as
   * clicks, as people's (`--count-bots`). Off by default: such visits get
   * their redirect but are counted apart, per link (the analytics answer's
   * botClicks), flagged in `clicks export` and in /metrics, and left out of
   * totalClicks and every analytics block (docs/service.md, "Visits by bots").
   */
  countBots: boolean;
  /**
   * A POST's first answer is kept this many days and replayed to a retry
   * with the same Idempotency-Key (`--idempotency-days`); every answer to a
   * request with a key says so in `Idempotency-Retention` (seconds). A
   * browser that was closed over a weekend retries an unknown outcome within
   * the default; the cost is a few hundred bytes per stored answer
   * (docs/service.md, "Idempotency").
   */
  idempotencyDays: number;
  /** A client must send its request headers within this many ms, or gets 408 and is disconnected (slow-headers attacks). */
  headersTimeoutMs: number;
  /** A client must send its whole request (headers and body) within this many ms; at least headersTimeoutMs. */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this many ms. */
  keepAliveTimeoutMs: number;
  /** Open connections at most; connections beyond it are closed at once, so idle sockets cannot use up file descriptors. */
  maxConnections: number;
  /** Port of the Prometheus /metrics listener (0 = any free port), or null for none; never the public port. */
  metricsPort: number | null;
  /** Address the metrics listener binds (loopback by default: only the scraper on this machine). */
  metricsHost: string;
  /** Lowest level of the JSON log lines written to stdout. */
  logLevel: LogLevel;
}

export const DEFAULT_CONFIG: ServerConfig = {
  host: '127.0.0.1',
  port: 8787,
  dataDir: '.data',
  databaseUrl: '',
  publicUrl: 'http://127.0.0.1:8787',
  trustDomains: false,
  geoHeaders: {},
  allowPrivateFetch: false,
  createRateLimitPerMinute: 600,
  // About six DNS queries each: 10 a minute is 60 queries, plenty for a person adding domains.
  domainRateLimitPerMinute: 10,
  bodyLimitBytes: 64 * 1024,
  clickFlushMs: 1000,
  // A quarter of raw history is what an operator looks into; analytics keep every click in the rollups.
  clickRetentionDays: 90,
  // Counts are of people: a link posted to Slack or Mastodon is fetched by a preview bot per workspace or instance.
  countBots: false,
  // A week: a browser closed from Friday to Monday still finds its answer when it retries.
  idempotencyDays: 7,
  // node:http's own defaults are 60 s and 300 s, far longer than a short API request needs.
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
  metricsPort: null,
  metricsHost: '127.0.0.1',
  logLevel: 'info',
};

/** Bounds of `--click-flush-ms`: below 10 ms a write per handful of clicks; above a minute, a minute of clicks at risk. */
export const CLICK_FLUSH_MS_RANGE = { min: 10, max: 60_000 } as const;

/** Bounds of `--idempotency-days`: at least a day (a retry after a night), at most a year. */
export const IDEMPOTENCY_DAYS_RANGE = { min: 1, max: 365 } as const;

/** Bounds of `--click-retention`: 0 (forever) up to a century. */
export const CLICK_RETENTION_DAYS_RANGE = { min: 0, max: 36_500 } as const;

/**
 * The data folder when none is named: SHORTLINK_DEFAULT_DATA (the container
 * image sets it to its volume, /data), else `.data`. Unlike SHORTLINK_DATA
 * it names no database: SHORTLINK_DATABASE (PostgreSQL) takes over from it
 * without a conflict, so the image runs on PostgreSQL by that one setting.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const folder = env.SHORTLINK_DEFAULT_DATA;
  return folder === undefined || folder === '' ? DEFAULT_CONFIG.dataDir : folder;
}
