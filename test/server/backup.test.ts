/**
 * `backup` while the service takes new links and clicks, then `restore` into
 * another folder: the restored service answers the links written before the
 * backup with the same redirects and the same analytics, and what was being
 * written during the backup is there whole or not at all (every link's click
 * total matches its click rows).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { startServer, type RunningServer } from '../../server/start';

const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'shortlink-backup-'));
const liveDir = join(root, 'live');
const restoredDir = join(root, 'restored');
const backupFile = join(root, 'copy.sqlite');
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(root, { recursive: true, force: true });
});

const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8', timeout: 30_000 });

async function start(dataDir: string): Promise<RunningServer> {
  const server = await startServer({ ...DEFAULT_CONFIG, port: 0, publicUrl: '', dataDir, createRateLimitPerMinute: 1_000_000, clickFlushMs: 20 });
  servers.push(server);
  return server;
}

function client(server: RunningServer, token: string) {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  return {
    async create(keyword: string): Promise<string> {
      const res = await fetch(`${server.url}/api/link`, {
        method: 'POST', headers,
        body: JSON.stringify({ workspaceId: 'bk', keywordType: 'CUSTOM', keyword, longUrl: `https://example.com/${keyword}?x=1` }),
      });
      const body = (await res.json()) as { data: { linkId: string } };
      if (res.status !== 200) throw new Error(`create ${keyword}: ${res.status}`);
      return body.data.linkId;
    },
    async visit(keyword: string): Promise<string | null> {
      const res = await fetch(`${server.url}/${keyword}`, { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' } });
      return res.status === 302 ? res.headers.get('location') : null;
    },
    async analytics(linkId: string): Promise<unknown> {
      const res = await fetch(`${server.url}/api/link/${linkId}/bk`, { headers });
      return { status: res.status, body: await res.json() };
    },
  };
}

describe('backup and restore', () => {
  it('copies a consistent state while links and clicks are written, and the restored copy answers the same', async () => {
    const made = cli('token', '--workspace', 'bk', '--data', liveDir);
    expect(made.status, made.stderr).toBe(0);
    const token = made.stdout.trim().split('\n').at(-1) ?? '';
    const live = await start(liveDir);
    const api = client(live, token);

    const before = new Map<string, string>();
    for (let i = 0; i < 20; i += 1) before.set(`before${i}`, await api.create(`before${i}`));
    for (const [keyword] of before) {
      const visits = 1 + (Number(keyword.slice(6)) % 5);
      for (let v = 0; v < visits; v += 1) await api.visit(keyword);
    }
    await live.ctx.clicks.flush();
    const expected = new Map<string, unknown>();
    for (const [keyword, linkId] of before) expected.set(keyword, await api.analytics(linkId));

    // Writers keep going for as long as the backup runs.
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        await api.create(`during${i}`);
        for (let v = 0; v < 3; v += 1) await api.visit(`during${i}`);
        writes += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const writesAtStart = writes;
    const backup = spawn(process.execPath, ['--import', 'tsx', CLI, 'backup', '--data', liveDir, '--to', backupFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    backup.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    backup.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => backup.on('exit', resolve));
    const writesDuring = writes - writesAtStart;
    writing = false;
    await writer;
    expect(code, output).toBe(0);
    expect(output).toMatch(/Backed up .* pages/);
    expect(writesDuring).toBeGreaterThan(0);
    expect(existsSync(`${backupFile}.partial`)).toBe(false);

    const restoredRun = cli('restore', '--data', restoredDir, '--from', backupFile);
    expect(restoredRun.status, restoredRun.stderr).toBe(0);

    // Whole or not at all: each link's total is its click rows, rollups included.
    const db = await openDatabase(restoredDir);
    const mismatched = (
      await db.all<{ keyword: string }>(
        `SELECT l.keyword FROM links l
         WHERE l.total_clicks != (SELECT COUNT(*) FROM clicks c WHERE c.link_id = l.id)
            OR l.total_clicks != (SELECT COALESCE(SUM(h.clicks), 0) FROM click_hours h WHERE h.link_id = l.id)`,
      )
    ).map((r) => r.keyword);
    const copiedDuring = Number((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM links WHERE keyword LIKE 'during%'"))?.n);
    await db.close();
    expect(mismatched).toEqual([]);
    expect(copiedDuring).toBeGreaterThan(0);

    const restored = await start(restoredDir);
    const again = client(restored, token);
    for (const [keyword, linkId] of before) {
      expect(await again.analytics(linkId), keyword).toEqual(expected.get(keyword));
    }
    for (const [keyword] of before) expect(await again.visit(keyword)).toBe(`https://example.com/${keyword}?x=1`);
  }, 60_000);

  it('refuses to restore what is not a Shortlink database, and to back up a folder without one', () => {
    const notOurs = cli('restore', '--data', join(root, 'other'), '--from', CLI);
    expect(notOurs.status).toBe(1);
    expect(notOurs.stderr).toMatch(/Error:/);
    const empty = cli('backup', '--data', join(root, 'nothing-here'), '--to', join(root, 'x.sqlite'));
    expect(empty.status).toBe(1);
    expect(empty.stderr).toMatch(/No database at/);
    expect(existsSync(join(root, 'x.sqlite'))).toBe(false);
  });
});
