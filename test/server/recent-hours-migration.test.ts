/**
 * The migration that adds the rollup of clicks per UTC hour (SQLite's
 * 008-recent-hours.sql, PostgreSQL's 011) fills it from the raw clicks of the
 * last 62 days, of both shapes (the compact table and the old-shape one
 * still being moved), so days in the reader's zone are right from the first
 * answer after the upgrade. Older clicks are left out.
 */
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { monthStart } from '../../server/clicks/click-partitions';
import { applyPostgresMigrations } from '../../server/db/migrate-postgres';
import { migrateSqlite } from '../../server/db/migrate-sqlite';
import { migrationNames } from '../../server/db/migration-files';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';

const dialect = ON_POSTGRES ? 'postgres' : 'sqlite';
const MIGRATION = ON_POSTGRES ? '011-recent-hours.sql' : '008-recent-hours.sql';
const BEFORE = migrationNames(dialect).filter((name) => name < MIGRATION);
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The statements the test needs, on SQLite or in one PostgreSQL transaction; `?` placeholders. */
interface Raw {
  run(text: string, params?: unknown[]): Promise<void>;
  all<T>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(names: string[]): Promise<void>;
}

function sqliteRaw(db: BetterSqlite3.Database): Raw {
  return {
    run: async (text, params = []) => void db.prepare(text).run(...params),
    all: async <T>(text: string, params: unknown[] = []) => db.prepare(text).all(...params) as T[],
    migrate: async (names) => migrateSqlite(db, names),
  };
}

function postgresRaw(tx: postgres.TransactionSql): Raw {
  const numbered = (text: string) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${(n += 1)}`);
  };
  return {
    run: async (text, params = []) => void (await tx.unsafe(numbered(text), params as postgres.ParameterOrJSON<never>[])),
    all: async <T>(text: string, params: unknown[] = []) => (await tx.unsafe(numbered(text), params as postgres.ParameterOrJSON<never>[])) as unknown as T[],
    migrate: (names) => applyPostgresMigrations(tx, names),
  };
}

/** An old-shape raw click (text labels) and a compact one (label ids), for links a and b. */
async function seed(raw: Raw, now: number): Promise<void> {
  await raw.run("INSERT INTO workspaces (id, created_date) VALUES ('ws1', '2026-01-01')");
  for (const id of ['a', 'b']) {
    await raw.run("INSERT INTO links (id, workspace_id, keyword, long_url, created_by, modified_by, created_date) VALUES (?, 'ws1', ?, ?, 'test', 'test', '2026-01-01')", [
      id, id, `https://example.com/${id}`,
    ]);
  }
  const legacy = async (link: string, atMs: number, device: string) =>
    raw.run(
      "INSERT INTO clicks_legacy (link_id, at_ms, browser, device, platform, country, state, city, referrer) VALUES (?, ?, 'Chrome', ?, 'Linux', 'IN', 'Kerala', 'Kochi', '')",
      [link, atMs, device],
    );
  // Two clicks in one hour, two hours back.
  const twoHoursBack = (Math.floor(now / HOUR) - 2) * HOUR;
  await legacy('a', twoHoursBack + 60_000, 'Mobile');
  await legacy('a', twoHoursBack + 120_000, 'Mobile');
  await legacy('a', now - 70 * DAY, 'Mobile');

  await raw.run("INSERT INTO label_browsers (name) VALUES ('Chrome')");
  await raw.run("INSERT INTO label_devices (name) VALUES ('Desktop')");
  await raw.run("INSERT INTO label_platforms (name) VALUES ('Linux')");
  await raw.run("INSERT INTO label_referrers (origin) VALUES ('')");
  await raw.run("INSERT INTO label_places (country, state, city) VALUES ('IN', 'Kerala', 'Kochi')");
  // The months before this one have no partition yet on PostgreSQL: one for all of them.
  if (ON_POSTGRES) await raw.run(`CREATE TABLE clicks_earlier PARTITION OF clicks FOR VALUES FROM (MINVALUE) TO (${monthStart(now)})`);
  const compact = async (atMs: number) =>
    raw.run(
      `INSERT INTO clicks (link, at_ms, browser, device, platform, referrer, place)
       SELECT l.seq, ?, b.id, d.id, p.id, r.id, pl.id FROM links l, label_browsers b, label_devices d, label_platforms p, label_referrers r, label_places pl
       WHERE l.id = 'b'`,
      [atMs],
    );
  await compact(now - 61 * DAY);
  await compact(now - 63 * DAY);
}

let where: TestLocation | undefined;
let folder: string | undefined;
afterEach(async () => {
  await where?.remove();
  where = undefined;
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe(`${MIGRATION} (${dialect})`, () => {
  it('fills the rollup from the raw clicks of the last 62 days, of both shapes', async () => {
    const now = Date.now();
    let rows: { link_id: string; hour: number; device: string; clicks: number }[] = [];
    const walk = async (raw: Raw) => {
      await raw.migrate(BEFORE);
      await seed(raw, now);
      await raw.migrate([MIGRATION]);
      rows = await raw.all('SELECT link_id, hour, device, clicks FROM click_recent_hours ORDER BY link_id, hour');
    };
    if (ON_POSTGRES) {
      where = await testLocation();
      const sql = postgres(where.location, { max: 1, onnotice: () => undefined });
      try {
        await sql.begin(async (tx) => {
          // The test cluster's databases come migrated: start again from an empty schema.
          await tx.unsafe('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
          await walk(postgresRaw(tx));
        });
      } finally {
        await sql.end();
      }
    } else {
      folder = mkdtempSync(join(tmpdir(), 'shortlink-recent-'));
      const db = new BetterSqlite3(join(folder, 'service.sqlite'));
      try {
        await walk(sqliteRaw(db));
      } finally {
        db.close();
      }
    }
    expect(rows.map((row) => [row.link_id, Number(row.hour), row.device, Number(row.clicks)])).toEqual([
      ['a', Math.floor(now / HOUR) - 2, 'Mobile', 2],
      ['b', Math.floor((now - 61 * DAY) / HOUR), 'Desktop', 1],
    ]);
  });
});
