import type { Database } from '../db/sql';
import { SqliteDatabase } from '../db/sqlite-database';
import type { ClickRecorderOptions } from './recorder-options';
import type { ClickRecorder } from './recorder-port';
import { createPostgresClickRecorder } from './recorder-postgres';
import { createSqliteClickRecorder } from './recorder-sqlite';

/** The recorder for `db`: a writer thread on SQLite (recorder-sqlite.ts), asynchronous batches on PostgreSQL (recorder-postgres.ts). */
export function createClickRecorder(db: Database, opts: ClickRecorderOptions = {}): ClickRecorder {
  if (db instanceof SqliteDatabase) {
    const recorder = createSqliteClickRecorder(db.native, opts);
    return {
      record: (visit) => recorder.record(visit),
      flush: async () => recorder.flush(),
      close: async () => {
        recorder.close();
        // Only then is the database file closed on every connection (a data folder may be removed next).
        await recorder.stopped();
      },
      writerAlive: () => recorder.writerAlive(),
      prune: (nowMs) => recorder.prune(nowMs),
      stats: () => recorder.stats(),
    };
  }
  return createPostgresClickRecorder(db, opts);
}
