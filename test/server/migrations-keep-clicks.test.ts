/**
 * Every schema a database may have been left in by an earlier version, with
 * rows in it, upgraded by the service as it starts (openDatabase applies the
 * migrations it lacks), the background move of old-shape clicks run to its
 * end, and then every click counted: none may be lost. The schemas are each
 * prefix of today's migrations, and the ones that released migrations since
 * changed made (the files in released-migrations/): PostgreSQL's 009 that
 * copied the stored clicks into the compact table, alone and followed by the
 * 010 that attached that table as a partition, and SQLite's 007 that copied
 * them likewise. Rows are written after every step of a path, in the shape the
 * schema has at that point, so a later migration meets clicks of every shape.
 */
import BetterSqlite3 from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { createClickRecorder } from '../../server/clicks/click-recorder';
import { createClickWriter } from '../../server/clicks/click-writer';
import { legacyPresent } from '../../server/db/legacy-clicks';
import { applyPostgresMigrations } from '../../server/db/migrate-postgres';
import { migrateSqlite } from '../../server/db/migrate-sqlite';
import { migrationNames } from '../../server/db/migration-files';
import { openDatabase } from '../../server/db/open';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';

const dialect = ON_POSTGRES ? 'postgres' : 'sqlite';
const NAMES = migrationNames(dialect);
const FIXTURES = fileURLToPath(new URL('./released-migrations/', import.meta.url));

/** A step of a database's history: some of today's migrations, or a migration as an earlier commit released it. */
type Step = { files: string[] } | { released: string; as: string };

interface History {
  label: string;
  steps: Step[];
}

const upTo = (prefix: string) => NAMES.filter((name) => name < prefix);

const HISTORIES: History[] = [
  ...NAMES.slice(0, -1).map((last, i) => ({ label: `today's migrations up to ${last}`, steps: NAMES.slice(0, i + 1).map((name) => ({ files: [name] })) })),
  ...(ON_POSTGRES
    ? [
        {
          label: '001-008, then 009 as commit c315d2b released it (clicks copied into the compact table)',
          steps: [...upTo('009').map((name) => ({ files: [name] })), { released: 'postgres-009-compact-clicks.c315d2b.sql', as: '009-compact-clicks.sql' }],
        },
        {
          label: '001-008, 009 of c315d2b and 010 of 8dbad13 (the compact table attached as a partition)',
          steps: [
            ...upTo('009').map((name) => ({ files: [name] })),
            { released: 'postgres-009-compact-clicks.c315d2b.sql', as: '009-compact-clicks.sql' },
            { released: 'postgres-010-click-partitions.8dbad13.sql', as: '010-click-partitions.sql' },
          ],
        },
      ]
    : [
        {
          label: '001-006, then 007 as commit c315d2b released it (clicks copied into the compact table)',
          steps: [...upTo('007').map((name) => ({ files: [name] })), { released: 'sqlite-007-compact-clicks.c315d2b.sql', as: '007-compact-clicks.sql' }],
        },
      ]),
];

/** The few statements a history needs, on a SQLite file or in one PostgreSQL transaction; `?` placeholders. */
interface Raw {
  exec(text: string): Promise<void>;
  all<T>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(names: string[]): Promise<void>;
}

function sqliteRaw(db: BetterSqlite3.Database): Raw {
  return {
    exec: async (text) => void db.exec(text),
    all: async <T>(text: string, params: unknown[] = []) => {
      const statement = db.prepare(text);
      return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
    },
    migrate: async (names) => migrateSqlite(db, names),
  };
}

