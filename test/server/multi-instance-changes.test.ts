/**
 * Changes reach every instance's redirect cache when the usual NOTIFY does
 * not come: a restore fires no trigger, so it announces itself; a LISTEN
 * connection that stalls is found out by its heartbeat, and meanwhile the
 * instance is not ready and does not answer from its cache. (SQLite serves
 * one process: these run in the postgres project only.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../server/config';
import type { AppContext } from '../../server/context';
import { PostgresDatabase } from '../../server/db/postgres-database';
import { REDIRECT_CHANNEL } from '../../server/db/postgres-listener';
import { createToken } from '../../server/http/auth';
import { startServer, type RunningServer } from '../../server/start';
import { NO_PG_TOOLS, runCliAsync, SKIPPED_WITHOUT_TOOLS } from './backup-fixture';
import { startStallingProxy } from './stalling-proxy';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';

const WS = 'changes-ws';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
});

async function database(): Promise<TestLocation> {
  const where = await testLocation();
  cleanups.push(() => where.remove());
  return where;
}

async function instance(where: TestLocation, overrides: Partial<AppContext> = {}): Promise<RunningServer> {
  const server = await startServer({ ...DEFAULT_CONFIG, port: 0, publicUrl: '', ...where.config, logLevel: 'silent' }, overrides);
  cleanups.push(() => server.close());
  return server;
}

async function createLink(server: RunningServer, token: string, keyword: string): Promise<string> {
  const res = await fetch(`${server.url}/api/link`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ workspaceId: WS, keywordType: 'CUSTOM', keyword, longUrl: `https://example.com/${keyword}` }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { linkId: string } }).data.linkId;
}

const visit = async (server: RunningServer, keyword: string) => (await fetch(`${server.url}/${keyword}`, { redirect: 'manual' })).status;
const readyz = async (server: RunningServer) => (await fetch(`${server.url}/readyz`)).status;

/** Polls `probe` until it gives `wanted` or `ms` pass; the last value. */
async function within<T>(ms: number, wanted: T, probe: () => Promise<T>): Promise<T> {
  const until = Date.now() + ms;
  let value = await probe();
  while (value !== wanted && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await probe();
  }
  return value;
}

describe.skipIf(!ON_POSTGRES)('redirect caches of several instances, when NOTIFY does not come', () => {
  it.skipIf(NO_PG_TOOLS)(`restore --replace under running instances: what the backup lacks stops redirecting on every one at once${SKIPPED_WITHOUT_TOOLS}`, async () => {
    const where = await database();
    const [x, y] = [await instance(where), await instance(where)];
    const token = await createToken(x.ctx.db, WS, 'restore');
    await createLink(x, token, 'kept');
    const folder = mkdtempSync(join(tmpdir(), 'shortlink-restore-live-'));
    cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
    const file = join(folder, 'before.dump');
    const backup = await runCliAsync('backup', '--database', where.location, '--to', file);
    expect(backup.status, backup.stderr).toBe(0);

    await createLink(x, token, 'after-backup');
    for (const server of [x, y]) expect(await visit(server, 'after-backup')).toBe(302);
    // What every instance hears (the restore outlasts the caches' age bound here, so the visits alone would not tell).
    const heard: string[] = [];
    const listener = postgres(where.location, { max: 1, onnotice: () => undefined });
    cleanups.push(() => listener.end({ timeout: 1 }));
    await listener.listen(REDIRECT_CHANNEL, (payload) => heard.push(payload));
    const restored = await runCliAsync('restore', '--database', where.location, '--from', file, '--replace');
    expect(restored.status, restored.stderr).toBe(0);
    expect(await within(1000, true, async () => heard.includes('restore'))).toBe(true);
    for (const server of [x, y]) {
      expect(await within(1000, 404, () => visit(server, 'after-backup'))).toBe(404);
      expect(await visit(server, 'kept')).toBe(302);
    }
  }, 90_000);

  it('a stalled or closed LISTEN connection: the instance is not ready, does not answer from its cache, and recovers once it flows', async () => {
    const where = await database();
    const a = await instance(where);
    const proxy = await startStallingProxy(where.location);
    cleanups.push(() => proxy.close());
    // B reaches the database through the proxy, with a quick heartbeat so the test need not wait seconds.
    const bDatabase = await PostgresDatabase.open(proxy.url, 4, { heartbeatMs: 100, timeoutMs: 600 });
    cleanups.push(() => bDatabase.close());
    const b = await instance(where, { db: bDatabase });
    const token = await createToken(a.ctx.db, WS, 'stall');
    const linkId = await createLink(a, token, 'stalled');
    expect(await visit(b, 'stalled')).toBe(302);
    expect(await within(5000, 200, () => readyz(b))).toBe(200);

    proxy.stall();
    expect(await within(5000, 503, () => readyz(b))).toBe(503);
    const answer = await fetch(`${b.url}/readyz`);
    expect(await answer.json()).toMatchObject({ ready: false, checks: { database: true, listener: false } });
    expect(await readyz(a)).toBe(200);
    // Deleted on A, unheard on B: B asks the database instead of its cache.
    const deleted = await fetch(`${a.url}/api/link`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ workspaceId: WS, linkId, deleteLink: true }),
    });
    expect(deleted.status).toBe(200);
    expect(await visit(b, 'stalled')).toBe(404);

    proxy.resume();
    expect(await within(10_000, 200, () => readyz(b))).toBe(200);
    // Heard again: a link cached on B and deleted on A is gone on B within a second.
    const again = await createLink(a, token, 'heard-again');
    expect(await visit(b, 'heard-again')).toBe(302);
    expect(await visit(b, 'heard-again')).toBe(302);
    await fetch(`${a.url}/api/link`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ workspaceId: WS, linkId: again, deleteLink: true }),
    });
    expect(await within(1000, 404, () => visit(b, 'heard-again'))).toBe(404);

    // Closed, and its reconnection stalls: the same.
    proxy.stall(true);
    expect(await within(5000, 503, () => readyz(b))).toBe(503);
    proxy.resume();
    expect(await within(10_000, 200, () => readyz(b))).toBe(200);
  }, 60_000);
});
