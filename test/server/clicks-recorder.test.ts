import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClickRecorder, VisitInfo } from '../../server/clicks/recorder-port';
import { createSqliteClickRecorder } from '../../server/clicks/recorder-sqlite';
import { parseUserAgent } from '../../server/clicks/user-agent';
import { locationLabel, referrerLabel } from '../../server/clicks/sanitize';
import { SqliteDatabase } from '../../server/db/sqlite-database';
import { eventually, seedLink, storedClicks, totalClicks } from './clicks-fixtures';
import { openClickRecorderFixture, type ClickRecorderFixture } from './clicks-recorder-fixture';
import { ON_POSTGRES, refuseInserts } from './test-database';

/**
 * The promises both click recorders make (server/clicks/recorder-sqlite.ts on
 * SQLite, recorder-postgres.ts on PostgreSQL), each on the database of the
 * vitest project: one body per promise, run by both projects.
 */
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const T0 = Date.UTC(2026, 10, 20, 13, 30);

function visit(linkId: string, extra: Partial<VisitInfo> = {}): VisitInfo {
  return { linkId, at: T0, userAgent: CHROME_WINDOWS, referrer: '', country: null, state: null, city: null, ...extra };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bare connection of the SQLite project's database, for SQLite's synchronous recorder. */
function sqliteNative(): BetterSqlite3.Database {
  if (!(fx.db instanceof SqliteDatabase)) throw new Error('SQLite only');
  return fx.db.native;
}

let fx: ClickRecorderFixture;
let recorder: ClickRecorder | undefined;
/** A fresh database with links l1 and l2 for each test of the calling describe (the label tables need none). */
function withDatabase(): void {
  beforeEach(async () => {
    fx = await openClickRecorderFixture();
    await seedLink(fx.db, { id: 'l1', keyword: 'abc', longUrl: 'https://example.com/' });
    await seedLink(fx.db, { id: 'l2', keyword: 'def', longUrl: 'https://example.org/' });
  });
  afterEach(async () => {
    await recorder?.close();
    recorder = undefined;
    await fx.close();
  });
}

describe('click recorder batching', () => {
  withDatabase();

  it('buffers in memory and writes nothing until flushed', async () => {
    recorder = fx.recorder({ flushIntervalMs: 60_000 });
    for (let i = 0; i < 5; i += 1) recorder.record(visit('l1'));
    recorder.record(visit('l2'));
    expect(await storedClicks(fx.db, 'l1')).toBe(0);
    expect(await totalClicks(fx.db, 'l1')).toBe(0);
    await recorder.flush();
    expect(await storedClicks(fx.db, 'l1')).toBe(5);
    expect(await totalClicks(fx.db, 'l1')).toBe(5);
    expect(await totalClicks(fx.db, 'l2')).toBe(1);
  });

  it('keeps the rollups equal to the raw clicks across several flushes', async () => {
    recorder = fx.recorder({ flushIntervalMs: 60_000, maxBatch: 4 });
    for (let i = 0; i < 10; i += 1) recorder.record(visit('l1', { at: T0 + i * 3_600_000 }));
    await recorder.flush();
    for (let i = 0; i < 3; i += 1) recorder.record(visit('l1'));
    await recorder.flush();
    const sum = async (table: string) => (await fx.db.get<{ n: number }>(`SELECT sum(clicks) AS n FROM ${table} WHERE link_id = 'l1'`))?.n;
    for (const table of ['click_daily', 'click_hours', 'click_browsers', 'click_places']) expect(await sum(table)).toBe(13);
    const hours = await fx.db.all("SELECT hour, clicks FROM click_hours WHERE link_id = 'l1' ORDER BY hour");
    // T0 is 13:30 UTC; ten clicks an hour apart cover 13..22, then three more at 13.
    expect(hours).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22].map((hour) => ({ hour, clicks: hour === 13 ? 4 : 1 })));
  });

  it('stores every click of a batch larger than one multi-row insert, each with its own values', async () => {
    recorder = fx.recorder({ flushIntervalMs: 60_000 });
    for (let i = 0; i < 250; i += 1) recorder.record(visit(i % 2 === 0 ? 'l1' : 'l2', { at: T0 + i, referrer: `https://r${i}.example/` }));
    await recorder.flush();
    const rows = await fx.db.all<{ link_id: string; at_ms: number; referrer: string }>('SELECT link_id, at_ms, referrer FROM click_rows ORDER BY at_ms');
    expect(rows).toHaveLength(250);
    rows.forEach((row, i) => {
      expect(row).toEqual({ link_id: i % 2 === 0 ? 'l1' : 'l2', at_ms: T0 + i, referrer: `https://r${i}.example` });
    });
    expect(await totalClicks(fx.db, 'l1')).toBe(125);
    expect(await totalClicks(fx.db, 'l2')).toBe(125);
  });

  it('flushes on its timer', async () => {
    recorder = fx.recorder({ flushIntervalMs: 20 });
    recorder.record(visit('l1'));
    // Within half a second: a recorder that ignored the interval (1 s by default) would not be done yet.
    expect(await eventually(async () => (await totalClicks(fx.db, 'l1')) === 1, 500)).toBe(true);
  });

  it('flushes early, off the request path, when the buffer is full', async () => {
    recorder = fx.recorder({ flushIntervalMs: 60_000, maxBatch: 3 });
    for (let i = 0; i < 3; i += 1) recorder.record(visit('l1'));
    // record() only buffered: nothing was written or started on the visit's path.
    expect(recorder.stats?.()).toMatchObject({ accepted: 3, written: 0, batchesInFlight: 0 });
    // Within the test's wait, far before the 60 s timer: the full buffer was written on its own.
    expect(await eventually(async () => (await totalClicks(fx.db, 'l1')) === 3)).toBe(true);
    expect(recorder.stats?.()).toMatchObject({ accepted: 3, written: 3, lost: 0, waiting: 0 });
  });

  it('logs a failed write, does not throw from the timer, and retries the clicks later', async () => {
    const logs: string[] = [];
    recorder = fx.recorder({ flushIntervalMs: 10, log: (m) => logs.push(m) });
    const accept = await refuseInserts(fx.db, 'clicks');
    recorder.record(visit('l1'));
    expect(await eventually(() => logs.some((m) => m.includes('disk on fire')))).toBe(true);
    expect(await totalClicks(fx.db, 'l1')).toBe(0);
    await accept();
    await recorder.flush();
    expect(await totalClicks(fx.db, 'l1')).toBe(1);
    expect(await storedClicks(fx.db, 'l1')).toBe(1);
  });

  it('keeps at most maxBuffered clicks, dropping the oldest, when writes cannot keep up', async () => {
    const logs: string[] = [];
    recorder = fx.recorder({ flushIntervalMs: 60_000, maxBatch: 2, maxBuffered: 4, log: (m) => logs.push(m) });
    for (let i = 0; i < 6; i += 1) recorder.record(visit('l1', { at: T0 + i }));
    await recorder.flush();
    const stored = await fx.db.all<{ at_ms: number }>("SELECT at_ms FROM click_rows WHERE link_id = 'l1' ORDER BY at_ms");
    expect(stored.map((row) => row.at_ms)).toEqual([2, 3, 4, 5].map((i) => T0 + i));
    expect(logs).toEqual(['click recorder: buffer full, 2 clicks dropped']);
  });

  it('drops clicks on links deleted before the flush without losing the others', async () => {
    recorder = fx.recorder({ flushIntervalMs: 60_000 });
    recorder.record(visit('l1'));
    recorder.record(visit('l2'));
    await fx.db.run("DELETE FROM links WHERE id = 'l2'");
    await recorder.flush();
    expect(await totalClicks(fx.db, 'l1')).toBe(1);
    expect(await storedClicks(fx.db, 'l1')).toBe(1);
    expect(await storedClicks(fx.db, 'l2')).toBe(0);
  });

  it('close() writes what is buffered and ignores later visits', async () => {
    recorder = fx.recorder({ flushIntervalMs: 60_000 });
    recorder.record(visit('l1'));
    await recorder.close();
    expect(await totalClicks(fx.db, 'l1')).toBe(1);
    recorder.record(visit('l1'));
    await recorder.flush();
    expect(await totalClicks(fx.db, 'l1')).toBe(1);
  });
});

