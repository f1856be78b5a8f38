import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialect } from './sql';

/** Beside this module in the sources, beside cli.js in the build (scripts/build-server.mjs copies them). */
const FOLDERS: Record<Dialect, string> = {
  sqlite: fileURLToPath(new URL('./migrations-sqlite/', import.meta.url)),
  postgres: fileURLToPath(new URL('./migrations-postgres/', import.meta.url)),
};

const names = new Map<Dialect, string[]>();

/**
 * The migrations of a dialect, `NNN-name.sql`, in the order they apply; the
 * schema version of a database is the list of them it has applied
 * (`schema_migrations`). Read once: they do not change while the process runs.
 */
export function migrationNames(dialect: Dialect): string[] {
  let found = names.get(dialect);
  if (!found) {
    found = readdirSync(FOLDERS[dialect]).filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f)).sort();
    names.set(dialect, found);
  }
  return found;
}

export function migrationSql(dialect: Dialect, name: string): string {
  return readFileSync(join(FOLDERS[dialect], name), 'utf8');
}
