import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteClickRecorder as createClickRecorder, type SyncClickRecorder as ClickRecorder } from '../../server/clicks/recorder';
import type { VisitInfo } from '../../server/context';
import { fillDisk, openDatabase, seedLink, storedClicks, totalClicks, type Db } from './clicks-fixtures-sqlite';
import { eventually } from './clicks-fixtures';

/** The recorder with a database file: flushes run in its writer thread, on a second connection. */
const T0 = Date.UTC(2026, 10, 20, 8);
let dir: string;
let db: Db;
let recorder: ClickRecorder | undefined;

function visit(linkId: string, at = T0): VisitInfo {
  return {
    linkId, at, referrer: 'https://news.example/a',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) Gecko/20100101 Firefox/125.0',
    country: 'IN', state: 'Goa', city: null,
  };
}

/** A recorder whose writer thread is up, so flushes really go through it. */
function readyRecorder(opts: Parameters<typeof createClickRecorder>[1]): Promise<ClickRecorder> {
  return new Promise((resolve, reject) => {
    const made = createClickRecorder(db, { ...opts, onWriterReady: () => resolve(made) });
    setTimeout(() => reject(new Error('writer thread did not start')), 15_000);
  });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clicks-worker-'));
  db = openDatabase(dir);
  seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://example.com/' });
});
afterEach(() => {
  recorder?.close();
  recorder = undefined;
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('click recorder with a writer thread', () => {
  it('writes nothing until flushed; flush() returns once the thread has written everything', async () => {
    recorder = await readyRecorder({ flushIntervalMs: 60_000 });
    for (let i = 0; i < 1234; i += 1) recorder.record(visit('l1', T0 + i));
    expect(storedClicks(db, 'l1')).toBe(0);
    recorder.flush();
    expect(storedClicks(db, 'l1')).toBe(1234);
    expect(totalClicks(db, 'l1')).toBe(1234);
    expect(db.prepare("SELECT browser, platform, country, state, referrer FROM clicks WHERE link_id = 'l1' LIMIT 1").get()).toEqual({
      browser: 'Firefox', platform: 'macOS', country: 'IN', state: 'Goa', referrer: 'https://news.example',
    });
    expect(db.prepare("SELECT sum(clicks) FROM click_hours WHERE link_id = 'l1'").pluck().get()).toBe(1234);
  });

  it('hands batches over on its timer', async () => {
    recorder = await readyRecorder({ flushIntervalMs: 30 });
    recorder.record(visit('l1'));
    const deadline = Date.now() + 10_000;
    while (totalClicks(db, 'l1') === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 30));
    expect(totalClicks(db, 'l1')).toBe(1);
  });

  it('logs a failed write in the thread and retries it with the next batch', async () => {
    const logs: string[] = [];
    recorder = await readyRecorder({ flushIntervalMs: 60_000, log: (m) => logs.push(m) });
    recorder.record(visit('l1'));
    recorder.flush();
    db.exec("CREATE TRIGGER fail BEFORE INSERT ON clicks BEGIN SELECT RAISE(ABORT, 'disk on fire'); END");
    recorder.record(visit('l1'));
    recorder.flush();
    expect(totalClicks(db, 'l1')).toBe(1);
    db.exec('DROP TRIGGER fail');
    recorder.record(visit('l1'));
    recorder.flush();
    expect(totalClicks(db, 'l1')).toBe(3);
    // The thread's log line arrives as a message, after flush() returned.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs.some((m) => m.includes('disk on fire'))).toBe(true);
  });

  it('close() writes what is buffered', async () => {
    recorder = await readyRecorder({ flushIntervalMs: 60_000 });
    recorder.record(visit('l1'));
    recorder.record(visit('l1'));
    recorder.close();
    expect(totalClicks(db, 'l1')).toBe(2);
  });

  it('writes in this thread until the writer thread is up', () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000 });
    recorder.record(visit('l1'));
    recorder.flush();
    expect(totalClicks(db, 'l1')).toBe(1);
  });

  it("writes in the main thread when asked to ('main')", () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000, thread: 'main' });
    recorder.record(visit('l1'));
    recorder.flush();
    expect(totalClicks(db, 'l1')).toBe(1);
  });
});

describe('click recorder with a writer thread, on a full disk', () => {
  const CLICKS = 2000;
  const recordMany = (r: ClickRecorder) => {
    for (let i = 0; i < CLICKS; i += 1) r.record({ ...visit('l1', T0 + i), referrer: `https://r${i}.example/` });
  };

  it('retries in the thread on its own timer, and writes every click once the disk frees, with no new clicks', async () => {
    const logs: string[] = [];
    const disk = fillDisk(db);
    recorder = await readyRecorder({ flushIntervalMs: 20, retryMaxMs: 100, writerMaxPageCount: disk.pages, log: (m) => logs.push(m) });
    recordMany(recorder);
    recorder.flush();
    expect(totalClicks(db, 'l1')).toBe(0);
    disk.free();
    // Nothing is recorded from here on: the thread must retry by itself.
    expect(await eventually(() => totalClicks(db, 'l1') === CLICKS)).toBe(true);
    expect(storedClicks(db, 'l1')).toBe(CLICKS);
    expect(logs.some((m) => m.includes(`writing ${CLICKS} clicks failed`) && /full/.test(m))).toBe(true);
  });

  it('close() writes what the thread kept once the disk has freed', async () => {
    const disk = fillDisk(db);
    recorder = await readyRecorder({ flushIntervalMs: 60_000, writerMaxPageCount: disk.pages, log: () => undefined });
    recordMany(recorder);
    recorder.flush();
    expect(totalClicks(db, 'l1')).toBe(0);
    disk.free();
    recorder.close();
    expect(totalClicks(db, 'l1')).toBe(CLICKS);
  });

  it('close() logs exactly how many clicks were lost when the disk stays full', async () => {
    const logs: string[] = [];
    const disk = fillDisk(db);
    recorder = await readyRecorder({ flushIntervalMs: 60_000, writerMaxPageCount: disk.pages, log: (m) => logs.push(m) });
    recordMany(recorder);
    recorder.flush();
    recorder.close();
    expect(totalClicks(db, 'l1')).toBe(0);
    expect(await eventually(() => logs.some((m) => m.startsWith(`click recorder: ${CLICKS} clicks lost at shutdown`)))).toBe(true);
  });

  it('logs the exact count of clicks dropped beyond maxBuffered', async () => {
    const logs: string[] = [];
    const disk = fillDisk(db);
    recorder = await readyRecorder({
      flushIntervalMs: 60_000, maxBatch: 500, maxBuffered: 1500, writerMaxPageCount: disk.pages, log: (m) => logs.push(m),
    });
    recordMany(recorder);
    recorder.flush();
    disk.free();
    recorder.close();
    expect(totalClicks(db, 'l1')).toBe(1500);
    expect(await eventually(() => logs.some((m) => m.includes('500 clicks dropped')))).toBe(true);
  });
});