describe('click recorder when the database cannot write (a full disk; PostgreSQL refusing inserts)', () => {
  withDatabase();

  const CLICKS = 2000;
  const recordMany = (r: ClickRecorder) => {
    // Distinct referrers make the rows need new pages.
    for (let i = 0; i < CLICKS; i += 1) r.record(visit('l1', { at: T0 + i, referrer: `https://r${i}.example/` }));
  };

  it('retries on its timer with a growing wait, and writes every click once it can, with no new clicks', async () => {
    const logs: string[] = [];
    const free = await fx.failWrites();
    recorder = fx.recorder({ flushIntervalMs: 10, retryMaxMs: 160, log: (m) => logs.push(m) });
    recordMany(recorder);
    await sleep(500);
    expect(await totalClicks(fx.db, 'l1')).toBe(0);
    const failed = () => logs.filter((m) => m.includes(`writing ${CLICKS} clicks failed`));
    // Waits of 10, 20, 40, 80, 160, 160… ms: a handful of attempts in half a second, not one per 10 ms tick.
    expect(failed().length).toBeLessThanOrEqual(8);
    // At least a second attempt (a first one that learns 2,000 new referrers, on a loaded machine, can take most of that half second).
    expect(await eventually(() => failed().length > 1, 5000)).toBe(true);
    expect(failed()[0]).toMatch(fx.failure);
    await free();
    expect(await eventually(async () => (await totalClicks(fx.db, 'l1')) === CLICKS)).toBe(true);
    expect(await storedClicks(fx.db, 'l1')).toBe(CLICKS);
  });

  it('close() writes what is buffered once writes work again', async () => {
    const free = await fx.failWrites();
    recorder = fx.recorder({ flushIntervalMs: 60_000, log: () => undefined });
    recordMany(recorder);
    await expect(recorder.flush()).rejects.toThrow(fx.failure);
    await free();
    await recorder.close();
    expect(await totalClicks(fx.db, 'l1')).toBe(CLICKS);
    expect(await storedClicks(fx.db, 'l1')).toBe(CLICKS);
  });

  it('close() logs exactly how many clicks were lost when writes keep failing', async () => {
    const logs: string[] = [];
    await fx.failWrites();
    recorder = fx.recorder({ flushIntervalMs: 60_000, log: (m) => logs.push(m) });
    recordMany(recorder);
    await recorder.close();
    expect(await totalClicks(fx.db, 'l1')).toBe(0);
    expect(logs.some((m) => m.startsWith(`click recorder: ${CLICKS} clicks lost at shutdown`))).toBe(true);
  });
});

