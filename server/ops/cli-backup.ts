/**
 * `npm run server -- backup --to FILE` copies the database while the service
 * runs; `restore --from FILE` puts a copy back (the service stopped). Either
 * database, named as for serve and token: `--data DIR` (SQLite) or
 * `--database URL` (PostgreSQL); SHORTLINK_DATA and SHORTLINK_DATABASE stand
 * in for them.
 */
import { parseArgs } from 'node:util';
import { locationOf } from '../cli-token';
import { UsageError } from '../cli-usage';
import { DEFAULT_CONFIG } from '../config';
import { isPostgresUrl } from '../db/open';
import { backupDatabase, restoreDatabase } from './backup';
import { backupPostgres, restorePostgres } from './backup-postgres';
import { pgConnection } from './pg-tools';

export const BACKUP_HELP = `Usage: npm run server -- backup --to FILE [--data DIR | --database URL]
       npm run server -- restore --from FILE [--data DIR | --database URL] [--replace]

  backup copies the database to FILE while the service runs: one consistent state,
  the service's reads and writes go on. The copy is written to FILE.partial, checked,
  then renamed to FILE. FILE may not be in the data folder (--data).
  restore puts FILE back after checking it, its schema against the migrations too
  (PostgreSQL: in a scratch database it makes and drops, so the user needs CREATEDB);
  stop the service first.

  --data DIR      SQLite: the data folder (default ${DEFAULT_CONFIG.dataDir}). backup uses SQLite's
                  online backup; FILE is a SQLite database. restore replaces the folder's database.
  --database URL  PostgreSQL (postgres://user:password@host:5432/name): backup runs pg_dump
                  --format=custom, restore runs pg_restore in one transaction (a failure changes
                  nothing). Both need PostgreSQL's client tools (package postgresql-client), on PATH
                  or in /usr/lib/postgresql/<version>/bin, as new as the server. The password goes
                  to them in PGPASSWORD, never on their command line.
                  restore refuses a database that holds data, unless --replace.
  --replace       (restore --database) replace the data of a database that holds some.`;

const OPTIONS = {
  data: { type: 'string' },
  database: { type: 'string' },
  help: { type: 'boolean' },
} as const;

export async function backupCommand(args: string[]): Promise<void> {
  const options = { ...OPTIONS, to: { type: 'string' } } as const;
  const { values } = parseArgs({ args, options, strict: true, allowPositionals: false });
  if (values.help) return void console.log(BACKUP_HELP);
  if (!values.to) throw new UsageError('backup needs --to FILE');
  const where = locationOf(values);
  if (isPostgresUrl(where)) {
    const { tables, bytes } = await backupPostgres(where, values.to);
    console.log(`Backed up ${pgConnection(where).shown} to ${values.to} (${tables} tables, ${bytes} bytes)`);
    return;
  }
  const { pages } = await backupDatabase(where, values.to);
  console.log(`Backed up ${where} to ${values.to} (${pages} pages)`);
}

export async function restoreCommand(args: string[]): Promise<void> {
  const options = { ...OPTIONS, from: { type: 'string' }, replace: { type: 'boolean' } } as const;
  const { values } = parseArgs({ args, options, strict: true, allowPositionals: false });
  if (values.help) return void console.log(BACKUP_HELP);
  if (!values.from) throw new UsageError('restore needs --from FILE');
  const where = locationOf(values);
  if (isPostgresUrl(where)) {
    const { tables } = await restorePostgres(where, values.from, { replace: values.replace ?? false });
    console.log(`Restored ${values.from} into ${pgConnection(where).shown} (${tables} tables)`);
    return;
  }
  // A SQLite restore always replaces the folder's one file (the service stopped): the flag would change nothing.
  if (values.replace) throw new UsageError('--replace is for restore --database: restore --data always replaces the database file');
  const { pages } = await restoreDatabase(where, values.from);
  console.log(`Restored ${values.from} into ${where} (${pages} pages)`);
}
