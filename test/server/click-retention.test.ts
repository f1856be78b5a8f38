/**
 * Raw-click retention (`--click-retention DAYS`): raw clicks older than the
 * cutoff (to the UTC day) are pruned in batches; the rollups are kept, so
 * every analytics block of a link is the same before and after; one pass per
 * cutoff, run by one of several instances.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { computeAnalytics } from '../../server/analytics/compute';
import { createClickRecorder } from '../../server/clicks/click-recorder';
import type { ClickRow } from '../../server/clicks/click-row';
import { createClickWriter } from '../../server/clicks/click-writer';
import { ensurePartitionsAhead, listClickPartitions, monthStart, MONTHS_AHEAD, nextMonth, partitionName } from '../../server/clicks/click-partitions';
import { createPruneSchedule, retentionCutoff, type ClickPruner } from '../../server/clicks/prune-schedule';
import type { ClickRecorder } from '../../server/clicks/recorder-port';
import { openDatabase, type Database } from '../../server/db/open';
import type { Sql } from '../../server/db/sql';
import { startHarness, type Harness } from './harness';
import { ON_POSTGRES, openTestDatabase, testLocation, type TestLocation } from './test-database';
import { eventually, seedLink, totalClicks } from './clicks-fixtures';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T10:00:00Z');
const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge'];
const PLACES = [
  ['IN', 'Maharashtra', 'Mumbai'],
  ['US', 'California', 'San Francisco'],
  ['DE', 'Berlin', 'Berlin'],
  ['Unknown', 'Unknown', 'Unknown'],
] as const;

/** `n` clicks of `linkId`, one every `stepMs` going back from `fromMs`, with varied labels. */
function clicksOf(linkId: string, n: number, fromMs: number, stepMs: number): ClickRow[] {
  return Array.from({ length: n }, (_, i) => {
    const place = PLACES[i % PLACES.length] ?? PLACES[0];
    return {
      linkId,
      atMs: fromMs - i * stepMs,
      browser: BROWSERS[i % BROWSERS.length] ?? 'Chrome',
      device: i % 3 === 0 ? 'Mobile' : 'Desktop',
      platform: i % 3 === 0 ? 'Android' : i % 2 === 0 ? 'Windows' : 'macOS',
      country: place[0], state: place[1], city: place[2],
      referrer: i % 5 === 0 ? '' : `https://site${i % 7}.example`,
    };
  });
}

