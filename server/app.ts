import { Hono } from 'hono';
import type { AppContext } from './context';
import { authMiddleware } from './http/auth';
import { bodyLimit } from './http/body-limit';
import type { ApiEnv } from './http/env';
import { notFound, onError } from './http/errors';
import { createIdempotencyStore, idempotencyRetentionMs, retentionHeader, type IdempotencyStore } from './http/idempotency';
import { createRateLimiter, type LimitedCreation, type RateLimiter } from './http/rate-limit';
import { createSharedRateLimiter } from './http/rate-limit-postgres';
import { analyticsRoutes } from './routes/analytics';
import { apiMetrics } from './ops/api-metrics';
import { healthRoutes } from './ops/health-routes';
import { createRequestIds } from './ops/logger';
import { requestLog } from './ops/request-log';
import { domainRoutes } from './routes/domains';
import { linkRoutes } from './routes/links';
import { redirectRoutes } from './routes/redirect';
import type { RouteDeps } from './routes/route-deps';
import { tagRoutes } from './routes/tags';
import { trackingRoutes } from './routes/tracking';

export interface CreatedApp {
  app: Hono;
  idempotency: IdempotencyStore;
}

/**
 * The whole HTTP surface: the API under /api (bearer auth, JSON envelopes,
 * body limit) and, for every other path, the short-link redirects; with the
 * idempotency store, so the server can purge it.
 */
export function createAppParts(ctx: AppContext): CreatedApp {
  const retentionMs = idempotencyRetentionMs(ctx.config.idempotencyDays);
  const idempotency = createIdempotencyStore(ctx.db, () => ctx.now(), retentionMs);
  // One process on SQLite: its buckets in memory. Several instances on PostgreSQL share theirs there.
  const limiter = (perMinute: number, what: LimitedCreation): RateLimiter =>
    ctx.db.dialect === 'sqlite'
      ? createRateLimiter(perMinute, () => ctx.now(), what)
      : createSharedRateLimiter(ctx.db, perMinute, () => ctx.now(), what);
  const deps: RouteDeps = {
    ctx,
    idempotency,
    createLimiter: limiter(ctx.config.createRateLimitPerMinute, 'links'),
    domainLimiter: limiter(ctx.config.domainRateLimitPerMinute, 'domains'),
  };

  const api = new Hono<ApiEnv>();
  if (ctx.metrics) api.use('*', apiMetrics(ctx.metrics));
  api.use('*', async (c, next) => {
    await next();
    // Answers hold a workspace's private data: no shared or browser cache may keep them.
    c.res.headers.set('Cache-Control', 'no-store');
  });
  // Before auth, so an oversized body is refused without being read; chunked bodies are counted as they arrive.
  api.use('*', bodyLimit(ctx.config.bodyLimitBytes));
  api.use('*', authMiddleware(ctx.db, ctx.now));
  api.route('/', linkRoutes(deps));
  api.route('/', analyticsRoutes(deps));
  api.route('/', tagRoutes(deps));
  api.route('/', domainRoutes(deps));
  api.route('/', trackingRoutes(deps));
  api.notFound(notFound);
  api.onError(onError);

  const app = new Hono();
  if (ctx.log) app.use('*', requestLog(ctx.log, ctx.requestId ?? createRequestIds()));
  app.use('*', async (c, next) => {
    await next();
    // Every answer, errors and redirects included: browsers must not guess a type for what we send.
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  });
  app.use('*', retentionHeader(retentionMs));
  app.route('/api', api);
  // Unknown /api paths get the JSON envelope, never fall through to the redirect.
  app.all('/api', notFound);
  app.all('/api/*', notFound);
  app.route('/', healthRoutes(ctx));
  app.route('/', redirectRoutes(ctx));
  app.notFound(notFound);
  app.onError(onError);
  return { app, idempotency };
}
