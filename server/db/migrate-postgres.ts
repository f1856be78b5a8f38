import type postgres from 'postgres';
import { assertReleasedMigrations, migrationNames, migrationSql } from './migration-files';

/** Arbitrary, fixed: the advisory lock that lets one starting instance migrate while the others wait. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the files `migrations-postgres/NNN-name.sql` not yet applied, in
 * name order, recorded in `schema_migrations` (as migrate-sqlite.ts does).
 * All of it in one transaction under an advisory lock: instances started
 * together migrate once, and a failed migration leaves nothing half done.
 */
export async function migratePostgres(sql: postgres.Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx.unsafe('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await applyPostgresMigrations(tx);
  });
}

/**
 * The migrations not yet applied, in the transaction `tx`, into the first
 * schema of its search_path (the files name no schema). `only` limits them to
 * those named (the schema an older version made: restore's check). Refused
 * when a released migration was edited (released-migrations.ts).
 */
export async function applyPostgresMigrations(tx: postgres.TransactionSql, only: readonly string[] = migrationNames('postgres')): Promise<void> {
  assertReleasedMigrations('postgres');
  await tx.unsafe('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_date TEXT NOT NULL)');
  const rows = await tx.unsafe<{ name: string }[]>('SELECT name FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.name));
  for (const name of migrationNames('postgres')) {
    if (applied.has(name) || !only.includes(name)) continue;
    await tx.unsafe(migrationSql('postgres', name));
    await tx.unsafe('INSERT INTO schema_migrations (name, applied_date) VALUES ($1, $2)', [name, new Date().toISOString()]);
  }
}
