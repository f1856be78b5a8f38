import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';

/**
 * `serve --click-flush-ms N` sets how often buffered clicks are written: with
 * a long interval an answered click is not yet in the database (it is written
 * at shutdown); with a short one it is there almost at once. The CLI runs on
 * the project's database: a data folder (`--data`) or a PostgreSQL URL (`--database`).
 */
const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
const locations: TestLocation[] = [];
const servers: ChildProcess[] = [];
afterAll(async () => {
  // A failed test leaves its server running: it would hold the database and keep vitest from exiting.
  for (const child of servers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const where of locations) await where.remove();
});

const databaseFlags = (where: TestLocation): string[] => [ON_POSTGRES ? '--database' : '--data', where.location];

/** Clicks stored so far, read through a connection of its own, as another process would. */
async function clicksIn(where: TestLocation): Promise<number> {
  const db = await openDatabase(where.location);
  try {
    return (await db.get<{ n: number }>('SELECT count(*) AS n FROM clicks'))?.n ?? 0;
  } finally {
    await db.close();
  }
}

async function serveWithOneClick(flushMs: string) {
  const where = await testLocation();
  locations.push(where);
  const made = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'token', '--workspace', 'flush-ws', ...databaseFlags(where)], {
    encoding: 'utf8',
  });
  const token = made.stdout.trim().split('\n').at(-1) ?? '';
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', ...databaseFlags(where), '--click-flush-ms', flushMs], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.push(child);
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
  return { where, stop };
}

describe('serve --click-flush-ms', () => {
  it('a long interval keeps the answered click in memory until shutdown writes it', async () => {
    const { where, stop } = await serveWithOneClick('60000');
    // Well past the default one-second interval.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await clicksIn(where)).toBe(0);
    expect(await stop()).toBe(0);
    expect(await clicksIn(where)).toBe(1);
  }, 30_000);

  it('a short interval writes it almost at once', async () => {
    const { where, stop } = await serveWithOneClick('20');
    const deadline = Date.now() + 5000;
    while ((await clicksIn(where)) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await clicksIn(where)).toBe(1);
    await stop();
  }, 30_000);
});