async function rawCount(db: Sql, where = '1 = 1', params: number[] = []): Promise<number> {
  return Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM clicks WHERE ${where}`, params))?.n);
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function database(): Promise<Database & { closeAndRemove(): Promise<void> }> {
  const db = await openTestDatabase();
  closers.push(() => db.closeAndRemove());
  await seedLink(db, { id: 'l1', keyword: 'one', longUrl: 'https://example.com/1' });
  await seedLink(db, { id: 'l2', keyword: 'two', longUrl: 'https://example.com/2' });
  return db;
}

function recorder(db: Database, retentionDays: number, extra: { pruneBatch?: number } = {}): ClickRecorder {
  const made = createClickRecorder(db, { retentionDays, thread: 'main', log: () => undefined, ...extra });
  closers.push(() => made.close());
  return made;
}

describe('raw-click retention', () => {
  it('analytics of a link are exactly equal before and after its raw clicks age out; pruning works to the day', async () => {
    const db = await database();
    const write = createClickWriter(db);
    // 400 days of clicks, one every 7 hours, on two links: most of them older than 30 days.
    await write([...clicksOf('l1', 1400, NOW, 7 * 3_600_000), ...clicksOf('l2', 600, NOW - 3_600_000, 16 * 3_600_000)]);
    const cutoff = retentionCutoff(NOW, 30);
    expect(cutoff).toBe(Date.parse('2026-10-21T00:00:00Z'));
    // Exactly at the cutoff is kept, a millisecond before it is pruned.
    await write([{ ...clicksOf('l1', 1, cutoff, 0)[0]!}, { ...clicksOf('l1', 1, cutoff - 1, 0)[0]! }]);
    const before = { l1: await computeAnalytics(db, 'l1', new Date(NOW)), l2: await computeAnalytics(db, 'l2', new Date(NOW)) };
    const totals = { l1: await totalClicks(db, 'l1'), l2: await totalClicks(db, 'l2') };
    const kept = await rawCount(db, 'at_ms >= ?', [cutoff]);
    const old = await rawCount(db, 'at_ms < ?', [cutoff]);
    expect(old).toBeGreaterThan(1000);

    const result = await recorder(db, 30).prune!(NOW);

    expect(result).toMatchObject({ ran: true, cutoffMs: cutoff, deleted: old });
    expect(await rawCount(db)).toBe(kept);
    expect(await rawCount(db, 'at_ms < ?', [cutoff])).toBe(0);
    expect(await rawCount(db, 'at_ms = ?', [cutoff])).toBe(1);
    expect(await computeAnalytics(db, 'l1', new Date(NOW))).toEqual(before.l1);
    expect(await computeAnalytics(db, 'l2', new Date(NOW))).toEqual(before.l2);
    expect({ l1: await totalClicks(db, 'l1'), l2: await totalClicks(db, 'l2') }).toEqual(totals);
  }, 60_000);

  it('deletes in small batches, once per cutoff; 0 keeps raw clicks forever', async () => {
    const db = await database();
    // The 1000 minutes before the cutoff: on PostgreSQL, in the month the cutoff falls in (not a month dropped whole).
    const justBefore = retentionCutoff(NOW, 30) - 60_000;
    await createClickWriter(db)(clicksOf('l1', 1000, justBefore, 60_000));
    expect((await recorder(db, 0).prune!(NOW))).toMatchObject({ ran: false, deleted: 0 });
    expect(await rawCount(db)).toBe(1000);

    const pruning = recorder(db, 30, { pruneBatch: 100 });
    const first = await pruning.prune!(NOW);
    // SQLite deletes 100 rows a batch; PostgreSQL the old rows of one page (about 130 rows) a batch.
    expect(first).toMatchObject({ ran: true, deleted: 1000 });
    expect(first.batches).toBeGreaterThanOrEqual(5);
    // The same day's cutoff again: nothing to do (and no scan).
    await createClickWriter(db)(clicksOf('l2', 5, justBefore, 60_000));
    expect(await pruning.prune!(NOW + 3_600_000)).toMatchObject({ ran: false });
    // The next day moves the cutoff: the pass runs again.
    expect(await pruning.prune!(NOW + DAY)).toMatchObject({ ran: true, deleted: 5 });
  }, 60_000);

  it('runs one pass of several instances at a time: only one claims it', async () => {
    const where: TestLocation = await testLocation();
    closers.push(() => where.remove());
    const first = await openDatabase(where.location);
    closers.push(() => first.close());
    const second = await openDatabase(where.location);
    closers.push(() => second.close());
    await seedLink(first, { id: 'l1', keyword: 'one', longUrl: 'https://example.com/1' });
    await createClickWriter(first)(clicksOf('l1', 3000, NOW - 40 * DAY, 60_000));

    const results = await Promise.all([recorder(first, 30, { pruneBatch: 200 }).prune!(NOW), recorder(second, 30, { pruneBatch: 200 }).prune!(NOW)]);

    expect(results.map((r) => r.ran).sort()).toEqual([false, true]);
    expect(results[0]!.deleted + results[1]!.deleted).toBe(3000);
    expect(await rawCount(first)).toBe(0);
  }, 60_000);

  it('a schedule runs its first pass after the delay and logs what it pruned', async () => {
    const db = await database();
    await createClickWriter(db)(clicksOf('l1', 50, Date.now() - 10 * DAY, 60_000));
    let passes = 0;
    const pruner: ClickPruner = {
      moving: async () => false,
      claim: async () => true,
      renew: async () => undefined,
      async step() {
        passes += 1;
        const { changes } = await db.run('DELETE FROM clicks');
        return { deleted: changes, done: true };
      },
      finish: async () => undefined,
    };
    const lines: string[] = [];
    const schedule = createPruneSchedule(pruner, { retentionDays: 1, firstDelayMs: 20, everyMs: 60_000, log: (line) => lines.push(line) });
    closers.push(() => schedule.close());
    expect(await eventually(() => lines.length > 0, 5000)).toBe(true);
    expect(passes).toBe(1);
    expect(lines[0]).toMatch(/^click retention: 50 raw clicks before \d{4}-\d\d-\d\dT00:00:00\.000Z pruned in \d+ ms$/);
  });
});

describe('raw-click retention on PostgreSQL: monthly partitions', () => {
  const SKIP = ON_POSTGRES ? '' : ' (PostgreSQL only: SQLite has one table)';

  it.skipIf(!ON_POSTGRES)(`has this month's partition and the next three, made ahead; a later month is made when needed${SKIP}`, async () => {
    const db = await database();
    const now = Date.now();
    const names = (await listClickPartitions(db)).map((p) => p.name);
    let month = monthStart(now);
    for (let i = 0; i <= MONTHS_AHEAD; i += 1, month = nextMonth(month)) expect(names).toContain(partitionName(month));
    await ensurePartitionsAhead(db, now + 200 * DAY);
    expect((await listClickPartitions(db)).map((p) => p.name)).toContain(partitionName(monthStart(now + 200 * DAY)));
  });

  it.skipIf(!ON_POSTGRES)(`drops the months wholly before the cutoff and deletes the boundary month's old clicks in batches${SKIP}`, async () => {
    const db = await database();
    // A click every 2 hours from 2026-06-01 to NOW (2026-11-20): the writer makes the months it needs.
    const clicks = clicksOf('l1', Math.floor((NOW - Date.parse('2026-06-01T00:00:00Z')) / 7_200_000), NOW, 7_200_000);
    await createClickWriter(db)(clicks);
    const cutoff = retentionCutoff(NOW, 30); // 2026-10-21
    const before = await computeAnalytics(db, 'l1', new Date(NOW));
    const months = ['clicks_2026_06', 'clicks_2026_07', 'clicks_2026_08', 'clicks_2026_09'];
    for (const name of months) expect((await listClickPartitions(db)).map((p) => p.name)).toContain(name);

    const result = await recorder(db, 30, { pruneBatch: 200 }).prune!(NOW);

    const old = clicks.filter((c) => c.atMs < cutoff).length;
    const inOctoberBefore = clicks.filter((c) => c.atMs >= Date.parse('2026-10-01') && c.atMs < cutoff).length;
    expect(result).toMatchObject({ ran: true, deleted: old });
    // One step per dropped month, and batches for October's first 20 days.
    expect(result.batches).toBeGreaterThan(months.length + 1);
    const left = (await listClickPartitions(db)).map((p) => p.name);
    for (const name of months) expect(left).not.toContain(name);
    expect(left).toContain('clicks_2026_10');
    expect(inOctoberBefore).toBeGreaterThan(200);
    expect(await rawCount(db, 'at_ms < ?', [cutoff])).toBe(0);
    expect(await rawCount(db)).toBe(clicks.length - old);
    expect(await computeAnalytics(db, 'l1', new Date(NOW))).toEqual(before);
  }, 60_000);
});

describe('raw-click retention in the service', () => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('prunes through the running recorder (the writer thread on SQLite) and keeps the analytics', async () => {
    harness = await startHarness({ clickRetentionDays: 7 });
    const { db } = harness.server.ctx;
    await seedLink(db, { id: 'l1', keyword: 'one', longUrl: 'https://example.com/1' });
    const now = Date.now();
    await createClickWriter(db)([...clicksOf('l1', 300, now, 3_600_000)]);
    const before = await computeAnalytics(db, 'l1', new Date(now));
    const old = await rawCount(db, 'at_ms < ?', [retentionCutoff(now, 7)]);
    expect(old).toBeGreaterThan(0);

    const result = await harness.server.ctx.clicks.prune!(now);

    expect(result).toMatchObject({ ran: true, deleted: old });
    expect(await rawCount(db)).toBe(300 - old);
    expect(await computeAnalytics(db, 'l1', new Date(now))).toEqual(before);
  }, 60_000);
});
