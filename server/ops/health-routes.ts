import { Hono } from 'hono';
import type { AppContext } from '../context';

export interface Readiness {
  ready: boolean;
  checks: {
    /** A query answers. */
    database: boolean;
    /** The click recorder's writer thread is up (or none is used, as with ':memory:'). */
    clickWriter: boolean;
    /** close() has not begun: a load balancer should stop sending traffic here. */
    accepting: boolean;
  };
}

/** What /readyz reports; each check is cheap enough for a probe every second. */
export function readiness(ctx: AppContext): Readiness {
  let database = false;
  try {
    database = ctx.db.prepare('SELECT 1').pluck().get() === 1;
  } catch {
    // Closed or unreadable: not ready.
  }
  const clickWriter = ctx.clicks.writerAlive?.() ?? true;
  const accepting = !(ctx.lifecycle?.stopping ?? false);
  return { ready: database && clickWriter && accepting, checks: { database, clickWriter, accepting } };
}

/**
 * GET /healthz: the process answers (liveness; restart it when this fails).
 * GET /readyz: it can serve (readiness; 503 with the failing checks
 * otherwise). Both keywords are reserved (lib/api/keyword.ts), so no short
 * link can shadow them. Never cached: a proxy must not answer for a dead
 * service.
 */
export function healthRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const headers = { 'Cache-Control': 'no-store' };
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, headers));
  app.get('/readyz', (c) => {
    const state = readiness(ctx);
    return c.json(state, state.ready ? 200 : 503, headers);
  });
  return app;
}
