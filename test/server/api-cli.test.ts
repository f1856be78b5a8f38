import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'shortlink-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8', timeout: 20_000 });

describe('server CLI', () => {
  it('token prints the token as the last line, and serve accepts it; SIGTERM stops cleanly', async () => {
    const made = run('token', '--workspace', 'cli-ws', '--data', dataDir, '--name', 'Ops');
    expect(made.status, made.stderr).toBe(0);
    const token = made.stdout.trim().split('\n').at(-1) ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const first = await lines.next();
    const api = /(http:\/\/\S+\/api)/.exec(String(first.value))?.[1];
    expect(api).toBeDefined();
    const res = await fetch(`${api}/tag?workspaceId=cli-ws`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, data: [] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);

  it.each([
    [['serve', '--bogus'], /Unknown option '--bogus'/],
    [['serve', '--port', '70000'], /--port must be a whole number from 0 to 65535/],
    [['serve', '--public-url', 'ftp://x'], /--public-url must be an http\(s\) origin/],
    [['serve', '--click-flush-ms', '5'], /--click-flush-ms must be a whole number from 10 to 60000/],
    [['serve', '--click-flush-ms', '60001'], /--click-flush-ms must be a whole number from 10 to 60000/],
    [['serve', '--click-flush-ms', '1.5'], /--click-flush-ms must be a whole number/],
    [['serve', '--idempotency-days', '0'], /--idempotency-days must be a whole number from 1 to 365/],
    [['serve', '--idempotency-days', '366'], /--idempotency-days must be a whole number from 1 to 365/],
    [['token', '--data', dataDir], /--workspace is required/],
    [['token', '--workspace', 'has space', '--data', dataDir], /--workspace may contain only/],
    [['launch'], /Unknown command "launch"/],
  ])('%j is a usage error (exit 2) with a clear message', (args, message) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('--help describes every serve option', () => {
    const result = run('serve', '--help');
    expect(result.status).toBe(0);
    for (const flag of ['--port', '--host', '--data', '--public-url', '--trust-domains', '--allow-private-fetch', '--geo-country-header', '--create-rate-limit', '--domain-rate-limit', '--click-flush-ms', '--idempotency-days']) {
      expect(result.stdout).toContain(flag);
    }
  });

  /** What `serve` prints from its start to a clean stop. */
  async function serveOutput(args: string[], env: Record<string, string> = {}): Promise<string> {
    // A folder each: the three start at once, and each migrates its database.
    const folder = mkdtempSync(join(dataDir, 'serve-'));
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--data', folder, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
    const started = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/^Data: /m.test(output)) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', () => resolve());
    });
    await started;
    child.kill('SIGTERM');
    await exited;
    return output;
  }

  it('--allow-private-fetch, as a flag or from the environment, logs a warning at every start', async () => {
    const warning = (output: string) =>
      output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((line) => line.msg.includes('--allow-private-fetch'));
    const [flag, variable, neither] = await Promise.all([
      serveOutput(['--allow-private-fetch']),
      serveOutput([], { SHORTLINK_ALLOW_PRIVATE_FETCH: 'yes' }),
      serveOutput([]),
    ]);
    for (const output of [flag, variable]) {
      expect(warning(output), output).toMatchObject({ level: 40, msg: expect.stringMatching(/private and loopback addresses/) });
    }
    expect(warning(neither), neither).toBeUndefined();
  }, 60_000);
});
