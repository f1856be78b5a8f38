import type postgres from 'postgres';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations-postgres/', import.meta.url));
/** Arbitrary, fixed: the advisory lock that lets one starting instance migrate while the others wait. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the files `migrations-postgres/NNN-name.sql` not yet applied, in
 * name order, recorded in `schema_migrations` (as migrate-sqlite.ts does).
 * All of it in one transaction under an advisory lock: instances started
 * together migrate once, and a failed migration leaves nothing half done.
 */
export async function migratePostgres(sql: postgres.Sql): Promise<void> {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f)).sort();
  await sql.begin(async (tx) => {
    await tx.unsafe('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.unsafe('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_date TEXT NOT NULL)');
    const rows = await tx.unsafe<{ name: string }[]>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    for (const name of files) {
      if (applied.has(name)) continue;
      await tx.unsafe(readFileSync(join(MIGRATIONS_DIR, name), 'utf8'));
      await tx.unsafe('INSERT INTO schema_migrations (name, applied_date) VALUES ($1, $2)', [name, new Date().toISOString()]);
    }
  });
}
