/**
 * The migrations of raw clicks, run on a copy of a database that holds
 * clicks in the shape before them (text link ids and labels, with their
 * rollups): compact rows (007-compact-clicks.sql, PostgreSQL's 009) and, on
 * PostgreSQL, the monthly partitions that follow. The migration is the short
 * step of docs/scaling.md: it copies no click (the old rows wait in
 * clicks_legacy, and nothing reads them to learn labels); new clicks go to
 * the compact table at once. The pruning pass then moves the old rows in
 * batches, and every click is kept exactly once, read through the view
 * click_rows and by export while the move runs and after it, with analytics
 * the same throughout.
 */
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { computeAnalytics } from '../../server/analytics/compute';
import { listClickPartitions, monthStart } from '../../server/clicks/click-partitions';
import { createClickRecorder } from '../../server/clicks/click-recorder';
import { createClickWriter } from '../../server/clicks/click-writer';
import { exportClicks } from '../../server/clicks/export-clicks';
import { createPostgresPruner } from '../../server/clicks/prune-postgres';
import { retentionCutoff, type ClickPruner } from '../../server/clicks/prune-schedule';
import { createSqlitePruner } from '../../server/clicks/prune-sqlite';
import type { ClickRow } from '../../server/clicks/click-row';
import { legacyPresent, NO_CUTOFF } from '../../server/db/legacy-clicks';
import { applyPostgresMigrations } from '../../server/db/migrate-postgres';
import { migrateSqlite } from '../../server/db/migrate-sqlite';
import { migrationNames } from '../../server/db/migration-files';
import { openDatabase, type Database } from '../../server/db/open';
import type { Sql } from '../../server/db/sql';
import { backupDatabase, restoreDatabase } from '../../server/ops/backup';
import { backupPostgres, restorePostgres } from '../../server/ops/backup-postgres';
import { NO_PG_TOOLS, SKIPPED_WITHOUT_TOOLS } from './backup-fixture';
import { seedLink } from './clicks-fixtures';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';

const dialect = ON_POSTGRES ? 'postgres' : 'sqlite';
/** The migrations before compact rows: the shape a database of the version before had. */
const BEFORE = migrationNames(dialect).filter((name) => name < (ON_POSTGRES ? '009' : '007'));

const T0 = Date.parse('2026-03-05T08:00:00Z');
const LABELS = {
  browser: ['Chrome', 'Firefox', 'Safari', 'Samsung Internet for Android'],
  device: ['Desktop', 'Mobile', 'Tablet', 'Unknown'],
  platform: ['Windows', 'Android', 'iOS', 'macOS', 'Linux'],
  place: [['IN', 'Maharashtra', 'Mumbai'], ['BR', 'São Paulo', 'São Paulo'], ['Unknown', 'Unknown', 'Unknown'], ['DE', 'Berlin', 'Berlin']],
  referrer: ['', 'https://news.example', 'android-app://com.google.android.gm/', 'https://t.co'],
};

/** Old-shape clicks: `n` over about 300 days, on links a, b and c. */
function oldClicks(n: number): ClickRow[] {
  return Array.from({ length: n }, (_, i) => {
    const place = LABELS.place[i % LABELS.place.length] as string[];
    return {
      linkId: ['a', 'b', 'c'][i % 3] as string,
      atMs: T0 + i * 52_000_003,
      browser: LABELS.browser[i % 4] as string,
      device: LABELS.device[(i >> 1) % 4] as string,
      platform: LABELS.platform[i % 5] as string,
      country: place[0] as string, state: place[1] as string, city: place[2] as string,
      referrer: LABELS.referrer[(i >> 2) % 4] as string,
    };
  });
}

const sortRows = (rows: ClickRow[]) => [...rows].sort((x, y) => x.linkId.localeCompare(y.linkId) || x.atMs - y.atMs);

const OLD_INSERT = `INSERT INTO clicks (link_id, at_ms, browser, device, platform, country, state, city, referrer)`;

