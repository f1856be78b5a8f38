/**
 * Backup and restore of a PostgreSQL database with PostgreSQL's own tools:
 * pg_dump's custom format (compressed, read back only by pg_restore) and
 * pg_restore. The dump format is theirs, never ours.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import postgres from 'postgres';
import { LEGACY_DROP, LEGACY_TABLE } from '../db/legacy-clicks';
import { openDatabase } from '../db/open';
import { REDIRECT_CHANNEL } from '../db/postgres-listener';
import { pgConnection, requirePgTool, runPgTool, type PgConnection } from './pg-tools';
import { checkDumpSchema } from './restore-check-postgres';

/** Tables every Shortlink database has: the migrations' record and the links. */
const SHORTLINK_TABLES = ['schema_migrations', 'links'];

/** `schema.table` of every table in a dump, from pg_restore's table of contents (`218; 1259 16385 TABLE public links owner`). */
async function archiveTables(file: string, connection: PgConnection, what: string): Promise<string[]> {
  const list = await runPgTool(requirePgTool('pg_restore'), ['--list', file], connection, what);
  return [...list.matchAll(/^\d+; \d+ \d+ TABLE (\S+) (\S+) /gm)].map((m) => `${m[1]}.${m[2]}`);
}

function isShortlink(tables: string[]): boolean {
  return SHORTLINK_TABLES.every((name) => tables.some((table) => table.endsWith(`.${name}`)));
}

/**
 * pg_dump of the database at `url` into `toFile`. pg_dump reads everything in
 * one repeatable-read transaction: one consistent state, while the service's
 * reads and writes go on. Written to `toFile.partial`, checked to be a
 * Shortlink database, then renamed: a failed backup never leaves a file under
 * the name asked for.
 */
