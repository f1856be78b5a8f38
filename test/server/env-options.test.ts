import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../server/cli-usage';
import { envName, withEnvironment } from '../../server/ops/env-options';

const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'shortlink-env-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Values = Record<string, string | boolean | undefined>;
const none = (): Values => ({});
const OPTIONS = { port: { type: 'string' }, 'public-url': { type: 'string' }, 'trust-domains': { type: 'boolean' }, help: { type: 'boolean' } } as const;

describe('serve options from the environment', () => {
  it('names each variable after its flag', () => {
    expect(envName('port')).toBe('SHORTLINK_PORT');
    expect(envName('geo-country-header')).toBe('SHORTLINK_GEO_COUNTRY_HEADER');
  });

  it('fills what the flags left out; a flag wins; help never comes from the environment', () => {
    const env = { SHORTLINK_PORT: '9000', SHORTLINK_PUBLIC_URL: 'https://sho.rt', SHORTLINK_TRUST_DOMAINS: 'yes', SHORTLINK_HELP: '1' };
    expect(withEnvironment({ port: '8000' }, OPTIONS, env)).toEqual({ port: '8000', 'public-url': 'https://sho.rt', 'trust-domains': true });
    expect(withEnvironment<Values>({ 'trust-domains': false }, OPTIONS, env)['trust-domains']).toBe(false);
    expect(withEnvironment(none(), OPTIONS, { SHORTLINK_TRUST_DOMAINS: 'OFF' })['trust-domains']).toBe(false);
    expect(withEnvironment(none(), OPTIONS, {})).toEqual({});
  });

  it('refuses a switch that reads as neither yes nor no', () => {
    expect(() => withEnvironment(none(), OPTIONS, { SHORTLINK_TRUST_DOMAINS: 'ture' })).toThrow(UsageError);
  });

  it('serve --help lists a variable for every option', () => {
    const help = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'serve', '--help'], { encoding: 'utf8', timeout: 20_000 });
    expect(help.status).toBe(0);
    const flags = [...help.stdout.split('Every option')[0]!.matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]!).filter((f) => f !== 'help');
    expect(flags.length).toBeGreaterThan(10);
    for (const flag of flags) expect(help.stdout).toContain(envName(flag));
  });

  it('serve takes its port, data folder and public URL from the environment, flags first', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--public-url', 'http://flag.example'], {
      env: { ...process.env, SHORTLINK_PORT: '0', SHORTLINK_DATA: dataDir, SHORTLINK_PUBLIC_URL: 'http://env.example', SHORTLINK_HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const first = String((await lines.next()).value);
    const second = String((await lines.next()).value);
    expect(first).toMatch(/^Serving the API at http:\/\/127\.0\.0\.1:\d+\/api and short links at http:\/\/flag\.example\/<keyword>$/);
    expect(first).not.toContain(':8787');
    expect(second).toBe(`Data: ${dataDir}`);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);

  it('serve keeps idempotent answers the days SHORTLINK_IDEMPOTENCY_DAYS says, and tells clients in Idempotency-Retention', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0'], {
      env: { ...process.env, SHORTLINK_DATA: dataDir, SHORTLINK_HOST: '127.0.0.1', SHORTLINK_IDEMPOTENCY_DAYS: '3' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const api = /(http:\/\/\S+\/api)/.exec(String((await lines.next()).value))?.[1];
      expect(api).toBeDefined();
      // No token needed: the refusal of a request with a key says it too.
      const res = await fetch(`${api}/link`, { method: 'POST', headers: { 'Idempotency-Key': '0b6f1d3e-8a42-4c1e-9f0a-2d7c5e4b1a90' } });
      expect(res.status).toBe(401);
      expect(res.headers.get('idempotency-retention')).toBe(String(3 * 86_400));
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 30_000);
});
