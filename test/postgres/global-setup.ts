/**
 * vitest globalSetup of the `postgres` project: one cluster for the whole run,
 * with a migrated template; test files make their databases from it
 * (test/server/test-database.ts). The address travels in the environment,
 * which the test processes inherit.
 */
import { startCluster } from './cluster';
import { makeTemplate } from './databases';

export const ADMIN_URL_ENV = 'SHORTLINK_TEST_PG_ADMIN';
/** The cluster's server version ("15.18"): client tools older than it cannot dump it. */
export const VERSION_ENV = 'SHORTLINK_TEST_PG_VERSION';

export default async function setup(): Promise<() => Promise<void>> {
  const cluster = await startCluster();
  await makeTemplate(cluster.adminUrl);
  process.env[ADMIN_URL_ENV] = cluster.adminUrl;
  process.env[VERSION_ENV] = cluster.version;
  return () => cluster.stop();
}