// SQLite's recorder writes synchronously (better-sqlite3 returns once the rows are written), so an
// early flush is done by the next turn of the event loop. PostgreSQL's writes are network round trips:
// no such promise there. (SQLite's real full disk, SQLITE_FULL, is the shared suite's failure on SQLite.)
describe.skipIf(ON_POSTGRES)('SQLite click recorder: synchronous writes', () => {
  withDatabase();

  it('an early flush has written by the next turn of the event loop', async () => {
    const sync = createSqliteClickRecorder(sqliteNative(), { flushIntervalMs: 60_000, maxBatch: 3 });
    try {
      for (let i = 0; i < 3; i += 1) sync.record(visit('l1'));
      expect(await totalClicks(fx.db, 'l1')).toBe(0);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await totalClicks(fx.db, 'l1')).toBe(3);
    } finally {
      sync.close();
    }
  });

});

describe('click labels', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome', 'Desktop', 'Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari', 'Mobile', 'iOS',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
      'Safari', 'Tablet', 'iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
      'Chrome', 'Mobile', 'Android',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) Gecko/20100101 Firefox/125.0',
      'Firefox', 'Desktop', 'macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
      'Microsoft Edge', 'Desktop', 'Windows',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Chrome', 'Desktop', 'Linux',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-S908B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
      'Samsung Internet for Android', 'Mobile', 'Android',
    ],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot', 'Bot', 'Unknown'],
    ['curl/8.5.0', 'Unknown', 'Unknown', 'Unknown'],
    ['', 'Unknown', 'Unknown', 'Unknown'],
  ])('%s -> %s / %s / %s', (ua, browser, device, platform) => {
    expect(parseUserAgent(ua)).toEqual({ browser, device, platform });
  });

  it.each([
    [null, 'Unknown'],
    ['', 'Unknown'],
    ['  IN ', 'IN'],
    ['XX', 'Unknown'],
    ['Maha\u0000ra\u202eshtra\n', 'Maha ra shtra'],
    ['S%C3%A3o%20Paulo', 'São Paulo'],
    ['100%', '100%'],
    ['x'.repeat(500), 'x'.repeat(100)],
  ])('location header %j -> %j', (raw, label) => {
    expect(locationLabel(raw)).toBe(label);
  });

  it.each([
    ['', ''],
    ['https://news.example.com/private/path?token=1#x', 'https://news.example.com'],
    ['http://[::1]:8080/a', 'http://[::1]:8080'],
    ['android-app://com.google.android.gm/', 'android-app://com.google.android.gm/'],
    ['not a url ' + 'y'.repeat(400), ('not a url ' + 'y'.repeat(400)).slice(0, 200)],
  ])('referrer %j -> %j', (raw, label) => {
    expect(referrerLabel(raw)).toBe(label);
  });

});

describe('click labels as stored', () => {
  withDatabase();

  it('stores labels from the User-Agent, the geo header values and the referrer', async () => {
    recorder = fx.recorder({ flushIntervalMs: 60_000 });
    recorder.record(visit('l1', { country: 'IN', state: 'Karnataka', city: 'Bengaluru', referrer: 'https://t.co/abc?x=1' }));
    recorder.record(visit('l2', { state: 'Goa', userAgent: '' }));
    await recorder.flush();
    const row = (id: string) =>
      fx.db.get('SELECT browser, device, platform, country, state, city, referrer FROM click_rows WHERE link_id = ?', [id]);
    expect(await row('l1')).toEqual({
      browser: 'Chrome', device: 'Desktop', platform: 'Windows',
      country: 'IN', state: 'Karnataka', city: 'Bengaluru', referrer: 'https://t.co',
    });
    expect(await row('l2')).toEqual({
      browser: 'Unknown', device: 'Unknown', platform: 'Unknown',
      country: 'Unknown', state: 'Goa', city: 'Unknown', referrer: '',
    });
  });
});
