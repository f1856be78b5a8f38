/**
 * A PostgreSQL dump's schema, checked before pg_restore touches the target
 * (server/db/schema-check.ts says what is checked). The dump's schema and its
 * migration record, no other rows, are restored into a scratch database made
 * for it and dropped afterwards; the schema the recorded migrations make is
 * built beside it, in a schema of the same scratch database, and the two are
 * read from information_schema.
 *
 * Why a scratch database: pg_restore --list names a dump's tables but not
 * their columns, and reading them from the SQL pg_restore prints would mean
 * parsing SQL (its output also carries psql commands). Restored by
 * PostgreSQL itself, the schema is read exactly as the service will meet it;
 * without the rows it takes a second for any size of data. It needs the
 * right to create databases (CREATEDB), as `createdb` for a restore target
 * does.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { applyPostgresMigrations } from '../db/migrate-postgres';
import { migrationNames } from '../db/migration-files';
import { shapeOf, shapeProblems, versionProblems, type SchemaShape } from '../db/schema-check';
import { requirePgTool, runPgTool, type PgConnection } from './pg-tools';

/** Where the migrations' own schema is built in the scratch database. */
const EXPECTED_SCHEMA = 'shortlink_expected';

function connect(url: string): postgres.Sql {
  return postgres(url, { max: 1, onnotice: () => undefined, connect_timeout: 10, connection: { application_name: 'shortlink-restore' } });
}

/**
 * Tables and columns (partitions aside): of `schema` alone, or (null) of every schema but
 * PostgreSQL's own and the expected one. Tables of the service's schema (public,
 * or `schema`) by bare name, any other by schema.table.
 */
async function shapeIn(sql: postgres.Sql, schema: string | null): Promise<SchemaShape> {
  const home = schema ?? 'public';
  const rows = await sql<{ schema: string; table: string; column: string }[]>`
    SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column
    FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE t.table_type = 'BASE TABLE' AND NOT EXISTS (
      -- Partitions (raw clicks' months, made as time passes) are their parent's rows, not schema.
      SELECT 1 FROM pg_class k JOIN pg_namespace n ON n.oid = k.relnamespace
      WHERE n.nspname = c.table_schema AND k.relname = c.table_name AND k.relispartition
    ) AND ${
      schema === null
        ? sql`c.table_schema NOT IN ('pg_catalog', 'information_schema', ${EXPECTED_SCHEMA}) AND c.table_schema NOT LIKE 'pg\\_%'`
        : sql`c.table_schema = ${schema}`
    }`;
  return shapeOf(rows.map((row) => ({ table: row.schema === home ? row.table : `${row.schema}.${row.table}`, column: row.column })));
}

/** What keeps the restored schema in `sql` from being one this version runs on; empty when nothing does. */
async function problemsOf(sql: postgres.Sql): Promise<string[]> {
  let applied: string[];
  try {
    applied = (await sql<{ name: string }[]>`SELECT name FROM public.schema_migrations ORDER BY name`).map((row) => row.name);
  } catch (error) {
    return [`its migration record cannot be read (${error instanceof Error ? error.message : String(error)})`];
  }
  const version = versionProblems(applied, migrationNames('postgres'));
  if (version.length > 0) return version;
  const actual = await shapeIn(sql, null);
  await sql.begin(async (tx) => {
    await tx.unsafe(`CREATE SCHEMA ${EXPECTED_SCHEMA}`);
    await tx.unsafe(`SET LOCAL search_path TO ${EXPECTED_SCHEMA}`);
    await applyPostgresMigrations(tx, applied);
  });
  return shapeProblems(await shapeIn(sql, EXPECTED_SCHEMA), actual);
}

/** Throws, naming every problem, unless the dump `file` holds a schema this version of the service can run on. */
export async function checkDumpSchema(url: string, file: string, connection: PgConnection): Promise<void> {
  const name = `shortlink_check_${randomBytes(6).toString('hex')}`;
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const admin = connect(url);
  try {
    try {
      await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE template0`);
    } catch (error) {
      const reason = connection.scrub(error instanceof Error ? error.message : String(error));
      throw new Error(`Restore checks the backup's schema in a scratch database before it changes anything, and could not make one (${reason}): restore as a user with CREATEDB`);
    }
    try {
      const shown = new URL(connection.shown);
      shown.pathname = `/${name}`;
      const pgRestore = requirePgTool('pg_restore');
      const what = `pg_restore could not read the schema of ${file}`;
      await runPgTool(pgRestore, ['--schema-only', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${shown.href}`, file], connection, what);
      await runPgTool(pgRestore, ['--data-only', '--table=schema_migrations', '--single-transaction', `--dbname=${shown.href}`, file], connection, what);
      const sql = connect(scratch.href);
      let problems: string[];
      try {
        problems = await problemsOf(sql);
      } finally {
        await sql.end({ timeout: 1 });
      }
      if (problems.length > 0) {
        throw new Error(`${file} does not hold a Shortlink schema this version can run on: ${problems.join('; ')}. Nothing was replaced`);
      }
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end({ timeout: 1 });
  }
}
