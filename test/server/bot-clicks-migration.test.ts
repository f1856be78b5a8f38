/**
 * The migration that counts visits by bots apart (SQLite's 009-bot-clicks.sql,
 * PostgreSQL's 012) adds links.bot_clicks and the raw clicks' bot flag to
 * databases that hold clicks: every click stored before keeps its place and
 * stays a person's, as it was counted, and the clicks of the old shape still
 * waiting to be moved (legacy-clicks.ts) move as people's too.
 */
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { monthStart } from '../../server/clicks/click-partitions';
import { LEGACY_LABEL_INSERTS, LEGACY_MOVE, NO_CUTOFF } from '../../server/db/legacy-clicks';
import { applyPostgresMigrations } from '../../server/db/migrate-postgres';
import { migrateSqlite } from '../../server/db/migrate-sqlite';
import { migrationNames } from '../../server/db/migration-files';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';

const dialect = ON_POSTGRES ? 'postgres' : 'sqlite';
const MIGRATION = ON_POSTGRES ? '012-bot-clicks.sql' : '009-bot-clicks.sql';
const BEFORE = migrationNames(dialect).filter((name) => name < MIGRATION);
const HOUR = 3_600_000;

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

/** Link a with 3 clicks counted: 2 compact raw clicks and 1 of the old shape not yet moved. */
async function seed(raw: Raw, now: number): Promise<void> {
  await raw.run("INSERT INTO workspaces (id, created_date) VALUES ('ws1', '2026-01-01')");
  await raw.run(
    "INSERT INTO links (id, workspace_id, keyword, long_url, created_by, modified_by, created_date, total_clicks) VALUES ('a', 'ws1', 'a', 'https://example.com/a', 'test', 'test', '2026-01-01', 3)",
  );
  await raw.run("INSERT INTO label_browsers (name) VALUES ('Chrome')");
  await raw.run("INSERT INTO label_devices (name) VALUES ('Desktop')");
  await raw.run("INSERT INTO label_platforms (name) VALUES ('Linux')");
  await raw.run("INSERT INTO label_referrers (origin) VALUES ('')");
  await raw.run("INSERT INTO label_places (country, state, city) VALUES ('IN', 'Kerala', 'Kochi')");
  if (ON_POSTGRES) await raw.run(`CREATE TABLE clicks_earlier PARTITION OF clicks FOR VALUES FROM (MINVALUE) TO (${monthStart(now)})`);
  for (const atMs of [now - 2 * HOUR, now - HOUR]) {
    await raw.run(
      `INSERT INTO clicks (link, at_ms, browser, device, platform, referrer, place)
       SELECT l.seq, ?, b.id, d.id, p.id, r.id, pl.id FROM links l, label_browsers b, label_devices d, label_platforms p, label_referrers r, label_places pl
       WHERE l.id = 'a'`,
      [atMs],
    );
  }
  await raw.run(
    "INSERT INTO clicks_legacy (link_id, at_ms, browser, device, platform, country, state, city, referrer) VALUES ('a', ?, 'Firefox', 'Mobile', 'Android', 'IN', 'Goa', 'Panaji', '')",
    [now - 3 * HOUR],
  );
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
  it('keeps every click and count, each a person\'s, and the old-shape clicks move as people\'s', async () => {
    const now = Date.now();
    let links: { total_clicks: number | string; bot_clicks: number | string }[] = [];
    let flags: { at_ms: number | string; bot: number | boolean }[] = [];
    const walk = async (raw: Raw) => {
      await raw.migrate(BEFORE);
      await seed(raw, now);
      await raw.migrate([MIGRATION]);
      links = await raw.all("SELECT total_clicks, bot_clicks FROM links WHERE id = 'a'");
      // The background move's own statements, for the whole old table.
      for (const statement of LEGACY_LABEL_INSERTS) await raw.run(statement, [0, Number.MAX_SAFE_INTEGER, NO_CUTOFF]);
      await raw.run(LEGACY_MOVE, [0, Number.MAX_SAFE_INTEGER, NO_CUTOFF]);
      flags = await raw.all('SELECT at_ms, bot FROM clicks ORDER BY at_ms');
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
      folder = mkdtempSync(join(tmpdir(), 'shortlink-bot-clicks-'));
      const db = new BetterSqlite3(join(folder, 'service.sqlite'));
      try {
        await walk(sqliteRaw(db));
      } finally {
        db.close();
      }
    }
    expect(links.map((row) => [Number(row.total_clicks), Number(row.bot_clicks)])).toEqual([[3, 0]]);
    expect(flags.map((row) => [Number(row.at_ms), Number(row.bot)])).toEqual([
      [now - 3 * HOUR, 0],
      [now - 2 * HOUR, 0],
      [now - HOUR, 0],
    ]);
  });
});
