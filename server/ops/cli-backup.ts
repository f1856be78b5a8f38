/**
 * `npm run server -- backup --data DIR --to FILE` copies the database while
 * the service runs; `restore --data DIR --from FILE` puts a copy back (the
 * service stopped). SHORTLINK_DATA stands in for --data, as for serve.
 */
import { parseArgs } from 'node:util';
import { UsageError } from '../cli-usage';
import { DEFAULT_CONFIG } from '../config';
import { backupDatabase, restoreDatabase } from './backup';
import { withEnvironment } from './env-options';

export const BACKUP_HELP = `Usage: npm run server -- backup --to FILE [--data DIR]
       npm run server -- restore --from FILE [--data DIR]

  backup copies the SQLite database of --data (default ${DEFAULT_CONFIG.dataDir}) to FILE while the
  service runs: one consistent state, the service's reads and writes go on.
  restore replaces the database of --data with FILE, after checking it; stop the
  service first. (A PostgreSQL database is backed up with pg_dump instead.)`;

export async function backupCommand(args: string[]): Promise<void> {
  const options = { data: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } } as const;
  const { values } = parseArgs({ args, options, strict: true, allowPositionals: false });
  if (values.help) return void console.log(BACKUP_HELP);
  const { data } = withEnvironment({ data: values.data }, { data: options.data }, process.env);
  if (!values.to) throw new UsageError('backup needs --to FILE');
  const dataDir = data ?? DEFAULT_CONFIG.dataDir;
  const { pages } = await backupDatabase(dataDir, values.to);
  console.log(`Backed up ${dataDir} to ${values.to} (${pages} pages)`);
}

export async function restoreCommand(args: string[]): Promise<void> {
  const options = { data: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean' } } as const;
  const { values } = parseArgs({ args, options, strict: true, allowPositionals: false });
  if (values.help) return void console.log(BACKUP_HELP);
  const { data } = withEnvironment({ data: values.data }, { data: options.data }, process.env);
  if (!values.from) throw new UsageError('restore needs --from FILE');
  const dataDir = data ?? DEFAULT_CONFIG.dataDir;
  const { pages } = await restoreDatabase(dataDir, values.from);
  console.log(`Restored ${values.from} into ${dataDir} (${pages} pages)`);
}
