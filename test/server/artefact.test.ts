/**
 * The built service as an operator installs it: scripts/build-server.mjs (the
 * script of `npm run build:server`) straight into dist/server of an empty
 * folder of this test's own (the sqlite and postgres projects build at the
 * same time), package.json and the lock beside it, `npm ci --omit=dev` there
 * (no tsx, no TypeScript), and `node dist/server/cli.js` on the project's
 * database: `--data DIR`, or `--database URL` with a password in the URL
 * that nothing prints.
 * The install runs offline from npm's cache where it can (--prefer-offline)
 * and with --ignore-scripts: better-sqlite3's install script would build the
 * native addon from source (no prebuilt binaries are reachable), so the
 * addon this checkout already built is copied in instead; the package's own
 * postinstall is then run on its own, as the install would have.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';
import { PERSON_AGENTS } from './user-agents';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const ADDON = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
const folder = mkdtempSync(join(tmpdir(), 'shortlink-artefact-'));
/** Never printed: the test cluster trusts local connections, so any password connects. */
const PASSWORD = 'pw-Artefact-Never-Printed';
let where: TestLocation | undefined;
let location = '';
let child: ChildProcess | undefined;

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 120_000, env });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${done.stderr}${done.stdout}`);
  return done.stdout;
}

/** The environment without anything that would let the artefact find this checkout's dev tools. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
  return env;
}

beforeAll(async () => {
  where = await testLocation();
  const url = ON_POSTGRES ? new URL(where.location) : null;
  if (url) url.password = PASSWORD;
  location = url?.href ?? where.location;
  run(process.execPath, [join(ROOT, 'scripts/build-server.mjs'), join(folder, 'dist/server')], ROOT);
  for (const name of ['package.json', 'package-lock.json', '.npmrc']) {
    cpSync(join(ROOT, name), join(folder, name), { recursive: true });
  }
  run(NPM, ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], folder);
  mkdirSync(join(folder, 'node_modules/better-sqlite3/build/Release'), { recursive: true });
  cpSync(join(ROOT, ADDON), join(folder, ADDON));
}, 180_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await where?.remove();
  rmSync(folder, { recursive: true, force: true });
});

const databaseFlags = (): string[] => (ON_POSTGRES ? ['--database', location] : ['--data', location]);

describe(`the built service (dist/server) with production dependencies only, on ${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('has no development tools to lean on', () => {
    expect(existsSync(join(folder, 'dist/server/cli.js'))).toBe(true);
    expect(existsSync(join(folder, 'dist/server/flush-worker.js'))).toBe(true);
    expect(existsSync(join(folder, 'node_modules/tsx'))).toBe(false);
  });

  it("the package's own install step (postinstall) succeeds without WXT, as `npm ci --omit=dev` runs it", () => {
    // The install above skipped scripts for better-sqlite3's sake (see the top); the package's
    // own step is run here as npm would, with no development tools on the path.
    const step = spawnSync(NPM, ['run', 'postinstall'], { cwd: folder, encoding: 'utf8', timeout: 60_000, env: cleanEnv() });
    expect(step.status, `${step.stdout}${step.stderr}`).toBe(0);
    expect(existsSync(join(folder, '.wxt'))).toBe(false);
  });

  it('makes a token, serves the API, redirects, health and metrics, records clicks (SQLite: with its writer thread), stops on SIGTERM', async () => {
    const cli = join(folder, 'dist/server/cli.js');
    const made = run(process.execPath, [cli, 'token', '--workspace', 'art', ...databaseFlags()], folder, cleanEnv());
    expect(made).not.toContain(PASSWORD);
    const token = made.trim().split('\n').at(-1) ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stderr: string[] = [];
    const server = spawn(process.execPath, [cli, 'serve', '--port', '0', ...databaseFlags(), '--click-flush-ms', '50'], {
      // Configured from the environment as well: the metrics port.
      cwd: folder, env: cleanEnv({ SHORTLINK_METRICS_PORT: '0' }), stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = server;
    server.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
    const first = String((await lines.next()).value);
    const origin = /(http:\/\/\S+)\/api/.exec(first)?.[1];
    expect(origin, `${first}\n${stderr.join('')}`).toBeDefined();
    const data = String((await lines.next()).value);
    expect(data).toMatch(ON_POSTGRES ? /^Data: postgres:\/\/postgres@127\.0\.0\.1:\d+\/shortlink_\w+$/ : /^Data: \//);
    const metricsUrl = /^Metrics at (\S+)$/.exec(String((await lines.next()).value))?.[1];
    expect(metricsUrl).toMatch(/\/metrics$/);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };

    const created = await fetch(`${origin}/api/link`, {
      method: 'POST', headers: auth,
      body: JSON.stringify({ workspaceId: 'art', keywordType: 'CUSTOM', keyword: 'built', longUrl: 'https://example.com/built' }),
    });
    const createdBody = (await created.json()) as { status: boolean; data: { linkId: string; shortUrl: string } };
    expect(created.status).toBe(200);
    expect(createdBody.data.shortUrl).toBe(`${origin}/built`);

    for (let i = 0; i < 3; i += 1) {
      const hop = await fetch(`${origin}/built`, { redirect: 'manual', headers: { 'user-agent': PERSON_AGENTS.safariIphone } });
      expect(hop.status).toBe(302);
      expect(hop.headers.get('location')).toBe('https://example.com/built');
    }
    expect((await fetch(`${origin}/nosuchlink`, { redirect: 'manual' })).status).toBe(404);

    let total = 0;
    for (let tries = 0; tries < 100 && total < 3; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const stats = await fetch(`${origin}/api/link/${createdBody.data.linkId}/art`, { headers: auth });
      const body = (await stats.json()) as { data: { freeUserData: { scoreCardDetails: { data: { totalClicks: number } } } } };
      total = body.data.freeUserData.scoreCardDetails.data.totalClicks;
    }
    expect(total).toBe(3);
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { clickWriter: true } });
    const metrics = await (await fetch(metricsUrl ?? '')).text();
    expect(metrics).toMatch(/^shortlink_redirects_total\{outcome="found"\} 3$/m);
    expect(metrics).toMatch(/^shortlink_clicks_recorded_total 3$/m);
    // The JSON log lines: the API requests above, at info.
    const logged: string[] = [];
    for (let next = await lines.next(); !next.done && logged.length < 2; next = await lines.next()) logged.push(String(next.value));
    expect(JSON.parse(logged[0] ?? '{}')).toMatchObject({ level: 30, msg: 'request', method: 'POST', path: '/api/link', status: 200 });
    // The rows themselves, read from the database the artefact writes to.
    const db = await openDatabase(location);
    const rows = await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM click_rows c JOIN links l ON l.id = c.link_id WHERE l.keyword = 'built'");
    await db.close();
    expect(Number(rows?.n)).toBe(3);
    // SQLite's writer thread came up from dist/server/flush-worker.js: no fallback to writing in the main thread.
    // (PostgreSQL's recorder writes over its connection pool, with no thread of its own.)
    if (!ON_POSTGRES) expect(stderr.join('')).not.toMatch(/writer thread/);
    expect(`${data}${logged.join('')}${stderr.join('')}`).not.toContain(PASSWORD);

    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
  }, 60_000);

  it('refuses to start, with the file named, when a released migration was edited, and leaves the database as it was', async () => {
    // A copy of the build whose first migration has one more line (node_modules are found above it).
    const edited = join(folder, 'dist/edited');
    cpSync(join(folder, 'dist/server'), edited, { recursive: true });
    const dialect = ON_POSTGRES ? 'postgres' : 'sqlite';
    appendFileSync(join(edited, `migrations-${dialect}/001-core.sql`), '\n-- edited after its release\n');
    const fresh = ON_POSTGRES ? null : mkdtempSync(join(tmpdir(), 'shortlink-artefact-edited-'));
    try {
      const flags = fresh === null ? databaseFlags() : ['--data', fresh];
      const started = spawnSync(process.execPath, [join(edited, 'cli.js'), 'serve', '--port', '0', ...flags], {
        cwd: folder, encoding: 'utf8', timeout: 30_000, env: cleanEnv(),
      });
      expect(started.status, `${started.stdout}${started.stderr}`).toBe(1);
      expect(started.stdout).not.toMatch(/Serving the API/);
      expect(started.stderr).toMatch(new RegExp(`Refusing to migrate the (SQLite|PostgreSQL) database: migrations-${dialect}/001-core\\.sql differs from the released one`));
      expect(started.stderr).toMatch(/A released migration is never edited/);
      expect(started.stderr).not.toContain(PASSWORD);
      // The service this build replaced still starts on the same database.
      const db = await openDatabase(location);
      await db.close();
    } finally {
      if (fresh !== null) rmSync(fresh, { recursive: true, force: true });
      rmSync(edited, { recursive: true, force: true });
    }
  }, 60_000);
});
