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

/** A database that does not answer within this is as good as down to a probe (PostgreSQL over a network can hang). */
const DATABASE_CHECK_MS = 2000;

async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
  });
  try {
    const query = ctx.db.get<{ ok: number }>('SELECT 1 AS ok').then((row) => Number(row?.ok) === 1);
    return await Promise.race([query, late]);
  } catch {
    // Closed or unreadable: not ready.
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** What /readyz reports; each check is cheap enough for a probe every second. */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  const database = await databaseAnswers(ctx);
  const clickWriter = ctx.clicks.writerAlive?.() ?? true;
  const accepting = !(ctx.lifecycle?.stopping ?? false);
  return { ready: database && clickWriter && accepting, checks: { database, clickWriter, accepting } };
}

/**
 * GET /healthz: the process answers (liveness; restart it when this fails).
 * GET /readyz: it can serve (readiness; 503 with the failing checks
 * otherwise). Both keywords are reserved (lib/contract/keyword.ts), so no short
 * link can shadow them. Never cached: a proxy must not answer for a dead
 * service.
 */
export function healthRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const headers = { 'Cache-Control': 'no-store' };
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, headers));
  app.get('/readyz', async (c) => {
    const state = await readiness(ctx);
    return c.json(state, state.ready ? 200 : 503, headers);
  });
  return app;
}
