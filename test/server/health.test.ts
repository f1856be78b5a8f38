import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keywordProblem } from '../../lib/contract/keyword';
import type { ClickRecorder } from '../../server/clicks/recorder-port';
import { migrationNames } from '../../server/db/migration-files';
import { openDatabase } from '../../server/db/open';
import type { SqliteDatabase } from '../../server/db/sqlite-database';
import { seedLink } from './clicks-fixtures';
import { startHarness, type Harness } from './harness';
import { ON_POSTGRES } from './test-database';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function get(path: string): Promise<{ status: number; body: Record<string, unknown>; cache: string | null }> {
  const res = await fetch(`${harness?.server.url}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cache: res.headers.get('cache-control') };
}

/** The writer thread starts in the background; readiness waits for it. */
async function readyWithin(ms: number): Promise<{ status: number; body: Record<string, unknown> }> {
  const until = Date.now() + ms;
  let answer = await get('/readyz');
  while (answer.status !== 200 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    answer = await get('/readyz');
  }
  return answer;
}

describe('GET /healthz and /readyz', () => {
  it('answer 200 on a running service, never cached', async () => {
    harness = await startHarness();
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
    const ready = await readyWithin(5000);
    expect(ready).toMatchObject({ status: 200, body: { ready: true, checks: { database: true, listener: true, clickWriter: true, accepting: true, dataFolder: true } } });
  });

  it('readyz is 503 when the click writer is down', async () => {
    const deadWriter: ClickRecorder = { record() {}, flush: async () => {}, close: async () => {}, writerAlive: () => false };
    harness = await startHarness({}, { clicks: deadWriter });
    const answer = await get('/readyz');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ ready: false, checks: { database: true, clickWriter: false, accepting: true } });
    expect((await get('/healthz')).status).toBe(200);
  });

  it('readyz is 503 when the database cannot be reached', async () => {
    const db = await openDatabase(':memory:');
    harness = await startHarness({}, { db });
    expect((await get('/readyz')).status).toBe(200);
    await db.close();
    const answer = await get('/readyz');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ ready: false, checks: { database: false } });
  });

  it("readyz is 503 when the database lacks this version's newest migration", async () => {
    harness = await startHarness();
    const { db } = harness.server.ctx;
    expect((await readyWithin(5000)).status).toBe(200);
    const newest = migrationNames(db.dialect).at(-1) ?? '';
    await db.run('DELETE FROM schema_migrations WHERE name = ?', [newest]);
    expect(await get('/readyz')).toMatchObject({ status: 503, body: { ready: false, checks: { database: false } } });
    await db.run('INSERT INTO schema_migrations (name, applied_date) VALUES (?, ?)', [newest, '2026-01-01']);
    expect((await get('/readyz')).status).toBe(200);
  });

  it.skipIf(ON_POSTGRES)('readyz is 503 on a damaged SQLite file the service still starts on (SQLite: a file of its own)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shortlink-damaged-'));
    try {
      const db = (await openDatabase(dataDir)) as SqliteDatabase;
      await seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://example.com/' });
      const root = Number(db.native.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'links'").pluck().get());
      const pageSize = Number(db.native.pragma('page_size', { simple: true }));
      await db.close();
      // The links table's first page overwritten, as a file swapped or written under the service can leave it.
      const file = openSync(join(dataDir, 'service.sqlite'), 'r+');
      writeSync(file, Buffer.alloc(pageSize), 0, pageSize, (root - 1) * pageSize);
      closeSync(file);

      harness = await startHarness({ dataDir });
      const token = await harness.token('ws1');
      expect((await harness.call('GET', '/link', { token, query: { workspaceId: 'ws1' } })).status).toBe(500);
      expect(await get('/readyz')).toMatchObject({ status: 503, body: { ready: false, checks: { database: false } } });
    } finally {
      await harness?.close();
      harness = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('close() marks the service as stopping before it stops anything, and readyz says so', async () => {
    harness = await startHarness({ dataDir: ':memory:' });
    const { ctx } = harness.server;
    expect((await get('/readyz')).status).toBe(200);
    // What a request sees between the signal and the listener closing.
    ctx.lifecycle = { stopping: true };
    expect(await get('/readyz')).toMatchObject({ status: 503, body: { checks: { accepting: false } } });
    ctx.lifecycle = { stopping: false };
    const closing = harness.server.close();
    expect(ctx.lifecycle.stopping).toBe(true);
    await closing;
  });

  it('healthz and readyz are reserved keywords, for the service and the extension alike', async () => {
    expect(keywordProblem('healthz')?.code).toBe('RESERVED_KEYWORD');
    expect(keywordProblem('readyz')?.code).toBe('RESERVED_KEYWORD');
    harness = await startHarness({ dataDir: ':memory:' });
    const token = await harness.token('ws');
    for (const keyword of ['healthz', 'readyz', 'ReadyZ']) {
      const answer = await harness.call('POST', '/link', {
        token, body: { workspaceId: 'ws', keywordType: 'CUSTOM', keyword, longUrl: 'https://example.com/' },
      });
      expect(answer.status, keyword).toBe(400);
    }
  });
});
