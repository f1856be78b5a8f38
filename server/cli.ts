/**
 * `npm run server -- serve …` runs the service; `npm run server -- token …`
 * makes a token and prints it as the last line (scripts read that line), and
 * `token list` / `token revoke ID` manage tokens (cli-token.ts); `backup`,
 * `restore` (ops/cli-backup.ts) and `clicks export` (ops/cli-clicks.ts).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { TOKEN_HELP, tokenCommand } from './cli-token';
import { UsageError } from './cli-usage';
import { CLICK_FLUSH_MS_RANGE, CLICK_RETENTION_DAYS_RANGE, DEFAULT_CONFIG, defaultDataDir, IDEMPOTENCY_DAYS_RANGE, type ServerConfig } from './config';
import { isPostgresUrl } from './db/open';
import { startServer } from './start';
import { dataFolderState } from './ops/data-folder-check';
import { environmentHelp, withEnvironment } from './ops/env-options';
import { BACKUP_HELP, backupCommand, restoreCommand } from './ops/cli-backup';
import { CLICKS_HELP, clicksCommand } from './ops/cli-clicks';
import { LOG_LEVELS, type LogLevel } from './ops/logger';

const SERVE_HELP = `Usage: npm run server -- serve [options]

  --port N                  port to listen on (default ${DEFAULT_CONFIG.port}; 0 = any free port)
  --host H                  address to listen on (default ${DEFAULT_CONFIG.host})
  --data DIR                data folder for the SQLite database (default ${DEFAULT_CONFIG.dataDir})
  --database URL            use the PostgreSQL database at URL (postgres://user:password@host:5432/name) instead;
                            several instances may share it (docs/scaling.md)
  --public-url URL          origin the service is reached at (default http://HOST:PORT)
  --trust-domains           treat custom domains as set up without DNS checks (local use)
  --allow-private-fetch     let the metadata fetcher reach private addresses (tests only; warned at start)
  --geo-country-header H    request header a trusted proxy sets with the visitor's country
  --geo-state-header H      ... with the visitor's state or region
  --geo-city-header H       ... with the visitor's city
  --create-rate-limit N     link creations per token per minute (default ${DEFAULT_CONFIG.createRateLimitPerMinute})
  --domain-rate-limit N     custom domain creations per token per minute (default ${DEFAULT_CONFIG.domainRateLimitPerMinute})
  --click-flush-ms N        write buffered clicks every N ms, ${CLICK_FLUSH_MS_RANGE.min} to ${CLICK_FLUSH_MS_RANGE.max} (default ${DEFAULT_CONFIG.clickFlushMs});
                            a crash of the process loses about the last N ms of clicks
  --click-retention DAYS    keep raw clicks DAYS days, to the UTC day (default ${DEFAULT_CONFIG.clickRetentionDays}; 0 = forever); older ones
                            are pruned in the background; analytics (the rollups) keep every click
  --count-bots              count visits by known bots, crawlers and link previews as clicks (default: counted
                            apart, out of the analytics, and flagged in clicks export)
  --idempotency-days DAYS   keep a POST's answer DAYS days for retries with its Idempotency-Key, ${IDEMPOTENCY_DAYS_RANGE.min} to ${IDEMPOTENCY_DAYS_RANGE.max}
                            (default ${DEFAULT_CONFIG.idempotencyDays}); answers say it in Idempotency-Retention (seconds)
  --headers-timeout MS      a client must send its request headers within MS ms (default ${DEFAULT_CONFIG.headersTimeoutMs})
  --request-timeout MS      ... and its whole request within MS ms (default ${DEFAULT_CONFIG.requestTimeoutMs}; at least --headers-timeout)
  --keep-alive-timeout MS   idle kept-alive connections close after MS ms (default ${DEFAULT_CONFIG.keepAliveTimeoutMs})
  --max-connections N       open connections at most; more are closed at once (default ${DEFAULT_CONFIG.maxConnections})
  --metrics-port N          serve Prometheus metrics at /metrics on this port (default: off); never on --port
  --metrics-host H          address the metrics port listens on (default ${DEFAULT_CONFIG.metricsHost})
  --log-level L             ${LOG_LEVELS.join(', ')} (default ${DEFAULT_CONFIG.logLevel}); JSON lines on stdout
  --help                    show this help`;

const USAGE = `Usage: npm run server -- <serve|token|backup|restore|clicks> [options]   (--help after a command for its options)`;

const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  data: { type: 'string' },
  database: { type: 'string' },
  'public-url': { type: 'string' },
  'trust-domains': { type: 'boolean' },
  'allow-private-fetch': { type: 'boolean' },
  'geo-country-header': { type: 'string' },
  'geo-state-header': { type: 'string' },
  'geo-city-header': { type: 'string' },
  'create-rate-limit': { type: 'string' },
  'domain-rate-limit': { type: 'string' },
  'click-flush-ms': { type: 'string' },
  'click-retention': { type: 'string' },
  'count-bots': { type: 'boolean' },
  'idempotency-days': { type: 'string' },
  'headers-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'keep-alive-timeout': { type: 'string' },
  'max-connections': { type: 'string' },
  'metrics-port': { type: 'string' },
  'metrics-host': { type: 'string' },
  'log-level': { type: 'string' },
  help: { type: 'boolean' },
} satisfies ParseArgsConfig['options'];

function integer(flag: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, not "${raw}"`);
  }
  return Number(raw);
}

function logLevel(raw: string | undefined): LogLevel {
  if (raw === undefined) return DEFAULT_CONFIG.logLevel;
  const level = LOG_LEVELS.find((l) => l === raw);
  if (!level) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not "${raw}"`);
  return level;
}

/** `--database` must be a PostgreSQL URL, and names the one database: not with `--data`. */
export function databaseUrl(raw: string | undefined, dataDir: string | undefined): string {
  if (raw === undefined) return '';
  if (!isPostgresUrl(raw)) throw new UsageError('--database must be a postgres:// or postgresql:// URL');
  if (dataDir !== undefined) throw new UsageError('--data (SQLite) and --database (PostgreSQL) name two databases: give one');
  return raw;
}