/** The rollups and totals of the old clicks, as the recorder of that version kept them beside the raw rows. */
const OLD_ROLLUPS = [
  'INSERT INTO click_daily (link_id, day, device, platform, clicks) SELECT link_id, at_ms / 86400000, device, platform, COUNT(*) FROM clicks GROUP BY 1, 2, 3, 4',
  'INSERT INTO click_hours (link_id, hour, clicks) SELECT link_id, (at_ms / 3600000) % 24, COUNT(*) FROM clicks GROUP BY 1, 2',
  'INSERT INTO click_browsers (link_id, browser, clicks) SELECT link_id, browser, COUNT(*) FROM clicks GROUP BY 1, 2',
  'INSERT INTO click_places (link_id, country, state, city, clicks) SELECT link_id, country, state, city, COUNT(*) FROM clicks GROUP BY 1, 2, 3, 4',
  'UPDATE links SET total_clicks = (SELECT COUNT(*) FROM clicks WHERE clicks.link_id = links.id)',
];

/** A database at the version before compact rows, holding links a, b, c and `clicks` in the old shape. */
async function oldDatabase(where: TestLocation, clicks: ClickRow[]): Promise<void> {
  const links = ['a', 'b', 'c'].map((id) => [id, 'ws1', id, `https://example.com/${id}`, 'test', 'test', '2026-01-01T00:00:00.000Z']);
  if (!ON_POSTGRES) {
    const db = new BetterSqlite3(join(where.location, 'service.sqlite'));
    migrateSqlite(db, BEFORE);
    db.prepare("INSERT INTO workspaces (id, created_date) VALUES ('ws1', '2026-01-01')").run();
    const link = db.prepare('INSERT INTO links (id, workspace_id, keyword, long_url, created_by, modified_by, created_date) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (const row of links) link.run(row);
    const click = db.prepare(`${OLD_INSERT} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    db.transaction(() => {
      for (const c of clicks) click.run(c.linkId, c.atMs, c.browser, c.device, c.platform, c.country, c.state, c.city, c.referrer);
      for (const text of OLD_ROLLUPS) db.exec(text);
    })();
    db.close();
    return;
  }
  const sql = postgres(where.location, { max: 1, onnotice: () => undefined });
  try {
    await sql.begin(async (tx) => {
      // The test cluster's databases come migrated: start again from an empty schema.
      await tx.unsafe('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      await applyPostgresMigrations(tx, BEFORE);
      await tx.unsafe("INSERT INTO workspaces (id, created_date) VALUES ('ws1', '2026-01-01')");
      for (const row of links) {
        await tx.unsafe('INSERT INTO links (id, workspace_id, keyword, long_url, created_by, modified_by, created_date) VALUES ($1, $2, $3, $4, $5, $6, $7)', row);
      }
      for (const c of clicks) {
        await tx.unsafe(`${OLD_INSERT} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
          c.linkId, c.atMs, c.browser, c.device, c.platform, c.country, c.state, c.city, c.referrer,
        ]);
      }
      for (const text of OLD_ROLLUPS) await tx.unsafe(text);
    });
  } finally {
    await sql.end();
  }
}

const count = async (db: Sql, table: string) => Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n);

/** Every raw click as click_rows reads it, sorted. */
async function readBack(db: Sql): Promise<ClickRow[]> {
  const rows = await db.all<Record<string, string | number>>('SELECT link_id, at_ms, browser, device, platform, country, state, city, referrer FROM click_rows');
  return sortRows(rows.map((r): ClickRow => ({
    linkId: String(r.link_id), atMs: Number(r.at_ms), browser: String(r.browser), device: String(r.device), platform: String(r.platform),
    country: String(r.country), state: String(r.state), city: String(r.city), referrer: String(r.referrer),
  })));
}

