import { mkdtempSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClickRecorder as AsyncClickRecorder, VisitInfo } from '../../server/clicks/recorder-port';
import { createPostgresClickRecorder } from '../../server/clicks/recorder-postgres';
import { createSqliteClickRecorder as createClickRecorder, type SyncClickRecorder as ClickRecorder } from '../../server/clicks/recorder-sqlite';
import { fillDisk, openDatabase, seedLink, storedClicks, totalClicks, type Db } from './clicks-fixtures-sqlite';
import { eventually, seedLink as seedPgLink, totalClicks as pgTotalClicks } from './clicks-fixtures';
import { ON_POSTGRES, openTestDatabase, refuseInserts } from './test-database';

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

/** A database file with link l1 for each test of the calling describe (SQLite only: the thread needs a file). */
function withDatabaseFile(): void {
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'clicks-worker-'));
    db = openDatabase(dir);
    seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://example.com/' });
  });
  afterEach(async () => {
    recorder?.close();
    await recorder?.stopped();
    recorder = undefined;
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

// SQLite's recorder writes with a second connection in a thread of its own; PostgreSQL's writes are
// asynchronous network calls and need none (its promises are tested at the end of this file).
describe.skipIf(ON_POSTGRES)('click recorder with a writer thread', () => {
  withDatabaseFile();

  it('writes nothing until flushed; flush() returns once the thread has written everything', async () => {
    recorder = await readyRecorder({ flushIntervalMs: 60_000 });
    for (let i = 0; i < 1234; i += 1) recorder.record(visit('l1', T0 + i));
    expect(storedClicks(db, 'l1')).toBe(0);
    recorder.flush();
    expect(storedClicks(db, 'l1')).toBe(1234);
    expect(totalClicks(db, 'l1')).toBe(1234);
    expect(db.prepare("SELECT browser, platform, country, state, referrer FROM click_rows WHERE link_id = 'l1' LIMIT 1").get()).toEqual({
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

  it('has let go of the data folder once stopped() resolves, even closed while its thread was starting', async () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000 });
    recorder.close();
    await recorder.stopped();
    db.close();
    // A thread still starting would open the database now, creating its -wal and -shm files
    // while the folder is being removed (rmdir then fails with ENOTEMPTY).
    const touched: string[] = [];
    const watcher = watch(dir, (_event, name) => touched.push(String(name)));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    watcher.close();
    expect(touched).toEqual([]);
    db = openDatabase(dir);
  });

  it("writes in the main thread when asked to ('main')", () => {
    recorder = createClickRecorder(db, { flushIntervalMs: 60_000, thread: 'main' });
    recorder.record(visit('l1'));
    recorder.flush();
    expect(totalClicks(db, 'l1')).toBe(1);
  });
});

describe.skipIf(ON_POSTGRES)('click recorder with a writer thread, on a full disk', () => {
  withDatabaseFile();

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

// PostgreSQL's recorder (recorder-postgres.ts) has no thread: its writes are network calls that leave the
// event loop free. These are the promises this file checks of SQLite's thread that clicks-recorder.test.ts
// does not already check of both recorders: one write at a time, clicks recorded while the database
// refuses writes, and the exact counts of what close() and maxBuffered lose.
describe.skipIf(!ON_POSTGRES)('click recorder on PostgreSQL: asynchronous writes, no thread', () => {
  let pg: Awaited<ReturnType<typeof openTestDatabase>>;
  let pgRecorder: AsyncClickRecorder | undefined;
  beforeEach(async () => {
    pg = await openTestDatabase();
    await seedPgLink(pg, { id: 'l1', keyword: 'abc', longUrl: 'https://example.com/' });
  });
  afterEach(async () => {
    await pgRecorder?.close();
    pgRecorder = undefined;
    await pg.closeAndRemove();
  });

  const recordRange = (r: AsyncClickRecorder, from: number, to: number) => {
    for (let i = from; i < to; i += 1) r.record(visit('l1', T0 + i));
  };
  /** The times of the stored clicks: each click once, none missing, shows as T0 + from … T0 + to - 1. */
  const storedTimes = async () =>
    (await pg.all<{ at_ms: number }>("SELECT at_ms FROM click_rows WHERE link_id = 'l1' ORDER BY at_ms")).map((row) => row.at_ms);
  const times = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => T0 + from + i);
  const refused = (logs: string[]) => logs.filter((m) => m.includes('disk on fire'));

  it('flush() resolves only once every batch is written, also when a write was already under way', async () => {
    const r = (pgRecorder = createPostgresClickRecorder(pg, { flushIntervalMs: 60_000, maxBatch: 500 }));
    recordRange(r, 0, 1234);
    // The full buffer's early write starts on the next turn of the event loop; clicks keep coming meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.stats?.().batchesInFlight).toBe(1);
    recordRange(r, 1234, 1334);
    await r.flush();
    expect(await storedTimes()).toEqual(times(0, 1334));
    expect(await pgTotalClicks(pg, 'l1')).toBe(1334);
    expect(await pg.get<{ n: number }>("SELECT sum(clicks) AS n FROM click_hours WHERE link_id = 'l1'")).toEqual({ n: 1334 });
    expect(await pg.get("SELECT browser, platform, country, state, referrer FROM click_rows WHERE link_id = 'l1' LIMIT 1")).toEqual({
      browser: 'Firefox', platform: 'macOS', country: 'IN', state: 'Goa', referrer: 'https://news.example',
    });
  });

  it('keeps retrying on its timer while the database refuses, and then writes every click exactly once', async () => {
    const logs: string[] = [];
    const accept = await refuseInserts(pg, 'clicks');
    const r = (pgRecorder = createPostgresClickRecorder(pg, { flushIntervalMs: 20, retryMaxMs: 80, maxBatch: 100, log: (m) => logs.push(m) }));
    recordRange(r, 0, 250);
    expect(await eventually(() => refused(logs).length >= 2)).toBe(true);
    // Clicks recorded while the writes fail join the ones kept from the failed attempts.
    recordRange(r, 250, 500);
    expect(await eventually(() => refused(logs).some((m) => m.includes('writing 500 clicks failed')))).toBe(true);
    await accept();
    expect(await eventually(async () => (await pgTotalClicks(pg, 'l1')) === 500)).toBe(true);
    // More turns of the timer write nothing twice.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await storedTimes()).toEqual(times(0, 500));
    expect(await pgTotalClicks(pg, 'l1')).toBe(500);
    expect(logs.some((m) => /writing clicks works again after \d+ failed attempts/.test(m))).toBe(true);
    expect(r.stats?.()).toEqual({ accepted: 500, written: 500, lost: 0, waiting: 0, batchesInFlight: 0 });
  });

  it('close() logs the exact count lost: the clicks kept from failed writes and those buffered since', async () => {
    const logs: string[] = [];
    await refuseInserts(pg, 'clicks');
    const r = (pgRecorder = createPostgresClickRecorder(pg, { flushIntervalMs: 60_000, maxBatch: 100, log: (m) => logs.push(m) }));
    recordRange(r, 0, 250);
    await expect(r.flush()).rejects.toThrow(/disk on fire/);
    recordRange(r, 250, 320);
    await r.close();
    expect(await pgTotalClicks(pg, 'l1')).toBe(0);
    expect(logs.filter((m) => m.includes('lost at shutdown'))).toEqual([expect.stringMatching(/^click recorder: 320 clicks lost at shutdown/)]);
    expect(r.stats?.()).toEqual({ accepted: 320, written: 0, lost: 320, waiting: 0, batchesInFlight: 0 });
  });

  it('drops the oldest clicks beyond maxBuffered, counting those kept from failed writes, and logs the exact count', async () => {
    const logs: string[] = [];
    const accept = await refuseInserts(pg, 'clicks');
    const r = (pgRecorder = createPostgresClickRecorder(pg, {
      flushIntervalMs: 60_000, maxBatch: 500, maxBuffered: 1500, log: (m) => logs.push(m),
    }));
    recordRange(r, 0, 1000);
    await expect(r.flush()).rejects.toThrow(/disk on fire/);
    // 1000 kept plus 1000 new: 500 more than maxBuffered, though the buffer alone never was full.
    recordRange(r, 1000, 2000);
    await accept();
    await r.flush();
    expect(logs.filter((m) => m.includes('dropped'))).toEqual(['click recorder: 500 clicks dropped, more than 1500 waiting to be written']);
    expect(await storedTimes()).toEqual(times(500, 2000));
    expect(await pgTotalClicks(pg, 'l1')).toBe(1500);
    expect(r.stats?.()).toEqual({ accepted: 2000, written: 1500, lost: 500, waiting: 0, batchesInFlight: 0 });
  });
});
