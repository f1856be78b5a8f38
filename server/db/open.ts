import { dropEmptyLegacy } from './legacy-clicks';
import { PostgresDatabase } from './postgres-database';
import type { Database } from './sql';
import { SqliteDatabase } from './sqlite-database';

export type { Database } from './sql';

/**
 * Opens the service's database and applies the migrations it lacks:
 * PostgreSQL for a `postgres://` or `postgresql://` URL, otherwise SQLite in
 * that folder (created if needed), or in memory for ':memory:'. The old
 * raw-click table a migration left empty goes at once (legacy-clicks.ts);
 * one with clicks stays for the background move.
 */
export async function openDatabase(location: string): Promise<Database> {
  const db = isPostgresUrl(location) ? await PostgresDatabase.open(location) : new SqliteDatabase(location);
  try {
    await dropEmptyLegacy(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}