export async function backupPostgres(url: string, toFile: string): Promise<{ tables: number; bytes: number }> {
  const connection = pgConnection(url);
  const pgDump = requirePgTool('pg_dump');
  const target = resolve(toFile);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    await runPgTool(pgDump, ['--format=custom', `--file=${partial}`, `--dbname=${connection.shown}`], connection, `pg_dump could not back up ${connection.shown}`);
    const tables = await archiveTables(partial, connection, `pg_restore cannot read the dump of ${connection.shown}`);
    if (!isShortlink(tables)) throw new Error(`${connection.shown} is not a Shortlink database (no ${SHORTLINK_TABLES.join(' and ')} tables): nothing backed up`);
    renameSync(partial, target);
    return { tables: tables.length, bytes: statSync(target).size };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Tables whose rows the migrations write: a database that holds only these holds no data. */
const BOOKKEEPING = new Set(['schema_migrations', 'click_pruning']);

/**
 * The tables of the target database, and those of them that hold rows (bookkeeping aside:
 * migrating is not data). Partitions (raw clicks' months) are left out: their rows are their
 * parent's, and pg_restore --clean drops them with it, so the months a migrated target made
 * for itself do not make it refuse a dump made in other months.
 */
async function targetTables(url: string, connection: PgConnection): Promise<{ tables: string[]; withRows: string[] }> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined, connect_timeout: 10, connection: { application_name: 'shortlink-restore' } });
  try {
    const rows = await sql<{ schema: string; name: string }[]>`
      SELECT t.schemaname AS schema, t.tablename AS name FROM pg_tables t
      JOIN pg_namespace n ON n.nspname = t.schemaname JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = t.tablename
      WHERE t.schemaname NOT IN ('pg_catalog', 'information_schema') AND t.schemaname NOT LIKE 'pg\\_%' AND NOT c.relispartition`;
    const withRows: string[] = [];
    for (const { schema, name } of rows) {
      if (BOOKKEEPING.has(name)) continue;
      const [row] = await sql<{ found: boolean }[]>`SELECT EXISTS (SELECT 1 FROM ${sql(schema)}.${sql(name)}) AS found`;
      if (row?.found) withRows.push(`${schema}.${name}`);
    }
    return { tables: rows.map((r) => `${r.schema}.${r.name}`), withRows };
  } catch (error) {
    throw new Error(`Cannot read the database at ${connection.shown}: ${connection.scrub(error instanceof Error ? error.message : String(error))}`);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** Drops the target's empty clicks_legacy as the service would at its next open (legacy-clicks.ts). */
async function dropLegacyOf(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined, connect_timeout: 10, connection: { application_name: 'shortlink-restore' } });
  try {
    await sql.begin(async (tx) => {
      const [row] = await tx.unsafe<{ found: boolean }[]>(`SELECT EXISTS (SELECT 1 FROM ${LEGACY_TABLE}) AS found`);
      if (!row?.found) await tx.unsafe(LEGACY_DROP);
    });
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * pg_restore of a dump into the database at `url` (stop the service first).
 * The dump is checked to be a Shortlink one, its schema against the
 * migrations (restore-check-postgres.ts). The target must hold no rows (a
 * new database, or one the service only migrated), unless `replace`; it must
 * not have tables the dump lacks (made by a newer version of the service:
 * the restored schema and its migration record would disagree). The dump's
 * objects are dropped and made again in one transaction: a failure leaves
 * the target as it was. Migrations newer than the backup are then applied,
 * as at start-up, and every instance still running is told to empty its
 * redirect cache (a restore fires no trigger). Objects belong to the
 * restoring user (--no-owner), so a dump moves between servers whose roles
 * differ.
 */
export async function restorePostgres(url: string, fromFile: string, options: { replace: boolean }): Promise<{ tables: number }> {
  if (!existsSync(fromFile)) throw new Error(`No backup at ${fromFile}`);
  const connection = pgConnection(url);
  const pgRestore = requirePgTool('pg_restore');
  const tables = await archiveTables(fromFile, connection, `${fromFile} is not a Shortlink backup (a pg_dump --format=custom file)`);
  if (!isShortlink(tables)) throw new Error(`${fromFile} is not a Shortlink backup: it has no ${SHORTLINK_TABLES.join(' and ')} tables`);

  const target = await targetTables(url, connection);
  // An empty clicks_legacy (a target only migrated, not yet opened by the service) is no data of a newer
  // version: the service drops it at the open that follows the restore (server/db/legacy-clicks.ts).
  const emptyLegacy = (table: string) => table.endsWith(`.${LEGACY_TABLE}`) && !target.withRows.includes(table);
  const foreign = target.tables.filter((table) => !tables.includes(table) && !emptyLegacy(table));
  if (foreign.length > 0) {
    throw new Error(`${connection.shown} has tables the backup lacks (${foreign.join(', ')}): restore into a new database`);
  }
  if (target.withRows.length > 0 && !options.replace) {
    throw new Error(`${connection.shown} already holds data (${target.withRows.join(', ')}): restore into an empty database, or add --replace to replace its data with the backup's`);
  }
  await checkDumpSchema(url, fromFile, connection);
  // Its foreign key on links would keep pg_restore --clean from dropping links: it goes first (it holds nothing).
  if (target.tables.some(emptyLegacy)) await dropLegacyOf(url);
  await runPgTool(
    pgRestore,
    ['--single-transaction', '--clean', '--if-exists', '--no-owner', '--no-privileges', `--dbname=${connection.shown}`, fromFile],
    connection,
    `pg_restore could not restore ${fromFile} into ${connection.shown} (nothing was changed)`,
  );
  const reason = (error: unknown) => connection.scrub(error instanceof Error ? error.message : String(error));
  let db;
  try {
    db = await openDatabase(url);
  } catch (error) {
    throw new Error(`Restored ${fromFile} into ${connection.shown}, but could not apply the newer migrations: ${reason(error)}`);
  }
  try {
    // Empties every running instance's redirect cache: links the backup lacks must stop redirecting now.
    await db.run('SELECT pg_notify(?, ?)', [REDIRECT_CHANNEL, 'restore']);
  } catch (error) {
    throw new Error(`Restored ${fromFile} into ${connection.shown}, but could not tell running instances (restart them): ${reason(error)}`);
  } finally {
    await db.close();
  }
  return { tables: tables.length };
}
