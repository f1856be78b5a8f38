import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteClickRecorder as createClickRecorder, type SyncClickRecorder as ClickRecorder } from '../../server/clicks/recorder';
import { parseUserAgent } from '../../server/clicks/user-agent';
import { locationLabel, referrerLabel } from '../../server/clicks/sanitize';
import type { VisitInfo } from '../../server/context';
import { fillDisk, openDatabase, seedLink, storedClicks, totalClicks, type Db } from './clicks-fixtures-sqlite';
import { eventually } from './clicks-fixtures';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const T0 = Date.UTC(2026, 10, 20, 13, 30);

function visit(linkId: string, extra: Partial<VisitInfo> = {}): VisitInfo {
  return { linkId, at: T0, userAgent: CHROME_WINDOWS, referrer: '', country: null, state: null, city: null, ...extra };
}

let db: Db;
let recorder: ClickRecorder | undefined;
beforeEach(() => {
  db = openDatabase(':memory:');
  seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://example.com/' });
  seedLink(db, { id: 'l2', keyword: 'def', longUrl: 'https://example.org/' });
});
afterEach(() => {
  recorder?.close();
  recorder = undefined;
  db.close();
});

describe('click recorder batching', () => {
  it('buffers in memory and writes nothing until flushed', () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000 });
    for (let i = 0; i < 5; i += 1) recorder.record(visit('l1'));
    recorder.record(visit('l2'));
    expect(storedClicks(db, 'l1')).toBe(0);
    expect(totalClicks(db, 'l1')).toBe(0);
    recorder.flush();
    expect(storedClicks(db, 'l1')).toBe(5);
    expect(totalClicks(db, 'l1')).toBe(5);
    expect(totalClicks(db, 'l2')).toBe(1);
  });

  it('keeps the rollups equal to the raw clicks across several flushes', () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000, maxBatch: 4 });
    for (let i = 0; i < 10; i += 1) recorder.record(visit('l1', { at: T0 + i * 3_600_000 }));
    recorder.flush();
    for (let i = 0; i < 3; i += 1) recorder.record(visit('l1'));
    recorder.flush();
    const sum = (table: string) => db.prepare(`SELECT sum(clicks) FROM ${table} WHERE link_id = 'l1'`).pluck().get();
    for (const table of ['click_daily', 'click_hours', 'click_browsers', 'click_places']) expect(sum(table)).toBe(13);
    const hours = db.prepare("SELECT hour, clicks FROM click_hours WHERE link_id = 'l1' ORDER BY hour").all();
    // T0 is 13:30 UTC; ten clicks an hour apart cover 13..22, then three more at 13.
    expect(hours).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22].map((hour) => ({ hour, clicks: hour === 13 ? 4 : 1 })));
  });

  it('stores every click of a batch larger than one multi-row insert, each with its own values', () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000 });
    for (let i = 0; i < 250; i += 1) recorder.record(visit(i % 2 === 0 ? 'l1' : 'l2', { at: T0 + i, referrer: `https://r${i}.example/` }));
    recorder.flush();
    const rows = db.prepare('SELECT link_id, at_ms, referrer FROM clicks ORDER BY at_ms').all() as { link_id: string; at_ms: number; referrer: string }[];
    expect(rows).toHaveLength(250);
    rows.forEach((row, i) => {
      expect(row).toEqual({ link_id: i % 2 === 0 ? 'l1' : 'l2', at_ms: T0 + i, referrer: `https://r${i}.example` });
    });
    expect(totalClicks(db, 'l1')).toBe(125);
    expect(totalClicks(db, 'l2')).toBe(125);
  });

  it('flushes on its timer', async () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 20 });
    recorder.record(visit('l1'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(totalClicks(db, 'l1')).toBe(1);
  });

  it('flushes early, off the request path, when the buffer is full', async () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000, maxBatch: 3 });
    recorder.record(visit('l1'));
    recorder.record(visit('l1'));
    recorder.record(visit('l1'));
    expect(totalClicks(db, 'l1')).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(totalClicks(db, 'l1')).toBe(3);
  });

  it('logs a failed write, does not throw from the timer, and retries the clicks later', async () => {
    const logs: string[] = [];
    recorder = createClickRecorder(db, { flushIntervalMs: 10, log: (m) => logs.push(m) });
    db.exec("CREATE TRIGGER fail BEFORE INSERT ON clicks BEGIN SELECT RAISE(ABORT, 'disk on fire'); END");
    recorder.record(visit('l1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs.some((m) => m.includes('disk on fire'))).toBe(true);
    expect(totalClicks(db, 'l1')).toBe(0);
    db.exec('DROP TRIGGER fail');
    recorder.flush();
    expect(totalClicks(db, 'l1')).toBe(1);
    expect(storedClicks(db, 'l1')).toBe(1);
  });

  it('keeps at most maxBuffered clicks, dropping the oldest, when writes cannot keep up', () => {
    const logs: string[] = [];
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000, maxBatch: 2, maxBuffered: 4, log: (m) => logs.push(m) });
    for (let i = 0; i < 6; i += 1) recorder.record(visit('l1', { at: T0 + i }));
    recorder.flush();
    expect(db.prepare("SELECT at_ms FROM clicks WHERE link_id = 'l1' ORDER BY at_ms").pluck().all()).toEqual(
      [2, 3, 4, 5].map((i) => T0 + i),
    );
    expect(logs).toEqual(['click recorder: buffer full, 2 clicks dropped']);
  });

  it('drops clicks on links deleted before the flush without losing the others', () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000 });
    recorder.record(visit('l1'));
    recorder.record(visit('l2'));
    db.prepare("DELETE FROM links WHERE id = 'l2'").run();
    recorder.flush();
    expect(totalClicks(db, 'l1')).toBe(1);
    expect(storedClicks(db, 'l2')).toBe(0);
  });

  it('close() writes what is buffered and ignores later visits', () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000 });
    recorder.record(visit('l1'));
    recorder.close();
    expect(totalClicks(db, 'l1')).toBe(1);
    recorder.record(visit('l1'));
    recorder.flush();
    expect(totalClicks(db, 'l1')).toBe(1);
  });
});

