/**
 * Whether a database holds a schema the service can run on, judged against
 * the migrations (restore checks a backup with it before it replaces
 * anything). Two parts:
 *
 * - the version: the migrations it recorded must be the first ones this
 *   version of the service knows, with none missing between them. Fewer is
 *   an older backup (the rest are applied after restoring); a name this
 *   version does not know was made by a newer one.
 * - the shape: its tables and their columns must be exactly those the
 *   recorded migrations make, as found by applying them to an empty
 *   database. Names, not types: a table made by hand with the right names
 *   but wrong types is beyond what this guards against (a hollow or foreign
 *   database, a backup of another application).
 */

import { LEGACY_TABLE } from './legacy-clicks';

/**
 * Tables that a database at the same migrations may have or not: the raw
 * clicks of the old shape stay until the background move has emptied them
 * (legacy-clicks.ts), so a backup taken before, during or after the move is
 * as good as another. When there, their columns are checked all the same.
 */
const PASSING_TABLES: ReadonlySet<string> = new Set([LEGACY_TABLE]);

/** Table name -> its column names, sorted. */
export type SchemaShape = Map<string, string[]>;

/** What is wrong with the recorded migrations `applied`; empty when they are the first of `known`. */
export function versionProblems(applied: readonly string[], known: readonly string[]): string[] {
  if (applied.length === 0) return ['it records no migration'];
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) return [`it records migrations this version does not know (${unknown.join(', ')}): it was made by a newer version of the service`];
  const missing = known.slice(0, applied.length).filter((name) => !applied.includes(name));
  if (missing.length > 0) return [`it lacks migrations that come before ones it records (${missing.join(', ')})`];
  return [];
}

/** Every difference between the shape the migrations make and the one found, in words. */
export function shapeProblems(expected: SchemaShape, actual: SchemaShape): string[] {
  const problems: string[] = [];
  for (const [table, columns] of expected) {
    const found = actual.get(table);
    if (!found) {
      if (!PASSING_TABLES.has(table)) problems.push(`table ${table} is missing`);
      continue;
    }
    const lacking = columns.filter((column) => !found.includes(column));
    const extra = found.filter((column) => !columns.includes(column));
    if (lacking.length > 0) problems.push(`table ${table} lacks column${lacking.length > 1 ? 's' : ''} ${lacking.join(', ')}`);
    if (extra.length > 0) problems.push(`table ${table} has column${extra.length > 1 ? 's' : ''} the migrations do not make: ${extra.join(', ')}`);
  }
  const foreign = [...actual.keys()].filter((table) => !expected.has(table) && !PASSING_TABLES.has(table));
  if (foreign.length > 0) problems.push(`table${foreign.length > 1 ? 's' : ''} the migrations do not make: ${foreign.join(', ')}`);
  return problems;
}

/** Builds a shape from (table, column) rows. */
export function shapeOf(rows: readonly { table: string; column: string }[]): SchemaShape {
  const shape: SchemaShape = new Map();
  const byTable = [...rows].sort((a, b) => (a.table < b.table ? -1 : a.table > b.table ? 1 : 0));
  for (const { table, column } of byTable) shape.set(table, [...(shape.get(table) ?? []), column]);
  for (const columns of shape.values()) columns.sort();
  return shape;
}
