import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RELEASED_MIGRATIONS } from './released-migrations';
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

/** sha256 of a migration's text, line ends read as LF (a checkout that writes CRLF changes nothing). */
export function migrationHash(text: string): string {
  return createHash('sha256').update(text.replaceAll('\r\n', '\n')).digest('hex');
}

/**
 * What differs between the migrations found (name -> text) and the released
 * ones (name -> sha256), in words; empty when every released migration is
 * there as it was released. A migration not yet released is no problem here.
 */
export function releasedMigrationProblems(
  dialect: Dialect,
  found: ReadonlyMap<string, string>,
  released: Readonly<Record<string, string>> = RELEASED_MIGRATIONS[dialect],
): string[] {
  const problems: string[] = [];
  for (const [name, hash] of Object.entries(released)) {
    const text = found.get(name);
    if (text === undefined) problems.push(`migrations-${dialect}/${name} is missing`);
    else if (migrationHash(text) !== hash) problems.push(`migrations-${dialect}/${name} differs from the released one (sha256 ${migrationHash(text)}, released ${hash})`);
  }
  return problems;
}

const checked = new Set<Dialect>();

/**
 * Throws, before any migration runs, when a released migration of `dialect`
 * was edited or removed: databases that applied it hold the schema it made
 * then, so running this build on them is refused rather than guessed at.
 */
export function assertReleasedMigrations(dialect: Dialect): void {
  if (checked.has(dialect)) return;
  const found = new Map(migrationNames(dialect).map((name) => [name, migrationSql(dialect, name)]));
  const problems = releasedMigrationProblems(dialect, found);
  if (problems.length > 0) {
    throw new Error(
      `Refusing to migrate the ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database: ${problems.join('; ')}. ` +
        'A released migration is never edited: restore it as released and make the change a new migration.',
    );
  }
  checked.add(dialect);
}