function postgresRaw(tx: postgres.TransactionSql): Raw {
  const numbered = (text: string) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${(n += 1)}`);
  };
  return {
    exec: async (text) => void (await tx.unsafe(text)),
    all: async <T>(text: string, params: unknown[] = []) => (await tx.unsafe(numbered(text), params as postgres.ParameterOrJSON<never>[])) as unknown as T[],
    migrate: (names) => applyPostgresMigrations(tx, names),
  };
}

async function columns(raw: Raw, table: string): Promise<string[]> {
  const rows = ON_POSTGRES
    ? await raw.all<{ name: string }>('SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?', [table])
    : await raw.all<{ name: string }>('SELECT name FROM pragma_table_info(?)', [table]);
  return rows.map((row) => row.name);
}

/** A click as written: its link and time; the labels follow from its number. */
interface Written {
  link: string;
  atMs: number;
}

const LINKS = ['a', 'b', 'c'];
const PER_SEED = 12;
const T0 = Date.parse('2026-03-05T08:00:00Z');

/**
 * Writes links (once) and `PER_SEED` clicks where this schema keeps them: the
 * old shape into `clicks` or `clicks_legacy`, the compact shape (labels by id)
 * into a compact `clicks`. Seed `seed` has times of its own, so every click is
 * told apart.
 */
async function seed(raw: Raw, seedNumber: number, written: Written[]): Promise<void> {
  const linkColumns = await columns(raw, 'links');
  if (linkColumns.length === 0) return;
  if ((await raw.all('SELECT id FROM links')).length === 0) {
    await raw.all("INSERT INTO workspaces (id, created_date) VALUES ('ws1', '2026-01-01')");
    for (const id of LINKS) {
      await raw.all('INSERT INTO links (id, workspace_id, keyword, long_url, created_by, modified_by, created_date) VALUES (?, ?, ?, ?, ?, ?, ?)', [
        id, 'ws1', id, `https://example.com/${id}`, 'test', 'test', '2026-01-01T00:00:00.000Z',
      ]);
    }
  }
  const targets: { table: string; compact: boolean }[] = [];
  if ((await columns(raw, 'clicks_legacy')).length > 0) targets.push({ table: 'clicks_legacy', compact: false });
  const clickColumns = await columns(raw, 'clicks');
  if (clickColumns.includes('link_id')) targets.push({ table: 'clicks', compact: false });
  if (clickColumns.includes('link')) targets.push({ table: 'clicks', compact: true });
  for (const [t, target] of targets.entries()) {
    for (let i = 0; i < PER_SEED; i += 1) {
      const click = { link: LINKS[i % 3] as string, atMs: T0 + seedNumber * 86_400_000 + t * 7_200_000 + i * 60_000 };
      const labels = { browser: ['Chrome', 'Firefox'][i % 2] as string, device: 'Desktop', platform: 'Linux', country: 'IN', state: 'Kerala', city: 'Kochi', referrer: i % 3 === 0 ? '' : 'https://t.co' };
      if (!target.compact) {
        await raw.all(`INSERT INTO ${target.table} (link_id, at_ms, browser, device, platform, country, state, city, referrer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
          click.link, click.atMs, labels.browser, labels.device, labels.platform, labels.country, labels.state, labels.city, labels.referrer,
        ]);
      } else {
        const id = async (table: string, column: string, value: string) => {
          await raw.all(`INSERT INTO ${table} (${column}) VALUES (?) ON CONFLICT DO NOTHING`, [value]);
          return Number((await raw.all<{ id: number }>(`SELECT id FROM ${table} WHERE ${column} = ?`, [value]))[0]?.id);
        };
        await raw.all('INSERT INTO label_places (country, state, city) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [labels.country, labels.state, labels.city]);
        const place = Number((await raw.all<{ id: number }>('SELECT id FROM label_places WHERE country = ? AND state = ? AND city = ?', [labels.country, labels.state, labels.city]))[0]?.id);
        const seq = Number((await raw.all<{ seq: number }>('SELECT seq FROM links WHERE id = ?', [click.link]))[0]?.seq);
        await raw.all('INSERT INTO clicks (link, at_ms, browser, device, platform, referrer, place) VALUES (?, ?, ?, ?, ?, ?, ?)', [
          seq, click.atMs, await id('label_browsers', 'name', labels.browser), await id('label_devices', 'name', labels.device),
          await id('label_platforms', 'name', labels.platform), await id('label_referrers', 'origin', labels.referrer), place,
        ]);
      }
      written.push(click);
    }
  }
}

/** Builds the database of a history at `where`, with rows after every step; returns the clicks written. */
async function build(where: TestLocation, history: History): Promise<Written[]> {
  const written: Written[] = [];
  const walk = async (raw: Raw) => {
    for (const [n, step] of history.steps.entries()) {
      if ('files' in step) {
        await raw.migrate(step.files);
      } else {
        await raw.exec(readFileSync(join(FIXTURES, step.released), 'utf8'));
        await raw.all('INSERT INTO schema_migrations (name, applied_date) VALUES (?, ?)', [step.as, '2026-11-26T10:00:00.000Z']);
      }
      await seed(raw, n, written);
    }
  };
  if (!ON_POSTGRES) {
    const db = new BetterSqlite3(join(where.location, 'service.sqlite'));
    try {
      db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_date TEXT NOT NULL)');
      await walk(sqliteRaw(db));
    } finally {
      db.close();
    }
    return written;
  }
  const sql = postgres(where.location, { max: 1, onnotice: () => undefined });
  try {
    await sql.begin(async (tx) => {
      // The test cluster's databases come migrated: start again from an empty schema.
      await tx.unsafe('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      await tx.unsafe('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_date TEXT NOT NULL)');
      await walk(postgresRaw(tx));
    });
  } finally {
    await sql.end();
  }
  return written;
}

let where: TestLocation | undefined;
afterEach(async () => {
  await where?.remove();
  where = undefined;
});

describe(`upgrading every earlier schema keeps every click (${dialect})`, () => {
  it.each(HISTORIES.map((history) => [history.label, history] as const))('from %s', async (_label, history) => {
    where = await testLocation();
    const written = await build(where, history);
    if (history.steps.length > 1) expect(written.length).toBeGreaterThan(0);

    const db = await openDatabase(where.location);
    try {
      const applied = (await db.all<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((row) => row.name);
      expect(applied).toEqual(NAMES);
      // The background move of old-shape clicks, run to its end (retention 0 moves, prunes nothing).
      const recorder = createClickRecorder(db, { retentionDays: 0, pruneBatch: 10, thread: 'main', log: () => undefined });
      try {
        await recorder.prune!(Date.now());
      } finally {
        await recorder.close();
      }
      expect(await legacyPresent(db)).toBe(false);
      const rows = await db.all<{ link_id: string; at_ms: number | string }>('SELECT link_id, at_ms FROM click_rows');
      const found = rows.map((row) => `${row.link_id} ${Number(row.at_ms)}`).sort();
      expect(found).toEqual(written.map((click) => `${click.link} ${click.atMs}`).sort());
      expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM clicks'))?.n)).toBe(written.length);
      expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM links'))?.n)).toBe(3);
      // And the upgraded database takes new clicks.
      const now = Date.now();
      expect(await createClickWriter(db)([
        { linkId: 'a', atMs: now, browser: 'Chrome', device: 'Mobile', platform: 'Android', country: 'IN', state: 'Kerala', city: 'Kochi', referrer: '' },
      ])).toBe(1);
      expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM click_rows'))?.n)).toBe(written.length + 1);
    } finally {
      await db.close();
    }
  }, 60_000);
});
