import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { openDatabase } from '../db/open';
import { sqliteSchemaProblems } from '../db/schema-sqlite';
import { refuseTargetInDataFolder } from './backup-target';

/** The database file in a data folder, as server/db/open.ts names it. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, 'service.sqlite');
}

/** Pages per backup step: more than any database holds, so the copy is one step, one read transaction. */
const ALL_PAGES = 0x7fffffff;

/** A database file and what SQLite may make beside it while it is open. */
function removeWithCompanions(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Copies the service's database to `toFile` with SQLite's online backup API
 * while the service keeps serving. The copy is made in one step, inside one
 * read transaction: in WAL mode that sees one committed state and does not
 * stop the service's writers, and no write can restart it (a copy made in
 * small steps starts again whenever another connection writes, so under
 * steady clicks it might never finish). It is written beside `toFile` first
 * and renamed over it once checked, so a failed backup never leaves a
 * half-written file under the name asked for. `toFile` may not be in the
 * data folder (backup-target.ts), and nothing but `toFile` is left behind.
 */
export async function backupDatabase(dataDir: string, toFile: string): Promise<{ pages: number }> {
  const source = databaseFile(dataDir);
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  refuseTargetInDataFolder(dataDir, source, toFile);
  const target = resolve(toFile);
  const partial = `${target}.partial`;
  removeWithCompanions(partial);
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const progress = await db.backup(partial, { progress: () => ALL_PAGES });
    settleCopy(partial);
    renameSync(partial, target);
    return { pages: progress.totalPages };
  } finally {
    db.close();
    // After a rename only the companions could be left; after a failure, the copy too.
    removeWithCompanions(partial);
  }
}

/**
 * The copy keeps the live database's WAL mode, in which opening it (to check
 * it, or read-only later) leaves -wal and -shm files beside it. Turned into
 * a rollback-journal database it is one self-contained file; restore turns
 * WAL on again. Then it is checked.
 */
function settleCopy(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
  checkCopy(file);
}

/**
 * Puts a backup back as the data folder's database (the service must be
 * stopped: it would keep its own view of the old file). The backup is checked
 * first, its schema too: a database whose migrations or tables are not what
 * this version makes would be accepted here and fail the service at its
 * start. It is copied in with the backup API, so a -wal file left beside the
 * old database cannot be replayed over it; migrations newer than the backup
 * are then applied, as at start-up.
 */
export async function restoreDatabase(dataDir: string, fromFile: string): Promise<{ pages: number }> {
  if (!existsSync(fromFile)) throw new Error(`No backup at ${fromFile}`);
  checkCopy(fromFile, { schema: true });
  const target = databaseFile(dataDir);
  if (!existsSync(dirname(target))) await (await openDatabase(dataDir)).close();
  const backup = new Database(fromFile, { readonly: true, fileMustExist: true });
  try {
    const progress = await backup.backup(target, { progress: () => ALL_PAGES });
    await (await openDatabase(dataDir)).close();
    return { pages: progress.totalPages };
  } finally {
    backup.close();
  }
}

/** Throws unless `file` is a sound SQLite database holding the service's tables (with `schema`: exactly the migrations' schema). */
function checkCopy(file: string, options: { schema?: boolean } = {}): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged: ${String(check)}`);
    const schema = db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('schema_migrations', 'links')").pluck().get();
    if (schema !== 2) throw new Error(`${file} is not a Shortlink database`);
    const problems = options.schema ? sqliteSchemaProblems(db) : [];
    if (problems.length > 0) {
      throw new Error(`${file} does not hold a Shortlink schema this version can run on: ${problems.join('; ')}. Nothing was replaced`);
    }
  } finally {
    db.close();
  }
}
