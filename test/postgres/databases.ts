/**
 * Fresh databases on the test cluster: each is a copy of a template database
 * that is already migrated (CREATE DATABASE … TEMPLATE copies files, far
 * faster than running the migrations again), so suites never see each
 * other's rows.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { PostgresDatabase } from '../../server/db/postgres-database';

export const TEMPLATE = 'shortlink_template';

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Makes the migrated template (once per cluster). */
export async function makeTemplate(adminUrl: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`CREATE DATABASE ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const db = await PostgresDatabase.open(withDatabase(adminUrl, TEMPLATE), 1);
  await db.close();
}

/** A new database copied from the template; `drop` removes it (closing whatever is still connected). */
export async function freshDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shortlink_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE} STRATEGY FILE_COPY`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const sql = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      try {
        await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await sql.end();
      }
    },
  };
}
