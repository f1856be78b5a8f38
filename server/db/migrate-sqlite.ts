import type BetterSqlite3 from 'better-sqlite3';
import { assertReleasedMigrations, migrationNames, migrationSql } from './migration-files';

/**
 * Applies every migration not yet applied: the files `migrations-sqlite/NNN-name.sql`,
 * in name order, each in its own transaction, recorded in `schema_migrations`.
 * `only` limits them to those named (the schema an older version made: restore's check).
 * Refused when a released migration was edited (released-migrations.ts).
 */
export function migrateSqlite(db: BetterSqlite3.Database, only: readonly string[] = migrationNames('sqlite')): void {
  assertReleasedMigrations('sqlite');
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_date TEXT NOT NULL)');
  const applied = new Set(
    db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[],
  );
  for (const name of migrationNames('sqlite')) {
    if (applied.has(name) || !only.includes(name)) continue;
    const sql = migrationSql('sqlite', name);
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (name, applied_date) VALUES (?, ?)').run(name, new Date().toISOString());
    })();
  }
}
