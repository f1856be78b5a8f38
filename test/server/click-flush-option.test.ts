import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `serve --click-flush-ms N` sets how often buffered clicks are written: with
 * a long interval an answered click is not yet in the database (it is written
 * at shutdown); with a short one it is there almost at once.
 */
const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const clicksIn = (dataDir: string): number => {
  const db = new Database(join(dataDir, 'service.sqlite'), { readonly: true });
  try {
    return db.prepare<[], number>('SELECT COUNT(*) FROM clicks').pluck().get() ?? 0;
  } finally {
    db.close();
  }
};

async function serveWithOneClick(flushMs: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shortlink-flush-'));
  dirs.push(dataDir);
  const made = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'token', '--workspace', 'flush-ws', '--data', dataDir], { encoding: 'utf8' });
  const token = made.stdout.trim().split('\n').at(-1) ?? '';
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--data', dataDir, '--click-flush-ms', flushMs], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  const api = /(http:\/\/\S+)\/api/.exec(String(first.value))?.[1] ?? '';
  const link = await fetch(`${api}/api/link`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ workspaceId: 'flush-ws', keywordType: 'CUSTOM', keyword: 'flush', longUrl: 'https://example.com/' }),
  });
  expect(link.status).toBe(200);
  const visit = await fetch(`${api}/flush`, { redirect: 'manual' });
  expect(visit.status).toBe(302);
  const stop = async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    return exited;
  };
  return { dataDir, stop };
}

describe('serve --click-flush-ms', () => {
  it('a long interval keeps the answered click in memory until shutdown writes it', async () => {
    const { dataDir, stop } = await serveWithOneClick('60000');
    // Well past the default one-second interval.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(clicksIn(dataDir)).toBe(0);
    expect(await stop()).toBe(0);
    expect(clicksIn(dataDir)).toBe(1);
  }, 30_000);

  it('a short interval writes it almost at once', async () => {
    const { dataDir, stop } = await serveWithOneClick('20');
    const deadline = Date.now() + 5000;
    while (clicksIn(dataDir) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clicksIn(dataDir)).toBe(1);
    await stop();
  }, 30_000);
});
