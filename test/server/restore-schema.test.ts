/**
 * `restore` checks a backup's schema against the migrations before it
 * replaces anything: a database with the service's table names but not its
 * columns (hollow), or one made by a newer version, is refused and the
 * target keeps what it held; a backup from an older version is taken and
 * brought up to date. On SQLite a file; on PostgreSQL a pg_dump, checked in
 * a scratch database that is dropped afterwards.
 */
import BetterSqlite3 from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationNames } from '../../server/db/migration-files';
import { openDatabase } from '../../server/db/open';
import { createToken } from '../../server/http/auth';
import { backupDatabase, restoreDatabase } from '../../server/ops/backup';
import { backupPostgres, restorePostgres } from '../../server/ops/backup-postgres';
import { NO_PG_TOOLS, SKIPPED_WITHOUT_TOOLS } from './backup-fixture';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';

const root = mkdtempSync(join(tmpdir(), 'shortlink-restore-schema-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(root, { recursive: true, force: true });
});

/** A migrated database of the project's kind, holding workspace `workspace`. */
async function serviceDatabase(workspace: string): Promise<string> {
  const where: TestLocation = await testLocation();
  cleanups.push(() => where.remove());
  const db = await openDatabase(where.location);
  await createToken(db, workspace, 'restore-schema');
  await db.close();
  return where.location;
}

