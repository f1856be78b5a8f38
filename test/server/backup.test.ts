/**
 * `backup` while the service takes new links and clicks, then `restore` into
 * another database: the restored service answers the links written before
 * the backup with the same redirects and the same analytics, and what was
 * being written during the backup is there whole or not at all (every link's
 * click total matches its click rows). On the project's database: SQLite's
 * online backup into a file, or pg_dump / pg_restore (`--database`), whose
 * URL carries a password that must never be printed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { startServer, type RunningServer } from '../../server/start';
import { CLI, NO_PG_TOOLS, runCli, SKIPPED_WITHOUT_TOOLS } from './backup-fixture';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';

const root = mkdtempSync(join(tmpdir(), 'shortlink-backup-'));
const backupFile = join(root, ON_POSTGRES ? 'copy.dump' : 'copy.sqlite');
/** Never in any output: the test cluster trusts every local connection, so any password connects. */
const PASSWORD = 'pw-Never-Printed-7f3a';

const servers: RunningServer[] = [];
const locations: TestLocation[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  for (const where of locations) await where.remove();
  rmSync(root, { recursive: true, force: true });
});

/** A fresh database of the project's kind; on PostgreSQL its URL with a password. */
async function fresh(): Promise<{ where: TestLocation; location: string; flags: string[] }> {
  const where = await testLocation();
  locations.push(where);
  if (!ON_POSTGRES) return { where, location: where.location, flags: ['--data', where.location] };
  const url = new URL(where.location);
  url.password = PASSWORD;
  return { where, location: url.href, flags: ['--database', url.href] };
}

const cli = (...args: string[]) => {
  const run = runCli(...args);
  expect(`${run.stdout}${run.stderr}`).not.toContain(PASSWORD);
  return run;
};

