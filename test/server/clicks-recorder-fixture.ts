/**
 * What the shared click-recorder suite needs of the project's database: a
 * fresh one (openTestDatabase), its recorder, and a way to make click writes
 * fail as that database fails when it cannot write, then succeed again.
 * SQLite gets a really full disk (SQLITE_FULL); PostgreSQL's server owns its
 * disk, so there the database refuses the inserts (refuseInserts).
 */
import { createClickRecorder } from '../../server/clicks/click-recorder';
import type { ClickRecorderOptions } from '../../server/clicks/recorder-options';
import type { ClickRecorder } from '../../server/clicks/recorder-port';
import type { Database } from '../../server/db/sql';
import { SqliteDatabase } from '../../server/db/sqlite-database';
import { fillDisk } from './clicks-fixtures-sqlite';
import { openTestDatabase, refuseInserts } from './test-database';

export interface ClickRecorderFixture {
  db: Database;
  /** SQLite's recorder (in this thread: the database is in memory) or PostgreSQL's. */
  recorder(opts: ClickRecorderOptions): ClickRecorder;
  /** Makes every click write fail; the returned function lets them succeed again. */
  failWrites(): Promise<() => Promise<void>>;
  /** What the error of such a failed write says. */
  failure: RegExp;
  close(): Promise<void>;
}

export async function openClickRecorderFixture(): Promise<ClickRecorderFixture> {
  const db = await openTestDatabase();
  const common = { db, recorder: (opts: ClickRecorderOptions) => createClickRecorder(db, opts), close: () => db.closeAndRemove() };
  if (db instanceof SqliteDatabase) {
    const native = db.native;
    return {
      ...common,
      async failWrites() {
        const disk = fillDisk(native);
        native.pragma(`max_page_count = ${disk.pages}`);
        return async () => disk.free();
      },
      failure: /full/,
    };
  }
  return { ...common, failWrites: () => refuseInserts(db, 'clicks'), failure: /disk on fire/ };
}
