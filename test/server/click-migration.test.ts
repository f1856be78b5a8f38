/**
 * The migrations of raw clicks, run on a database that holds clicks in the
 * shape before them (text link ids and labels): compact rows
 * (007-compact-clicks.sql, PostgreSQL's 009) and, on PostgreSQL, the monthly
 * partitions that follow. Every click is still there with every dimension,
 * read through the view click_rows, and the service writes and deletes on it.
 */
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { listClickPartitions, partitionName } from '../../server/clicks/click-partitions';
import { createClickRecorder } from '../../server/clicks/click-recorder';
import { createClickWriter } from '../../server/clicks/click-writer';
import { retentionCutoff } from '../../server/clicks/prune-schedule';
import type { ClickRow } from '../../server/clicks/click-row';
import { applyPostgresMigrations } from '../../server/db/migrate-postgres';
import { migrateSqlite } from '../../server/db/migrate-sqlite';
import { migrationNames } from '../../server/db/migration-files';
import { openDatabase, type Database } from '../../server/db/open';
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
    });
  } finally {
    await sql.end();
  }
}

/**
 * PostgreSQL: the rows stored before became one partition, from MINVALUE to the month after the
 * latest of them (they run into 2027), monthly ones after it; pruning deletes its old rows in
 * batches while the cutoff falls inside it, and drops it whole once the cutoff passes its end.
 */
async function checkPartitions(db: Database, stored: ClickRow[]): Promise<void> {
  const latest = Math.max(...stored.map((c) => c.atMs));
  const end = Date.UTC(new Date(latest).getUTCFullYear(), new Date(latest).getUTCMonth() + 1, 1);
  const partitions = await listClickPartitions(db);
  const before = partitions[0];
  expect(before).toMatchObject({ name: partitionName(end).replace('clicks_', 'clicks_before_'), from: -Infinity, to: end });
  // Monthly partitions (if any: the rows run past the months made ahead) start where it ends.
  for (const later of partitions.slice(1)) expect(later.from).toBeGreaterThanOrEqual(end);
  const inBefore = Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${before?.name}`))?.n);
  expect(inBefore).toBe(stored.length + 2); // and the two written after the migration

  const recorder = createClickRecorder(db, { retentionDays: 10, pruneBatch: 50, log: () => undefined });
  try {
    const nowMs = Date.parse('2026-09-10T12:00:00Z');
    const cutoff = retentionCutoff(nowMs, 10);
    const old = stored.filter((c) => c.atMs < cutoff).length;
    const result = await recorder.prune!(nowMs);
    expect(result).toMatchObject({ ran: true, deleted: old });
    expect(result.batches).toBeGreaterThan(1);
    expect(Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${before?.name}`))?.n)).toBe(inBefore - old);
    // A cutoff past its end: the partition goes whole.
    const later = await recorder.prune!(end + 11 * 86_400_000);
    expect(later.deleted).toBeGreaterThanOrEqual(inBefore - old);
    expect((await listClickPartitions(db)).map((p) => p.name)).not.toContain(before?.name);
  } finally {
    await recorder.close();
  }
}

let where: TestLocation | undefined;
afterEach(async () => {
  await where?.remove();
  where = undefined;
});

describe(`raw clicks migrated to compact rows on a copy with data (${dialect})`, () => {
  it('keeps every click with every dimension; the service then writes, reads and deletes on the new shape', async () => {
    where = await testLocation();
    const clicks = oldClicks(600);
    await oldDatabase(where, clicks);

    const db = await openDatabase(where.location);
    try {
      const rows = await db.all<Record<string, string | number>>(
        'SELECT link_id, at_ms, browser, device, platform, country, state, city, referrer FROM click_rows',
      );
      const read = rows.map((r): ClickRow => ({
        linkId: String(r.link_id), atMs: Number(r.at_ms), browser: String(r.browser), device: String(r.device), platform: String(r.platform),
        country: String(r.country), state: String(r.state), city: String(r.city), referrer: String(r.referrer),
      }));
      expect(sortRows(read)).toEqual(sortRows(clicks));
      // Each label once; each link a number of its own.
      expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM label_browsers'))?.n)).toBe(4);
      expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM label_places'))?.n)).toBe(4);
      expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM label_referrers'))?.n)).toBe(4);
      const numbers = (await db.all<{ seq: number }>('SELECT seq FROM links ORDER BY seq')).map((r) => Number(r.seq));
      expect(new Set(numbers).size).toBe(3);

      // A link made after the migration gets a number; its clicks and the old links' new ones are written and read back.
      await seedLink(db, { id: 'd', keyword: 'd', longUrl: 'https://example.com/d' });
      const fresh: ClickRow[] = [
        { linkId: 'd', atMs: Date.now(), browser: 'Opera', device: 'Desktop', platform: 'Windows', country: 'FR', state: 'Île-de-France', city: 'Paris', referrer: '' },
        { linkId: 'a', atMs: Date.now() + 1, browser: 'Chrome', device: 'Mobile', platform: 'Android', country: 'IN', state: 'Maharashtra', city: 'Mumbai', referrer: 'https://t.co' },
      ];
      expect(await createClickWriter(db)(fresh)).toBe(2);
      expect(await db.get("SELECT browser, city, referrer FROM click_rows WHERE link_id = 'd'")).toEqual({ browser: 'Opera', city: 'Paris', referrer: '' });
      expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM label_browsers'))?.n)).toBe(5);

      // Deleting a link deletes its raw clicks (ON DELETE CASCADE on the link's number).
      await db.run("DELETE FROM links WHERE id = 'b'");
      expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM clicks'))?.n)).toBe(600 - 200 + 2);
      if (ON_POSTGRES) await checkPartitions(db, clicks.filter((c) => c.linkId !== 'b'));
    } finally {
      await db.close();
    }
  }, 60_000);
});
