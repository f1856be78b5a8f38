import type { Database } from '../db/sql';
import { SqliteDatabase } from '../db/sqlite-database';
import type { ClickRow } from './click-row';
import { createBatchWriter } from './write-batch';
import { createPostgresBatchWriter } from './write-batch-postgres';

/** Stores labelled clicks in one transaction on either database (seeding, benchmarks, tests); returns how many were stored. */
export function createClickWriter(db: Database): (rows: readonly ClickRow[]) => Promise<number> {
  if (db instanceof SqliteDatabase) {
    const write = createBatchWriter(db.native);
    return async (rows) => write(rows);
  }
  return createPostgresBatchWriter(db);
}
