/**
 * `token` (make, list, revoke) and `backup` find the service's database in
 * SHORTLINK_DATABASE or SHORTLINK_DATA when no flag names it, as `serve`
 * does: on a machine configured through the environment, a token goes into
 * the service's own database, never into a new `.data` folder where the
 * command happened to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';

const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
/** tsx's loader by its path: the command runs in a folder of its own, where `--import tsx` would not resolve. */
const TSX = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
const cwd = mkdtempSync(join(tmpdir(), 'shortlink-cli-env-'));
let where: TestLocation;

beforeAll(async () => {
  where = await testLocation();
});
afterAll(async () => {
  await where.remove();
  rmSync(cwd, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string>) {
  // Only PATH and HOME from this process: no SHORTLINK_… of the test run leaks in.
  return spawnSync(process.execPath, ['--import', TSX, CLI, ...args], {
    cwd, encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
}

const variable = (): Record<string, string> =>
  ON_POSTGRES ? { SHORTLINK_DATABASE: where.location } : { SHORTLINK_DATA: where.location };

describe(`the CLI's database from the environment (${ON_POSTGRES ? 'SHORTLINK_DATABASE' : 'SHORTLINK_DATA'})`, () => {
  it('token makes, lists and revokes in the database the environment names', async () => {
    const made = run(['token', '--workspace', 'from-env', '--name', 'Env'], variable());
    expect(made.status, made.stderr).toBe(0);
    expect(existsSync(join(cwd, '.data')), 'no local data folder made').toBe(false);

    const db = await openDatabase(where.location);
    try {
      const rows = await db.all<{ id: number | string; name: string }>("SELECT id, name FROM tokens WHERE name = 'Env'");
      expect(rows).toHaveLength(1);
      const listed = run(['token', 'list'], variable());
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('Env');
      const revoked = run(['token', 'revoke', String(rows[0]?.id)], variable());
      expect(revoked.status, revoked.stderr).toBe(0);
      const after = await db.get<{ revoked: unknown }>('SELECT revoked_date AS revoked FROM tokens WHERE id = ?', [rows[0]?.id ?? 0]);
      expect(after?.revoked).not.toBeNull();
    } finally {
      await db.close();
    }
  });

  it('a flag naming the other kind of database beside the variable is refused, not guessed between', () => {
    const other = ON_POSTGRES ? ['--data', join(cwd, 'elsewhere')] : ['--database', 'postgres://x@127.0.0.1:1/none'];
    const both = run(['token', '--workspace', 'w', ...other], variable());
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/name two databases: give one/);
  });
});