async function serve(args: string[]): Promise<void> {
  const parsed = parseArgs({ args, options: SERVE_OPTIONS, strict: true, allowPositionals: false });
  if (parsed.values.help) {
    console.log(`${SERVE_HELP}\n\n${environmentHelp(SERVE_OPTIONS)}`);
    return;
  }
  const values = withEnvironment(parsed.values, SERVE_OPTIONS, process.env);
  const host = values.host ?? DEFAULT_CONFIG.host;
  const port = integer('port', values.port, DEFAULT_CONFIG.port, 0, 65535);
  const publicUrl = values['public-url'] ?? '';
  if (publicUrl !== '' && !/^https?:\/\/[^/]+\/?$/.test(publicUrl)) {
    throw new UsageError(`--public-url must be an http(s) origin such as https://sho.rt, not "${publicUrl}"`);
  }
  const config: ServerConfig = {
    ...DEFAULT_CONFIG,
    host,
    port,
    dataDir: values.data ?? defaultDataDir(),
    databaseUrl: databaseUrl(values.database, values.data),
    publicUrl,
    trustDomains: values['trust-domains'] ?? false,
    allowPrivateFetch: values['allow-private-fetch'] ?? false,
    geoHeaders: {
      country: values['geo-country-header'],
      state: values['geo-state-header'],
      city: values['geo-city-header'],
    },
    createRateLimitPerMinute: integer('create-rate-limit', values['create-rate-limit'], DEFAULT_CONFIG.createRateLimitPerMinute, 1, 1_000_000),
    domainRateLimitPerMinute: integer('domain-rate-limit', values['domain-rate-limit'], DEFAULT_CONFIG.domainRateLimitPerMinute, 1, 1_000_000),
    clickFlushMs: integer('click-flush-ms', values['click-flush-ms'], DEFAULT_CONFIG.clickFlushMs, CLICK_FLUSH_MS_RANGE.min, CLICK_FLUSH_MS_RANGE.max),
    clickRetentionDays: integer(
      'click-retention', values['click-retention'], DEFAULT_CONFIG.clickRetentionDays, CLICK_RETENTION_DAYS_RANGE.min, CLICK_RETENTION_DAYS_RANGE.max,
    ),
    countBots: values['count-bots'] ?? false,
    idempotencyDays: integer(
      'idempotency-days', values['idempotency-days'], DEFAULT_CONFIG.idempotencyDays, IDEMPOTENCY_DAYS_RANGE.min, IDEMPOTENCY_DAYS_RANGE.max,
    ),
    headersTimeoutMs: integer('headers-timeout', values['headers-timeout'], DEFAULT_CONFIG.headersTimeoutMs, 100, 600_000),
    requestTimeoutMs: integer('request-timeout', values['request-timeout'], DEFAULT_CONFIG.requestTimeoutMs, 100, 3_600_000),
    keepAliveTimeoutMs: integer('keep-alive-timeout', values['keep-alive-timeout'], DEFAULT_CONFIG.keepAliveTimeoutMs, 100, 600_000),
    maxConnections: integer('max-connections', values['max-connections'], DEFAULT_CONFIG.maxConnections, 1, 1_000_000),
    metricsPort: values['metrics-port'] === undefined ? null : integer('metrics-port', values['metrics-port'], 0, 0, 65535),
    metricsHost: values['metrics-host'] ?? DEFAULT_CONFIG.metricsHost,
    logLevel: logLevel(values['log-level']),
  };
  if (config.metricsPort !== null && config.metricsPort !== 0 && config.metricsPort === config.port) {
    throw new UsageError('--metrics-port must differ from --port: metrics are never served on the public port');
  }
  // node:http refuses a headers timeout longer than the request timeout.
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    throw new UsageError(`--request-timeout (${config.requestTimeoutMs}) must be at least --headers-timeout (${config.headersTimeoutMs})`);
  }
  // A read-only or full volume would fail deep inside SQLite ("attempt to write a readonly database"): say which folder and why.
  if (config.databaseUrl === '' && config.dataDir !== ':memory:') {
    const folder = dataFolderState(config.dataDir);
    if (!folder.ok && folder.reason !== 'missing') throw new Error(`cannot start: ${folder.detail}; stored links are kept, fix the volume and start again`);
  }
  const running = await startServer(config);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping…`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Could not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // Announced only once the handlers are in place: a supervisor (or a test) that signals as soon as
  // it reads these lines would otherwise kill the process before it could stop cleanly.
  console.log(`Serving the API at ${running.url}/api and short links at ${running.ctx.config.publicUrl}/<keyword>`);
  console.log(`Data: ${running.ctx.db.location}${config.trustDomains ? ' (custom domains trusted without DNS checks)' : ''}`);
  // Said at every start, as --trust-domains is above: a switch that turns a guard off must not go unnoticed.
  if (config.allowPrivateFetch) {
    running.ctx.log?.warn(
      { component: 'metadata' },
      '--allow-private-fetch is on: fetching link metadata may reach private and loopback addresses of this network (for tests only, never on a service others can use)',
    );
  }
  if (running.metricsUrl) console.log(`Metrics at ${running.metricsUrl}`);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'serve') return serve(rest);
  if (command === 'token') return tokenCommand(rest);
  if (command === 'backup') return backupCommand(rest);
  if (command === 'restore') return restoreCommand(rest);
  if (command === 'clicks') return clicksCommand(rest);
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(`${USAGE}\n\n${SERVE_HELP}\n\n${environmentHelp(SERVE_OPTIONS)}\n\n${TOKEN_HELP}\n\n${BACKUP_HELP}\n\n${CLICKS_HELP}`);
    return;
  }
  throw new UsageError(`Unknown command "${command}"`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // parseArgs reports unknown or malformed flags with ERR_PARSE_ARGS_* codes: usage errors too.
  const code = (error as { code?: unknown }).code;
  const usage = error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'));
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  if (usage) console.error(USAGE);
  process.exit(usage ? 2 : 1);
});