/** PostgreSQL: a new database with nothing in it, as `createdb` makes (the recommended restore target). */
async function emptyPostgres(): Promise<string> {
  const admin = process.env.SHORTLINK_TEST_PG_ADMIN ?? '';
  const name = `shortlink_empty_${randomBytes(6).toString('hex')}`;
  const sql = postgres(admin, { max: 1, onnotice: () => undefined });
  await sql.unsafe(`CREATE DATABASE ${name}`);
  await sql.end();
  cleanups.push(async () => {
    const drop = postgres(admin, { max: 1, onnotice: () => undefined });
    await drop.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

/** PostgreSQL: the scratch databases restore made to check a dump, and did not drop. */
async function scratchDatabases(): Promise<string[]> {
  if (!ON_POSTGRES) return [];
  const sql = postgres(process.env.SHORTLINK_TEST_PG_ADMIN ?? '', { max: 1, onnotice: () => undefined });
  const rows = await sql<{ name: string }[]>`SELECT datname AS name FROM pg_database WHERE datname LIKE 'shortlink\_check\_%'`;
  await sql.end();
  return rows.map((row) => row.name);
}

/** Runs `sql` on a database of the project's kind (a data folder's file, or a URL). */
async function change(location: string, sql: string): Promise<void> {
  if (!ON_POSTGRES) {
    const db = new BetterSqlite3(join(location, 'service.sqlite'));
    db.exec(sql);
    db.close();
    return;
  }
  const db = postgres(location, { max: 1, onnotice: () => undefined });
  await db.unsafe(sql);
  await db.end();
}

/** A backup file of the database at `location`, made as the `backup` command makes it. */
async function backupOf(location: string, name: string): Promise<string> {
  const file = join(root, `${name}.${ON_POSTGRES ? 'dump' : 'sqlite'}`);
  await (ON_POSTGRES ? backupPostgres(location, file) : backupDatabase(location, file));
  return file;
}

/** What the `restore` command runs (without --replace). */
function restore(location: string, file: string): Promise<unknown> {
  return ON_POSTGRES ? restorePostgres(location, file, { replace: false }) : restoreDatabase(location, file);
}

/** A restore target: on SQLite a data folder holding workspace 'other'; on PostgreSQL a new, empty database. */
async function target(): Promise<{ location: string; before: () => Promise<unknown> }> {
  if (!ON_POSTGRES) {
    const location = await serviceDatabase('other');
    return { location, before: () => Promise.resolve(['other']) };
  }
  return { location: await emptyPostgres(), before: () => Promise.resolve([]) };
}

/** What the target holds: its workspaces (SQLite), or its tables (PostgreSQL: a refused restore leaves none). */
async function holds(location: string): Promise<unknown> {
  if (!ON_POSTGRES) {
    const db = new BetterSqlite3(join(location, 'service.sqlite'), { readonly: true });
    const rows = db.prepare('SELECT id FROM workspaces ORDER BY id').pluck().all();
    db.close();
    return rows;
  }
  const db = postgres(location, { max: 1, onnotice: () => undefined });
  const rows = await db<{ name: string }[]>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`;
  await db.end();
  return rows.map((row) => row.name);
}

const dialect = ON_POSTGRES ? 'postgres' : 'sqlite';
const RECORD = `CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_date TEXT NOT NULL);
  INSERT INTO schema_migrations VALUES ${migrationNames(dialect).map((name) => `('${name}', '2026-01-01')`).join(', ')};`;

describe(`restore checks the backup's schema (${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'})`, () => {
  it.skipIf(NO_PG_TOOLS)(`refuses a hollow database (the tables' names, not their columns) and changes nothing${SKIPPED_WITHOUT_TOOLS}`, async () => {
    const hollow = ON_POSTGRES ? await emptyPostgres() : mkdtempSync(join(root, 'hollow-'));
    await change(hollow, `${RECORD} CREATE TABLE links (x INTEGER);`);
    const file = await backupOf(hollow, 'hollow');
    const into = await target();
    const refused = await restore(into.location, file).then(() => 'restored', (error: Error) => error.message);
    expect(refused).toMatch(/ does not hold a Shortlink schema this version can run on: /);
    expect(refused).toMatch(/table links lacks columns [a-z_, ]*\bid\b/);
    expect(refused).toMatch(/table links has column the migrations do not make: x/);
    expect(refused).toMatch(/table workspaces is missing/);
    expect(refused).toMatch(/Nothing was replaced/);
    expect(await holds(into.location)).toEqual(await into.before());
    expect(await scratchDatabases()).toEqual([]);
  }, 60_000);

  it.skipIf(NO_PG_TOOLS)(`refuses a backup made by a newer version of the service${SKIPPED_WITHOUT_TOOLS}`, async () => {
    const newer = await serviceDatabase('newer');
    await change(newer, "INSERT INTO schema_migrations (name, applied_date) VALUES ('999-from-the-future.sql', '2027-01-01')");
    const file = await backupOf(newer, 'newer');
    const into = await target();
    await expect(restore(into.location, file)).rejects.toThrow(/records migrations this version does not know \(999-from-the-future\.sql\): it was made by a newer version of the service/);
    expect(await holds(into.location)).toEqual(await into.before());
  }, 60_000);

  it.skipIf(NO_PG_TOOLS)(`takes a backup from an older version and applies the newer migrations${SKIPPED_WITHOUT_TOOLS}`, async () => {
    const older = await serviceDatabase('older');
    const last = migrationNames(dialect).at(-1) ?? '';
    // Undo the last migration, as a database of the version before it was.
    // What undoes each dialect's newest migration; a new migration needs its line here.
    const undoes: Record<string, string> = {
      '007-compact-clicks.sql': `DROP VIEW click_rows; DROP TABLE clicks;
        DROP TABLE label_browsers; DROP TABLE label_devices; DROP TABLE label_platforms; DROP TABLE label_referrers; DROP TABLE label_places;
        DROP TRIGGER links_number; DROP INDEX links_by_seq; ALTER TABLE links DROP COLUMN seq;
        CREATE TABLE clicks (id INTEGER PRIMARY KEY, link_id TEXT NOT NULL REFERENCES links(id) ON DELETE CASCADE, at_ms INTEGER NOT NULL,
          browser TEXT NOT NULL, device TEXT NOT NULL, platform TEXT NOT NULL, country TEXT NOT NULL, state TEXT NOT NULL, city TEXT NOT NULL,
          referrer TEXT NOT NULL DEFAULT '');
        CREATE INDEX clicks_by_link_time ON clicks (link_id, at_ms)`,
      '009-compact-clicks.sql': `DROP VIEW click_rows; DROP TABLE clicks;
        DROP TABLE label_browsers, label_devices, label_platforms, label_referrers, label_places; ALTER TABLE links DROP CONSTRAINT links_seq_key;
        CREATE TABLE clicks (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, link_id TEXT COLLATE "C" NOT NULL REFERENCES links(id) ON DELETE CASCADE,
          at_ms BIGINT NOT NULL, browser TEXT COLLATE "C" NOT NULL, device TEXT COLLATE "C" NOT NULL, platform TEXT COLLATE "C" NOT NULL,
          country TEXT COLLATE "C" NOT NULL, state TEXT COLLATE "C" NOT NULL, city TEXT COLLATE "C" NOT NULL, referrer TEXT COLLATE "C" NOT NULL DEFAULT '');
        CREATE INDEX clicks_by_link_time ON clicks (link_id, at_ms)`,
      // After 009 the old-shape table is there (the service drops it once empty, as it was here) and click_rows reads it too.
      '010-click-partitions.sql': `DROP TABLE clicks CASCADE;
        CREATE TABLE clicks (at_ms BIGINT NOT NULL, link INTEGER NOT NULL REFERENCES links(seq) ON DELETE CASCADE, referrer INTEGER NOT NULL,
          place INTEGER NOT NULL, browser SMALLINT NOT NULL, device SMALLINT NOT NULL, platform SMALLINT NOT NULL);
        CREATE INDEX clicks_by_link ON clicks (link); CREATE INDEX clicks_by_time ON clicks USING brin (at_ms);
        CREATE TABLE clicks_legacy (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, link_id TEXT COLLATE "C" NOT NULL REFERENCES links(id) ON DELETE CASCADE,
          at_ms BIGINT NOT NULL, browser TEXT COLLATE "C" NOT NULL, device TEXT COLLATE "C" NOT NULL, platform TEXT COLLATE "C" NOT NULL,
          country TEXT COLLATE "C" NOT NULL, state TEXT COLLATE "C" NOT NULL, city TEXT COLLATE "C" NOT NULL, referrer TEXT COLLATE "C" NOT NULL DEFAULT '');
        CREATE INDEX clicks_legacy_by_link_time ON clicks_legacy (link_id, at_ms);
        CREATE VIEW click_rows AS SELECT l.id AS link_id, c.at_ms, b.name AS browser, d.name AS device, p.name AS platform,
          pl.country, pl.state, pl.city, r.origin AS referrer FROM clicks c JOIN links l ON l.seq = c.link
          JOIN label_browsers b ON b.id = c.browser JOIN label_devices d ON d.id = c.device JOIN label_platforms p ON p.id = c.platform
          JOIN label_referrers r ON r.id = c.referrer JOIN label_places pl ON pl.id = c.place
          UNION ALL SELECT link_id, at_ms, browser, device, platform, country, state, city, referrer FROM clicks_legacy`,
      '008-recent-hours.sql': 'DROP TABLE click_recent_hours',
      '011-recent-hours.sql': 'DROP TABLE click_recent_hours',
      '009-bot-clicks.sql': 'ALTER TABLE links DROP COLUMN bot_clicks; ALTER TABLE clicks DROP COLUMN bot',
      '012-bot-clicks.sql': 'ALTER TABLE links DROP COLUMN bot_clicks; ALTER TABLE clicks DROP COLUMN bot',
    };
    const undo = undoes[last];
    if (undo === undefined) throw new Error(`The test does not know how to undo ${last}: add it to undoes`);
    await change(older, `${undo}; DELETE FROM schema_migrations WHERE name = '${last}'`);
    const file = await backupOf(older, 'older');
    const into = await target();
    await restore(into.location, file);
    const db = await openDatabase(into.location);
    const workspaces = (await db.all<{ id: string }>('SELECT id FROM workspaces ORDER BY id')).map((row) => row.id);
    const migrated = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM schema_migrations WHERE name = ?', [last]);
    await db.close();
    expect(workspaces).toEqual(['older']);
    expect(Number(migrated?.n)).toBe(1);
  }, 60_000);
});
