import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../server/http/auth';
import { parseExpiry } from '../../server/http/token-expiry';
import { startHarness } from './harness';

/**
 * Token life cycle through the CLI, against a service running in another
 * process on the same data folder: `token list`, `token revoke ID`,
 * `token --expires`, and the 401 that follows at once.
 */
const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'shortlink-tokens-'));
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8', timeout: 20_000 });
/**
 * spawnSync blocks this event loop while the CLI runs (seconds on a loaded machine): a kept-alive
 * socket the service closed meanwhile (its keep-alive timeout is 5 s) is only seen closed once the
 * loop turns, and a fetch sent before that is reused on it and fails with "other side closed".
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

let child: ChildProcess;
let api: string;

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  api = /(http:\/\/\S+\/api)/.exec(String(first.value))?.[1] ?? '';
  expect(api).not.toBe('');
}, 30_000);
afterAll(async () => {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
});

async function status(token: string, workspace: string): Promise<number> {
  await settle();
  return (await fetch(`${api}/tag?workspaceId=${workspace}`, { headers: { Authorization: `Bearer ${token}` } })).status;
}

function listed(): string[][] {
  const result = run('token', 'list', '--data', dataDir);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim().split('\n').map((line) => line.trim().split(/\s{2,}/));
}

describe('token list and token revoke', () => {
  it('lists id, name, workspaces, created, expires and revoked, never the token; revoke gives 401 on the next request', async () => {
    const made = run('token', '--workspace', 'life-ws', '--data', dataDir, '--name', 'Ops laptop');
    expect(made.status, made.stderr).toBe(0);
    const token = lastLine(made.stdout);
    const later = run('token', '--workspace', 'life-ws', '--data', dataDir, '--name', 'CI', '--expires', '30d');
    expect(later.stdout).toMatch(/valid until \d{4}-\d{2}-\d{2}T/);

    const table = listed();
    expect(table[0]).toEqual(['id', 'name', 'workspaces', 'created', 'expires', 'revoked']);
    const ops = table.find((row) => row[1] === 'Ops laptop');
    const ci = table.find((row) => row[1] === 'CI');
    expect(ops).toEqual([expect.stringMatching(/^\d+$/), 'Ops laptop', 'life-ws', expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), 'never', '-']);
    expect(ci?.[4]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const listing = run('token', 'list', '--data', dataDir).stdout;
    expect(listing).not.toContain(token);
    expect(listing).not.toMatch(/[0-9a-f]{64}/);

    expect(await status(token, 'life-ws')).toBe(200);
    const revoked = run('token', 'revoke', ops?.[0] ?? '', '--data', dataDir);
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`Token ${ops?.[0]} revoked.`);
    // The running service reads the same file and caches nothing about tokens.
    await settle();
    const refused = await fetch(`${api}/tag?workspaceId=life-ws`, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ status: false, errors: [{ code: 'UNAUTHORIZED' }] });
    expect(listed().find((row) => row[1] === 'Ops laptop')?.[5]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(run('token', 'revoke', ops?.[0] ?? '', '--data', dataDir).stdout).toContain('already revoked');
  }, 60_000);

  it('a token made with a short --expires is refused by the running service once it has expired', async () => {
    const made = run('token', '--workspace', 'life-ws', '--data', dataDir, '--expires', '3s');
    expect(made.status, made.stderr).toBe(0);
    const token = lastLine(made.stdout);
    expect(await status(token, 'life-ws')).toBe(200);
    const until = Date.parse(/valid until (\S+)\)/.exec(made.stdout)?.[1] ?? '');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now()) + 50));
    expect(await status(token, 'life-ws')).toBe(401);
  }, 30_000);

  it.each([
    ['revoke 999999', ['token', 'revoke', '999999'], 1, /no token has id 999999/],
    ['revoke abc', ['token', 'revoke', 'abc'], 2, /token id must be a whole number/],
    ['revoke', ['token', 'revoke'], 2, /takes one token id/],
    ['--expires 2020-01-01', ['token', '--workspace', 'w', '--expires', '2020-01-01'], 2, /--expires is in the past/],
    ['--expires tomorrow', ['token', '--workspace', 'w', '--expires', 'tomorrow'], 2, /--expires must be an ISO date/],
    ['--expires 2099-02-30', ['token', '--workspace', 'w', '--expires', '2099-02-30'], 2, /--expires names no calendar date/],
    ['--expires 0d', ['token', '--workspace', 'w', '--expires', '0d'], 2, /more than 0/],
    ['--name with a bell', ['token', '--workspace', 'w', '--name', 'a\u0007b'], 2, /control characters/],
    ['--name with an escape', ['token', '--workspace', 'w', '--name', 'ops\u001b[31m'], 2, /control characters/],
  ])('token %s exits with its code and a clear message', (_label, args, code, message) => {
    const result = run(...args, '--data', dataDir);
    expect(result.status).toBe(code);
    expect(result.stderr).toMatch(message);
  });
});

describe('expiry with the service’s clock', () => {
  it('a token is accepted until its expiry and refused from that instant, with no cached answer', async () => {
    let nowMs = Date.parse('2026-06-01T00:00:00Z');
    const h = await startHarness({}, { now: () => new Date(nowMs) });
    try {
      const token = await createToken(h.server.ctx.db, 'clock-ws', 'clock', new Date(nowMs), new Date(nowMs + 60_000));
      expect((await h.call('GET', '/tag', { token, query: { workspaceId: 'clock-ws' } })).status).toBe(200);
      nowMs += 59_999;
      expect((await h.call('GET', '/tag', { token, query: { workspaceId: 'clock-ws' } })).status).toBe(200);
      nowMs += 1;
      expect((await h.call('GET', '/tag', { token, query: { workspaceId: 'clock-ws' } })).status).toBe(401);
    } finally {
      await h.close();
    }
  });
});

describe('parseExpiry', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it.each([
    ['30d', '2026-07-01T12:00:00.000Z'],
    ['12h', '2026-06-02T00:00:00.000Z'],
    ['45m', '2026-06-01T12:45:00.000Z'],
    ['2w', '2026-06-15T12:00:00.000Z'],
    ['2027-01-31', '2027-01-31T00:00:00.000Z'],
    ['2027-01-31T18:00Z', '2027-01-31T18:00:00.000Z'],
    ['2027-01-31T18:00:30+02:00', '2027-01-31T16:00:30.000Z'],
  ])('%j -> %s', (raw, iso) => {
    expect(parseExpiry(raw, now)).toEqual({ ok: true, at: new Date(iso) });
  });

  it.each(['', 'soon', '30', '-1d', '1y', '2026-05-31', '2026-06-01T11:00Z', '2027-01-31T18:00', '2027-13-01', '2027-02-29', '2027-01-31T24:00Z', '2200-01-01', '0h'])(
    '%j is refused',
    (raw) => {
      expect(parseExpiry(raw, now).ok).toBe(false);
    },
  );
});
