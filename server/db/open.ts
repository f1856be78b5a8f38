import { PostgresDatabase } from './postgres-database';
import type { Database } from './sql';
import { SqliteDatabase } from './sqlite-database';

export type { Database } from './sql';

/**
 * Opens the service's database and applies the migrations it lacks:
 * PostgreSQL for a `postgres://` or `postgresql://` URL, otherwise SQLite in
 * that folder (created if needed), or in memory for ':memory:'.
 */
export async function openDatabase(location: string): Promise<Database> {
  if (isPostgresUrl(location)) return PostgresDatabase.open(location);
  return new SqliteDatabase(location);
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}
