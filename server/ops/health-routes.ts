import { Hono } from 'hono';
import type { AppContext } from '../context';
import { migrationNames } from '../db/migration-files';
import { watchDataFolder } from './data-folder-check';

export interface Readiness {
  ready: boolean;
  checks: {
    /**
     * The database holds this version's schema (its newest migration is
     * recorded) and a row of links reads. More than a connection: a SQLite
     * file swapped or damaged under the service still answers `SELECT 1`.
     */
    database: boolean;
    /** Other instances' changes reach this one (PostgreSQL: the LISTEN connection answers its heartbeat); always on SQLite. */
    listener: boolean;
    /** The click recorder's writer thread is up (or none is used, as with ':memory:'). */
    clickWriter: boolean;
    /** close() has not begun: a load balancer should stop sending traffic here. */
    accepting: boolean;
    /** SQLite's data folder takes writes (writable, not full); always on PostgreSQL, whose server watches its own disk. */
    dataFolder: boolean;
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
    return await Promise.race([schemaReads(ctx), late]);
  } catch {
    // Closed or unreadable: not ready.
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Two reads of one row each. A newer schema than this version's passes (an
 * instance of the next version migrated it first, during a rolling upgrade);
 * a missing migration, a missing or damaged links table does not.
 */
async function schemaReads(ctx: AppContext): Promise<boolean> {
  const newest = migrationNames(ctx.db.dialect).at(-1) ?? '';
  const recorded = await ctx.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM schema_migrations WHERE name = ?', [newest]);
  if (Number(recorded?.n) !== 1) return false;
  await ctx.db.get('SELECT id, domain, keyword, long_url, active FROM links LIMIT 1');
  return true;
}

/** One watcher per service, so a state change is logged once, not on every probe. */
const dataFolders = new WeakMap<AppContext, () => boolean>();

function dataFolderTakesWrites(ctx: AppContext): boolean {
  const { databaseUrl, dataDir } = ctx.config;
  if (databaseUrl !== '' || dataDir === ':memory:') return true;
  let check = dataFolders.get(ctx);
  if (check === undefined) {
    check = watchDataFolder(dataDir, ctx.log);
    dataFolders.set(ctx, check);
  }
  return check();
}

/** What /readyz reports; each check is cheap enough for a probe every second. */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  const database = await databaseAnswers(ctx);
  const dataFolder = dataFolderTakesWrites(ctx);
  const listener = ctx.db.hearsChanges();
  const clickWriter = ctx.clicks.writerAlive?.() ?? true;
  const accepting = !(ctx.lifecycle?.stopping ?? false);
  return { ready: database && listener && clickWriter && accepting && dataFolder, checks: { database, listener, clickWriter, accepting, dataFolder } };
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