/** The exported clicks (NDJSON) as (link, time) pairs, sorted. */
async function exported(location: string): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'shortlink-migration-export-'));
  try {
    const file = join(folder, 'clicks.ndjson');
    await exportClicks({ location, file, format: 'ndjson', sinceMs: null, untilMs: null, links: { publicUrl: 'https://sho.rt', trustDomains: false } });
    return readFileSync(file, 'utf8').trim().split('\n').map((text) => {
      const row = JSON.parse(text) as { linkId: string; time: string };
      return `${row.linkId} ${row.time}`;
    }).sort();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const pairs = (rows: ClickRow[]) => rows.map((c) => `${c.linkId} ${new Date(c.atMs).toISOString()}`).sort();

/** A pruner of the database, driven step by step (SQLite's on a connection of its own, as the writer thread has). */
function pruner(where: TestLocation, db: Database): { pruner: ClickPruner; close(): void } {
  if (ON_POSTGRES) return { pruner: createPostgresPruner(db), close: () => undefined };
  const native = new BetterSqlite3(join(where.location, 'service.sqlite'));
  native.pragma('busy_timeout = 5000');
  native.pragma('foreign_keys = ON');
  return { pruner: createSqlitePruner(native), close: () => native.close() };
}

const NOW = new Date('2026-11-26T12:00:00Z');
const analyticsOf = async (db: Sql, links: string[]) => Promise.all(links.map((id) => computeAnalytics(db, id, NOW)));

let where: TestLocation | undefined;
let into: TestLocation | undefined;
afterEach(async () => {
  await where?.remove();
  await into?.remove();
  where = undefined;
  into = undefined;
});

describe(`raw clicks migrated to compact rows on a copy with data (${dialect})`, () => {
  it('the migration copies no click; the background move then keeps every click exactly once, with analytics unchanged', async () => {
    where = await testLocation();
    const clicks = oldClicks(600);
    await oldDatabase(where, clicks);

    const db = await openDatabase(where.location);
    const stepper = pruner(where, db);
    try {
      // The short step: no click copied, no label learned (nothing read the old rows), the old table kept whole.
      expect(await count(db, 'clicks')).toBe(0);
      expect(await count(db, 'clicks_legacy')).toBe(600);
      for (const table of ['label_browsers', 'label_devices', 'label_platforms', 'label_referrers', 'label_places']) expect(await count(db, table)).toBe(0);
      expect(await readBack(db)).toEqual(sortRows(clicks));
      const numbers = (await db.all<{ seq: number }>('SELECT seq FROM links ORDER BY seq')).map((r) => Number(r.seq));
      expect(new Set(numbers).size).toBe(3);

      // New clicks go to the compact table at once, for a link made after the migration and an old one.
      await seedLink(db, { id: 'd', keyword: 'd', longUrl: 'https://example.com/d' });
      const fresh: ClickRow[] = [
        { linkId: 'd', atMs: NOW.getTime() - 5000, browser: 'Opera', device: 'Desktop', platform: 'Windows', country: 'FR', state: 'Île-de-France', city: 'Paris', referrer: '' },
        { linkId: 'a', atMs: NOW.getTime() - 4000, browser: 'Chrome', device: 'Mobile', platform: 'Android', country: 'IN', state: 'Maharashtra', city: 'Mumbai', referrer: 'https://t.co' },
      ];
      expect(await createClickWriter(db)(fresh)).toBe(2);
      expect(await count(db, 'clicks')).toBe(2);
      expect(await db.get("SELECT browser, city, referrer FROM click_rows WHERE link_id = 'd'")).toEqual({ browser: 'Opera', city: 'Paris', referrer: '' });
      const all = sortRows([...clicks, ...fresh]);
      const analytics = await analyticsOf(db, ['a', 'b', 'c', 'd']);

      // Part of the move (two batches of 100), as a pass that stopped leaves it: each click in one table only.
      expect(await stepper.pruner.claim(Date.now(), NO_CUTOFF, true)).toBe(true);
      for (let i = 0; i < 2; i += 1) expect(await stepper.pruner.step(NO_CUTOFF, 100)).toEqual({ deleted: 0, moved: 100, done: false });
      await stepper.pruner.finish(NO_CUTOFF);
      expect(await count(db, 'clicks_legacy')).toBe(400);
      expect(await count(db, 'clicks')).toBe(202);
      expect(await readBack(db)).toEqual(all);
      expect(await exported(where.location)).toEqual(pairs(all));
      expect(await analyticsOf(db, ['a', 'b', 'c', 'd'])).toEqual(analytics);

      // Deleting a link mid-move deletes its raw clicks in both tables.
      await db.run("DELETE FROM links WHERE id = 'b'");
      const kept = all.filter((c) => c.linkId !== 'b');
      expect(await readBack(db)).toEqual(kept);

      // The rest (ids after the first 200, b's gone) moves in the recorder's pass, with retention 0 (moving only); the old table goes once empty.
      const recorder = createClickRecorder(db, { retentionDays: 0, pruneBatch: 50, thread: 'main', log: () => undefined });
      try {
        const result = await recorder.prune!(NOW.getTime());
        expect(result).toMatchObject({ ran: true, deleted: 0, moved: clicks.slice(200).filter((c) => c.linkId !== 'b').length });
        expect(result.batches).toBeGreaterThan(1);
        expect(await legacyPresent(db)).toBe(false);
        expect(await recorder.prune!(NOW.getTime())).toMatchObject({ ran: false, moved: 0 });
      } finally {
        await recorder.close();
      }
      expect(await count(db, 'clicks')).toBe(kept.length);
      expect(await readBack(db)).toEqual(kept);
      expect(await exported(where.location)).toEqual(pairs(kept));
      // Each label once; analytics exactly as before the move (b's are gone with b).
      expect(await count(db, 'label_browsers')).toBe(5);
      expect(await count(db, 'label_places')).toBe(5);
      expect(await count(db, 'label_referrers')).toBe(4);
      const [a, , c, d] = analytics;
      expect(await analyticsOf(db, ['a', 'c', 'd'])).toEqual([a, c, d]);
      if (ON_POSTGRES) {
        // The moved clicks are in the months they fall in: a partition for every month from the first click's on.
        const partitions = await listClickPartitions(db);
        for (let month = monthStart(T0); month <= monthStart(Math.max(...kept.map((k) => k.atMs))); month = Date.UTC(new Date(month).getUTCFullYear(), new Date(month).getUTCMonth() + 1, 1)) {
          expect(partitions.some((p) => p.from === month)).toBe(true);
        }
      }
    } finally {
      stepper.close();
      await db.close();
    }
  }, 60_000);

  it('one of two instances moves the old clicks; those past retention are dropped instead of moved, analytics kept', async () => {
    where = await testLocation();
    const clicks = oldClicks(600);
    await oldDatabase(where, clicks);
    const first = await openDatabase(where.location);
    const second = await openDatabase(where.location);
    const recorders = [first, second].map((db) => createClickRecorder(db, { retentionDays: 30, pruneBatch: 64, thread: 'main', log: () => undefined }));
    try {
      const analytics = await analyticsOf(first, ['a', 'b', 'c']);
      const nowMs = Date.parse('2026-09-10T12:00:00Z');
      const cutoff = retentionCutoff(nowMs, 30);
      const young = clicks.filter((c) => c.atMs >= cutoff);
      const results = await Promise.all(recorders.map((recorder) => recorder.prune!(nowMs)));
      expect(results.map((r) => r.ran).sort()).toEqual([false, true]);
      const ran = results.find((r) => r.ran);
      expect(ran).toMatchObject({ moved: young.length, deleted: clicks.length - young.length });
      expect(await legacyPresent(first)).toBe(false);
      expect(await readBack(first)).toEqual(sortRows(young));
      expect(await analyticsOf(second, ['a', 'b', 'c'])).toEqual(analytics);
    } finally {
      for (const recorder of recorders) await recorder.close();
      await second.close();
      await first.close();
    }
  }, 60_000);

  it.skipIf(NO_PG_TOOLS)(`a backup taken mid-move restores with its old-shape clicks, and the move goes on there${SKIPPED_WITHOUT_TOOLS}`, async () => {
    where = await testLocation();
    const clicks = oldClicks(300);
    await oldDatabase(where, clicks);
    const db = await openDatabase(where.location);
    const stepper = pruner(where, db);
    const folder = mkdtempSync(join(tmpdir(), 'shortlink-migration-backup-'));
    try {
      expect(await stepper.pruner.claim(Date.now(), NO_CUTOFF, true)).toBe(true);
      expect(await stepper.pruner.step(NO_CUTOFF, 100)).toEqual({ deleted: 0, moved: 100, done: false });
      await stepper.pruner.finish(NO_CUTOFF);
      const file = join(folder, ON_POSTGRES ? 'mid.dump' : 'mid.sqlite');
      await (ON_POSTGRES ? backupPostgres(where.location, file) : backupDatabase(where.location, file));

      // The target: on PostgreSQL a database only migrated (its clicks_legacy empty, as migrations leave it).
      into = await testLocation();
      await (ON_POSTGRES ? restorePostgres(into.location, file, { replace: false }) : restoreDatabase(into.location, file));
      const restored = await openDatabase(into.location);
      try {
        expect(await count(restored, 'clicks_legacy')).toBe(200);
        expect(await readBack(restored)).toEqual(sortRows(clicks));
        const recorder = createClickRecorder(restored, { retentionDays: 0, thread: 'main', log: () => undefined });
        try {
          expect(await recorder.prune!(NOW.getTime())).toMatchObject({ ran: true, moved: 200 });
        } finally {
          await recorder.close();
        }
        expect(await legacyPresent(restored)).toBe(false);
        expect(await readBack(restored)).toEqual(sortRows(clicks));
      } finally {
        await restored.close();
      }
    } finally {
      stepper.close();
      await db.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
