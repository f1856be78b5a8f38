import type BetterSqlite3 from 'better-sqlite3';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations-sqlite/', import.meta.url));

/**
 * Applies every migration not yet applied: the files `migrations-sqlite/NNN-name.sql`,
 * in name order, each in its own transaction, recorded in `schema_migrations`.
 */
export function migrateSqlite(db: BetterSqlite3.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_date TEXT NOT NULL)');
  const applied = new Set(
    db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[],
  );
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f)).sort();
  for (const name of files) {
    if (applied.has(name)) continue;
    const sql = readFileSync(join(MIGRATIONS_DIR, name), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (name, applied_date) VALUES (?, ?)').run(name, new Date().toISOString());
    })();
  }
}
