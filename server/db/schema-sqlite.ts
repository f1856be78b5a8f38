import BetterSqlite3 from 'better-sqlite3';
import { migrateSqlite } from './migrate-sqlite';
import { migrationNames } from './migration-files';
import { shapeOf, shapeProblems, versionProblems, type SchemaShape } from './schema-check';

function sqliteShape(db: BetterSqlite3.Database): SchemaShape {
  // sqlite_… tables are SQLite's own (sqlite_sequence, sqlite_stat1 after ANALYZE).
  const rows = db
    .prepare(`SELECT m.name AS "table", c.name AS "column" FROM sqlite_master m, pragma_table_info(m.name) c
              WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`)
    .all() as { table: string; column: string }[];
  return shapeOf(rows);
}

/**
 * What keeps the SQLite database `db` from being one this version of the
 * service runs on (schema-check.ts); empty when nothing does. The expected
 * shape comes from applying the same migrations to an empty database in
 * memory.
 */
export function sqliteSchemaProblems(db: BetterSqlite3.Database): string[] {
  let applied: string[];
  try {
    applied = db.prepare('SELECT name FROM schema_migrations ORDER BY name').pluck().all() as string[];
  } catch (error) {
    return [`its migration record cannot be read (${error instanceof Error ? error.message : String(error)})`];
  }
  const version = versionProblems(applied, migrationNames('sqlite'));
  if (version.length > 0) return version;
  const expected = new BetterSqlite3(':memory:');
  try {
    migrateSqlite(expected, applied);
    return shapeProblems(sqliteShape(expected), sqliteShape(db));
  } finally {
    expected.close();
  }
}
