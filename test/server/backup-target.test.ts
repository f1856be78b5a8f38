/**
 * `backup --to` never writes into the data folder of the database it copies:
 * a copy renamed over service.sqlite (or its -wal) swaps the file under the
 * running service, which then fails at its next start. Paths are compared as
 * the file system resolves them, links followed. No outcome leaves working
 * files (FILE.partial, its -wal and -shm) behind. SQLite only: a PostgreSQL
 * backup has no data folder and writes only the file asked for.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../server/ops/backup';
import { startHarness, type Harness } from './harness';
import { runCliAsync } from './backup-fixture';
import { ON_POSTGRES } from './test-database';

const root = mkdtempSync(join(tmpdir(), 'shortlink-backup-target-'));
let harness: Harness;
let dataDir: string;
let token: string;

beforeAll(async () => {
  if (ON_POSTGRES) return;
  harness = await startHarness();
  dataDir = harness.server.ctx.db.location;
  token = await harness.token('bt');
  const made = await harness.call('POST', '/link', {
    token, body: { workspaceId: 'bt', keywordType: 'CUSTOM', keyword: 'kept', longUrl: 'https://example.com/kept' },
  });
  expect(made.status).toBe(200);
});
afterAll(async () => {
  await harness?.close();
  rmSync(root, { recursive: true, force: true });
});

/** What the service sees of its data folder: its files and the database's inode. */
function folderState(): { files: string[]; inode: number } {
  return { files: readdirSync(dataDir).sort(), inode: statSync(join(dataDir, 'service.sqlite')).ino };
}

async function serviceAnswers(): Promise<void> {
  const visit = await fetch(`${harness.server.url}/kept`, { redirect: 'manual' });
  expect(visit.status).toBe(302);
  const list = await harness.call('GET', '/link', { token, query: { workspaceId: 'bt' } });
  expect(list.status).toBe(200);
}

describe.skipIf(ON_POSTGRES)('backup --to (SQLite)', () => {
  it('refuses a target inside the data folder or reaching it through a link, and changes nothing', async () => {
    const fileLink = join(root, 'link-to-db.sqlite');
    symlinkSync(join(dataDir, 'service.sqlite'), fileLink);
    const folderLink = join(root, 'link-to-folder');
    symlinkSync(dataDir, folderLink);
    const before = folderState();
    const targets = [
      join(dataDir, 'service.sqlite'),
      join(dataDir, 'service.sqlite-wal'),
      join(dataDir, 'copy.sqlite'),
      join(dataDir, '..', basename(dataDir), 'service.sqlite'),
      fileLink,
      join(folderLink, 'service.sqlite'),
      join(folderLink, 'copy.sqlite'),
    ];
    for (const target of targets) {
      await expect(backupDatabase(dataDir, target), target).rejects.toThrow(/^Refusing to back up into .* (inside the data folder|the database file) .*: choose a file outside it/);
      expect(folderState(), target).toEqual(before);
    }
    // The data folder named through a link is the same folder.
    await expect(backupDatabase(folderLink, join(dataDir, 'copy.sqlite'))).rejects.toThrow(/^Refusing/);
    // As an operator meets it: a clear message and a failed exit.
    const run = await runCliAsync('backup', '--data', dataDir, '--to', join(dataDir, 'service.sqlite'));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Error: Refusing to back up into .*service\.sqlite: it is the database file .*: choose a file outside it/m);
    expect(folderState()).toEqual(before);
    await serviceAnswers();
  }, 60_000);

  it('a backup leaves only the file asked for, also once it has been checked and restored', async () => {
    const target = join(root, 'good', 'copy.sqlite');
    mkdirSync(join(root, 'good'));
    const run = await runCliAsync('backup', '--data', dataDir, '--to', target);
    expect(run.status, run.stderr).toBe(0);
    expect(readdirSync(join(root, 'good'))).toEqual(['copy.sqlite']);
    const restored = await runCliAsync('restore', '--data', join(root, 'restored'), '--from', target);
    expect(restored.status, restored.stderr).toBe(0);
    expect(readdirSync(join(root, 'good'))).toEqual(['copy.sqlite']);
    await serviceAnswers();
  }, 60_000);

  it('a failed backup leaves no working files', async () => {
    // A folder where the copy should go: the rename into place fails after the copy was made and checked.
    const target = join(root, 'failing', 'copy.sqlite');
    mkdirSync(target, { recursive: true });
    const run = await runCliAsync('backup', '--data', dataDir, '--to', target);
    expect(run.status).toBe(1);
    expect(readdirSync(join(root, 'failing'))).toEqual(['copy.sqlite']);
    expect(readdirSync(target)).toEqual([]);
  }, 60_000);
});
