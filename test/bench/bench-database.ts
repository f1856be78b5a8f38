/**
 * Where a bench's service keeps its data: SQLite in a temporary folder, or,
 * with BENCH_DB=postgres, a database on a throwaway PostgreSQL cluster started
 * for this process (test/postgres/cluster.ts), or BENCH_DB_URL when given
 * (several processes of one bench share it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../postgres/cluster';
import { freshDatabase, makeTemplate } from '../postgres/databases';

export interface BenchDatabase {
  kind: 'sqlite' | 'postgres';
  /** For ServerConfig. */
  config: { dataDir: string; databaseUrl: string };
  /** The folder or URL, for openDatabase. */
  location: string;
  remove(): Promise<void>;
}

export const BENCH_ON_POSTGRES = process.env.BENCH_DB === 'postgres';

export async function benchDatabase(prefix: string): Promise<BenchDatabase> {
  const given = process.env.BENCH_DB_URL;
  if (given) return { kind: 'postgres', config: { dataDir: ':memory:', databaseUrl: given }, location: given, remove: async () => undefined };
  if (BENCH_ON_POSTGRES) {
    const cluster = await startCluster();
    await makeTemplate(cluster.adminUrl);
    const made = await freshDatabase(cluster.adminUrl);
    return {
      kind: 'postgres',
      config: { dataDir: ':memory:', databaseUrl: made.url },
      location: made.url,
      remove: () => cluster.stop(),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  return {
    kind: 'sqlite',
    config: { dataDir, databaseUrl: '' },
    location: dataDir,
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