describe('click recorder on a full disk (main thread)', () => {
  const CLICKS = 2000;
  const recordMany = (r: ClickRecorder) => {
    // Distinct referrers make the rows need new pages.
    for (let i = 0; i < CLICKS; i += 1) r.record(visit('l1', { at: T0 + i, referrer: `https://r${i}.example/` }));
  };

  it('retries on its timer with a growing wait, and writes every click once the disk frees, with no new clicks', async () => {
    const logs: string[] = [];
    const disk = fillDisk(db);
    db.pragma(`max_page_count = ${disk.pages}`);
    recorder = createClickRecorder(db, { flushIntervalMs: 10, retryMaxMs: 160, log: (m) => logs.push(m) });
    recordMany(recorder);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(totalClicks(db, 'l1')).toBe(0);
    const failed = logs.filter((m) => m.includes(`writing ${CLICKS} clicks failed`));
    expect(failed[0]).toMatch(/full/);
    // Waits of 10, 20, 40, 80, 160, 160… ms: a handful of attempts, not one per 10 ms tick.
    expect(failed.length).toBeGreaterThan(1);
    expect(failed.length).toBeLessThanOrEqual(8);
    disk.free();
    expect(await eventually(() => totalClicks(db, 'l1') === CLICKS)).toBe(true);
    expect(storedClicks(db, 'l1')).toBe(CLICKS);
  });

  it('close() writes what is buffered once the disk has freed', () => {
    const disk = fillDisk(db);
    db.pragma(`max_page_count = ${disk.pages}`);
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000, log: () => undefined });
    recordMany(recorder);
    expect(() => recorder?.flush()).toThrow(/full/);
    disk.free();
    recorder.close();
    expect(totalClicks(db, 'l1')).toBe(CLICKS);
  });

  it('close() logs exactly how many clicks were lost when the disk stays full', () => {
    const logs: string[] = [];
    const disk = fillDisk(db);
    db.pragma(`max_page_count = ${disk.pages}`);
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000, log: (m) => logs.push(m) });
    recordMany(recorder);
    recorder.close();
    expect(totalClicks(db, 'l1')).toBe(0);
    expect(logs.some((m) => m.startsWith(`click recorder: ${CLICKS} clicks lost at shutdown`))).toBe(true);
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

  it('stores labels from the User-Agent, the geo header values and the referrer', () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000 });
    recorder.record(visit('l1', { country: 'IN', state: 'Karnataka', city: 'Bengaluru', referrer: 'https://t.co/abc?x=1' }));
    recorder.record(visit('l2', { state: 'Goa', userAgent: '' }));
    recorder.flush();
    const row = (id: string) =>
      db.prepare('SELECT browser, device, platform, country, state, city, referrer FROM clicks WHERE link_id = ?').get(id);
    expect(row('l1')).toEqual({
      browser: 'Chrome', device: 'Desktop', platform: 'Windows',
      country: 'IN', state: 'Karnataka', city: 'Bengaluru', referrer: 'https://t.co',
    });
    expect(row('l2')).toEqual({
      browser: 'Unknown', device: 'Unknown', platform: 'Unknown',
      country: 'Unknown', state: 'Goa', city: 'Unknown', referrer: '',
    });
  });
});
