import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createAppParts } from './app';
import { createClickRecorder } from './clicks/click-recorder';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/open';
import { createDnsVerifier, createTrustedVerifier } from './domains/dns-verifier';
import { createMetadataFetcher } from './metadata/fetcher';
import { withRedirectFastPath } from './routes/redirect-listener';
import { createServiceMetrics } from './ops/metrics';
import { createLogger, createRequestIds } from './ops/logger';
import { startMetricsServer, type MetricsServer } from './ops/metrics-server';

export interface RunningServer {
  /** The origin the service listens at, e.g. `http://127.0.0.1:41234` (the API is `${url}/api`). */
  url: string;
  ctx: AppContext;
  /** Where Prometheus scrapes, e.g. `http://127.0.0.1:9464/metrics`; null without --metrics-port. */
  metricsUrl: string | null;
  /** Stops listening, writes buffered clicks, aborts metadata fetches (queued ones are dropped), closes the database. */
  close(): Promise<void>;
}

/** Old idempotent answers are purged this often (they are already ignored once past --idempotency-days). */
const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Starts the service. `config` is copied; with port 0 a free port is chosen
 * and publicUrl is completed with it when it was left empty or named port 0.
 * `overrides` replace parts of the context (tests: a fixed clock, a DNS verifier).
 */
export async function startServer(config: ServerConfig, overrides: Partial<AppContext> = {}): Promise<RunningServer> {
  const cfg: ServerConfig = { ...config, geoHeaders: { ...config.geoHeaders }, publicUrl: initialPublicUrl(config) };
  const db = overrides.db ?? (await openDatabase(cfg.databaseUrl !== '' ? cfg.databaseUrl : cfg.dataDir));
  const serviceHost = new URL(cfg.publicUrl).hostname;
  const metrics = createServiceMetrics();
  const log = overrides.log ?? createLogger(cfg.logLevel);
  const clickLog = (message: string) => log.warn({ component: 'clicks' }, message);
  const metadataLog = (message: string) => log.info({ component: 'metadata' }, message);
  const ctx: AppContext = {
    db,
    config: cfg,
    clicks: overrides.clicks ?? createClickRecorder(db, { flushIntervalMs: cfg.clickFlushMs, retentionDays: cfg.clickRetentionDays, log: clickLog }),
    metadata: overrides.metadata ?? createMetadataFetcher(db, { allowPrivate: cfg.allowPrivateFetch, onOutcome: metrics.metadata, log: metadataLog }),
    dns: overrides.dns ?? (cfg.trustDomains ? createTrustedVerifier() : createDnsVerifier({ serviceHost })),
    now: overrides.now ?? (() => new Date()),
    lifecycle: { stopping: false },
    metrics,
    log,
    requestId: createRequestIds(),
  };
  metrics.watch(ctx);
  const { app, idempotency } = createAppParts(ctx);

  const server = await listen(withRedirectFastPath(ctx, getRequestListener(app.fetch, { hostname: cfg.host })), cfg);
  const port = (server.address() as AddressInfo).port;
  const url = new URL(cfg.publicUrl);
  if (url.port === '0') {
    url.port = String(port);
    cfg.publicUrl = url.origin;
  }

  let metricsServer: MetricsServer | null = null;
  if (cfg.metricsPort !== null) {
    try {
      metricsServer = await startMetricsServer(metrics, cfg.metricsHost, cfg.metricsPort);
    } catch (error) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      throw error;
    }
  }

  await idempotency.purge();
  const purger = setInterval(() => {
    idempotency.purge().catch((error: unknown) => log.error({ component: 'idempotency', err: error }, 'purge failed'));
  }, PURGE_EVERY_MS);
  purger.unref();

  let closing: Promise<void> | undefined;
  return {
    url: `http://${listenHostForUrl(cfg.host)}:${port}`,
    ctx,
    metricsUrl: metricsServer?.url ?? null,
    close() {
      closing ??= (async () => {
        if (ctx.lifecycle) ctx.lifecycle.stopping = true;
        clearInterval(purger);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections (browsers, autocannon) would hold close() open.
          server.closeAllConnections();
        });
        await metricsServer?.close();
        await ctx.clicks.close();
        // Abort first, then wait: waiting for the queue to drain took one fetch timeout per page (26.9 s for 24 stalled pages).
        ctx.metadata.close();
        await ctx.metadata.idle();
        if (!overrides.db) await db.close();
      })();
      return closing;
    },
  };
}

function initialPublicUrl(config: ServerConfig): string {
  if (config.publicUrl !== '') return new URL(config.publicUrl).origin;
  return `http://${listenHostForUrl(config.host)}:${config.port}`;
}

/** A wildcard listen address is not somewhere a browser can go; loopback is. */
function listenHostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function listen(listener: RequestListener, cfg: ServerConfig): Promise<Server> {
  return new Promise((resolve, reject) => {
    // Found short links are answered before Hono (server/routes/redirect-listener.ts); the rest goes to the app.
    const server = createServer(
      {
        headersTimeout: cfg.headersTimeoutMs,
        requestTimeout: cfg.requestTimeoutMs,
        keepAliveTimeout: cfg.keepAliveTimeoutMs,
        // node:http checks the two timeouts above only this often (30 s by default): check often enough to honour them.
        connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(cfg.headersTimeoutMs / 2))),
      },
      listener,
    );
    server.keepAliveTimeout = cfg.keepAliveTimeoutMs;
    server.maxConnections = cfg.maxConnections;
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve(server);
    });
    server.listen(cfg.port, cfg.host);
  });
}
