/**
 * The database a server suite runs on: SQLite unless the vitest project is
 * `postgres` (SHORTLINK_TEST_DB=postgres), which gives every caller a fresh
 * database on the run's throwaway cluster (test/postgres/global-setup.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../server/db/open';
import type { Sql } from '../../server/db/sql';
import { freshDatabase } from '../postgres/databases';

export const ON_POSTGRES = process.env.SHORTLINK_TEST_DB === 'postgres';

export interface TestLocation {
  /** A data folder (SQLite) or a postgres:// URL. */
  location: string;
  /** For ServerConfig: dataDir and databaseUrl. */
  config: { dataDir: string; databaseUrl: string };
  remove(): Promise<void>;
}

export async function testLocation(): Promise<TestLocation> {
  if (ON_POSTGRES) {
    const admin = process.env.SHORTLINK_TEST_PG_ADMIN;
    if (!admin) throw new Error('SHORTLINK_TEST_PG_ADMIN is not set: run the postgres project of vitest.config.ts');
    const made = await freshDatabase(admin);
    return { location: made.url, config: { dataDir: ':memory:', databaseUrl: made.url }, remove: made.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'shortlink-api-'));
  return {
    location: dataDir,
    config: { dataDir, databaseUrl: '' },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * An open database with nothing in it: SQLite in memory, or a fresh
 * PostgreSQL database. `close` also removes it.
 */
export async function openTestDatabase(): Promise<Database & { closeAndRemove(): Promise<void> }> {
  if (!ON_POSTGRES) {
    const db = await openDatabase(':memory:');
    return Object.assign(db, { closeAndRemove: () => db.close() });
  }
  const where = await testLocation();
  const db = await openDatabase(where.location);
  return Object.assign(db, {
    async closeAndRemove() {
      await db.close();
      await where.remove();
    },
  });
}

/** Makes every INSERT into `table` fail with 'disk on fire' (a write that fails); the returned function undoes it. */
export async function refuseInserts(db: Sql, table: string): Promise<() => Promise<void>> {
  const trigger = `refuse_${table}`;
  if (db.dialect === 'sqlite') {
    await db.exec(`CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`);
    return () => db.exec(`DROP TRIGGER ${trigger}`);
  }
  await db.exec(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$;
    CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${trigger}()`);
  return () => db.exec(`DROP TRIGGER ${trigger} ON ${table}; DROP FUNCTION ${trigger}()`);
}