async function start(where: TestLocation): Promise<RunningServer> {
  const server = await startServer({ ...DEFAULT_CONFIG, port: 0, publicUrl: '', ...where.config, createRateLimitPerMinute: 1_000_000, clickFlushMs: 20 });
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

/** The workspaces of a database, to tell which copy it holds. */
async function workspaces(location: string): Promise<string[]> {
  const db = await openDatabase(location);
  try {
    return (await db.all<{ id: string }>('SELECT id FROM workspaces ORDER BY id')).map((row) => row.id);
  } finally {
    await db.close();
  }
}

describe(`backup and restore (${ON_POSTGRES ? 'PostgreSQL: pg_dump, pg_restore' : 'SQLite'})`, () => {
  it.skipIf(NO_PG_TOOLS)(`copies a consistent state while links and clicks are written, and the restored copy answers the same${SKIPPED_WITHOUT_TOOLS}`, async () => {
    const live = await fresh();
    const made = cli('token', '--workspace', 'bk', ...live.flags);
    expect(made.status, made.stderr).toBe(0);
    const token = made.stdout.trim().split('\n').at(-1) ?? '';
    const server = await start(live.where);
    const api = client(server, token);

    const before = new Map<string, string>();
    for (let i = 0; i < 20; i += 1) before.set(`before${i}`, await api.create(`before${i}`));
    for (const [keyword] of before) {
      const visits = 1 + (Number(keyword.slice(6)) % 5);
      for (let v = 0; v < visits; v += 1) await api.visit(keyword);
    }
    await server.ctx.clicks.flush();
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
    const backup = spawn(process.execPath, ['--import', 'tsx', CLI, 'backup', ...live.flags, '--to', backupFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    backup.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    backup.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => backup.on('exit', resolve));
    const writesDuring = writes - writesAtStart;
    writing = false;
    await writer;
    expect(code, output).toBe(0);
    expect(output).toMatch(ON_POSTGRES ? /^Backed up postgres:\/\/postgres@.* \(\d+ tables, \d+ bytes\)$/m : /Backed up .* pages/);
    expect(output).not.toContain(PASSWORD);
    expect(writesDuring).toBeGreaterThan(0);
    expect(existsSync(`${backupFile}.partial`)).toBe(false);

    // On PostgreSQL a fresh database is already migrated (empty tables): restore fills it.
    const copy = await fresh();
    const restoredRun = cli('restore', ...copy.flags, '--from', backupFile);
    expect(restoredRun.status, restoredRun.stderr).toBe(0);

    // Whole or not at all: each link's total is its click rows, rollups included.
    const db = await openDatabase(copy.location);
    const mismatched = (
      await db.all<{ keyword: string }>(
        `SELECT l.keyword FROM links l
         WHERE l.total_clicks != (SELECT COUNT(*) FROM click_rows c WHERE c.link_id = l.id)
            OR l.total_clicks != (SELECT COALESCE(SUM(h.clicks), 0) FROM click_hours h WHERE h.link_id = l.id)`,
      )
    ).map((r) => r.keyword);
    const copiedDuring = Number((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM links WHERE keyword LIKE 'during%'"))?.n);
    await db.close();
    expect(mismatched).toEqual([]);
    expect(copiedDuring).toBeGreaterThan(0);

    const restored = await start(copy.where);
    const again = client(restored, token);
    for (const [keyword, linkId] of before) {
      expect(await again.analytics(linkId), keyword).toEqual(expected.get(keyword));
    }
    for (const [keyword] of before) expect(await again.visit(keyword)).toBe(`https://example.com/${keyword}?x=1`);
  }, 90_000);

  it.skipIf(NO_PG_TOOLS)(`refuses to restore what is not a Shortlink backup, and to back up a missing database${SKIPPED_WITHOUT_TOOLS}`, async () => {
    const target = await fresh();
    const notOurs = cli('restore', ...target.flags, '--from', CLI);
    expect(notOurs.status).toBe(1);
    expect(notOurs.stderr).toMatch(ON_POSTGRES ? /^Error: .*cli\.ts is not a Shortlink backup/ : /Error:/);

    const missing = ON_POSTGRES ? ['--database', target.location.replace(/\/[^/?]+$/, '/nothing_here')] : ['--data', join(root, 'nothing-here')];
    const empty = cli('backup', ...missing, '--to', join(root, 'x.copy'));
    expect(empty.status).toBe(1);
    expect(empty.stderr).toMatch(ON_POSTGRES ? /pg_dump could not back up postgres:\/\/postgres@.*database "nothing_here" does not exist/ : /No database at/);
    expect(existsSync(join(root, 'x.copy'))).toBe(false);
    expect(existsSync(join(root, 'x.copy.partial'))).toBe(false);
  }, 60_000);

  it.skipIf(!ON_POSTGRES || NO_PG_TOOLS)(`(PostgreSQL) refuses to back up a database that is not Shortlink's${SKIPPED_WITHOUT_TOOLS}`, () => {
    const admin = new URL(process.env.SHORTLINK_TEST_PG_ADMIN ?? '');
    admin.password = PASSWORD;
    const run = cli('backup', '--database', admin.href, '--to', join(root, 'admin.copy'));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/is not a Shortlink database \(no schema_migrations and links tables\)/);
    expect(existsSync(join(root, 'admin.copy'))).toBe(false);
    expect(existsSync(join(root, 'admin.copy.partial'))).toBe(false);
  });

  it.skipIf(NO_PG_TOOLS)(`restores over a database that holds data only when told to, all or nothing${SKIPPED_WITHOUT_TOOLS}`, async () => {
    // Its own backup, of a database holding workspace 'bk': this test runs alone too (vitest -t).
    const source = await fresh();
    expect(cli('token', '--workspace', 'bk', ...source.flags).status).toBe(0);
    const backupFile = join(root, ON_POSTGRES ? 'over.dump' : 'over.sqlite');
    const made = cli('backup', ...source.flags, '--to', backupFile);
    expect(made.status, made.stderr).toBe(0);
    const target = await fresh();
    expect(cli('token', '--workspace', 'other', ...target.flags).status).toBe(0);
    if (!ON_POSTGRES) {
      // A SQLite restore replaces the folder's one file: no flag to give, and --replace is refused as meaningless.
      expect(cli('restore', ...target.flags, '--from', backupFile, '--replace').status).toBe(2);
      expect(cli('restore', ...target.flags, '--from', backupFile).status).toBe(0);
      expect(await workspaces(target.location)).toEqual(['bk']);
      return;
    }
    const refused = cli('restore', ...target.flags, '--from', backupFile);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/already holds data \(.*public\.workspaces.*\): restore into an empty database, or add --replace/);
    expect(await workspaces(target.location)).toEqual(['other']);

    // pg_restore fails half-way (its DROP of links is blocked by a view): one transaction, so nothing changed.
    const db = await openDatabase(target.location);
    await db.exec('CREATE VIEW links_view AS SELECT id FROM links');
    const blocked = cli('restore', ...target.flags, '--from', backupFile, '--replace');
    expect(blocked.status).toBe(1);
    expect(blocked.stderr).toMatch(/pg_restore could not restore .* \(nothing was changed\): .*links_view/s);
    expect(await workspaces(target.location)).toEqual(['other']);
    await db.exec('DROP VIEW links_view');

    // A table the backup lacks: made by a newer version of the service; refused even with --replace.
    await db.exec('CREATE TABLE newer_feature (id INT)');
    const newer = cli('restore', ...target.flags, '--from', backupFile, '--replace');
    expect(newer.status).toBe(1);
    expect(newer.stderr).toMatch(/has tables the backup lacks \(public\.newer_feature\): restore into a new database/);
    await db.exec('DROP TABLE newer_feature');
    await db.close();

    const replaced = cli('restore', ...target.flags, '--from', backupFile, '--replace');
    expect(replaced.status, replaced.stderr).toBe(0);
    expect(replaced.stdout).toMatch(/^Restored .* into postgres:\/\/postgres@.* \(\d+ tables\)$/m);
    expect(await workspaces(target.location)).toEqual(['bk']);
  }, 180_000); // three restores, each first checking the schema in a scratch database: slow on a loaded machine
});
