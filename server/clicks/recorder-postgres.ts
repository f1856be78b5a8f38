import type { Sql } from '../db/sql';
import { ClickBuffer } from './click-batch';
import type { ClickRow } from './click-row';
import { createBatchLabeller } from './label-batch';
import type { ClickRecorderOptions } from './recorder-options';
import type { ClickRecorder, VisitInfo } from './recorder-port';
import { ensurePartitionsAhead } from './click-partitions';
import { createPostgresPruner } from './prune-postgres';
import { createPruneSchedule } from './prune-schedule';
import { DEFAULT_RETRY_MAX_MS, retryDelayMs } from './retry-delay';
import { createPostgresBatchWriter } from './write-batch-postgres';

/**
 * The click recorder on PostgreSQL. As on SQLite, `record` only appends to
 * the buffer; a timer (or a full buffer) takes the buffer and writes it,
 * maxBatch clicks per transaction, off the request's path: the writes are
 * asynchronous network calls, so no writer thread is needed. Each instance
 * writes its own clicks into the shared rollups (write-batch-postgres.ts).
 * A failed write keeps its clicks, within maxBuffered, retried with a
 * doubling wait; every drop is logged with its exact count.
 */
export function createPostgresClickRecorder(db: Sql, opts: ClickRecorderOptions = {}): ClickRecorder {
  const flushIntervalMs = opts.flushIntervalMs ?? 1000;
  const maxBatch = opts.maxBatch ?? 5000;
  const maxBuffered = Math.max(opts.maxBuffered ?? maxBatch * 20, maxBatch);
  const retryMaxMs = Math.max(opts.retryMaxMs ?? DEFAULT_RETRY_MAX_MS, flushIntervalMs);
  const log = opts.log ?? ((message: string) => console.error(message));
  const label = createBatchLabeller();
  const write = createPostgresBatchWriter(db);

  const buffer = new ClickBuffer(maxBatch);
  /** Labelled clicks taken from the buffer and not yet written, oldest first. */
  let retained: ClickRow[] = [];
  let writing: Promise<void> | null = null;
  let failures = 0;
  let retryAt = 0;
  let closed = false;
  let droppedUnlogged = 0;
  let earlyFlush: NodeJS.Immediate | undefined;
  /** For metrics (server/ops/metrics.ts): what was accepted, written and dropped since start. */
  let accepted = 0;
  let written = 0;
  let lost = 0;

  const timer = setInterval(() => void flushSafely(false), flushIntervalMs);
  timer.unref();
  // Raw clicks' monthly partitions, made months ahead: at start, then hourly (any instance; under a lock).
  const makePartitions = () =>
    ensurePartitionsAhead(db, Date.now()).catch((error: unknown) => log(`click recorder: making the next months' partitions failed: ${String(error)}`));
  let making = makePartitions();
  const partitionTimer = setInterval(() => {
    making = makePartitions();
  }, 60 * 60 * 1000);
  partitionTimer.unref();
  // Statements on the pool, off the event loop's path like the writes; one instance of several runs each pass.
  const pruning = createPruneSchedule(createPostgresPruner(db), {
    retentionDays: opts.retentionDays ?? 0, batchSize: opts.pruneBatch, pauseMs: opts.prunePauseMs, firstDelayMs: opts.pruneFirstDelayMs, log,
  });

  function capRetained(): void {
    const dropped = retained.length - maxBuffered;
    if (dropped <= 0) return;
    lost += dropped;
    retained = retained.slice(dropped);
    log(`click recorder: ${dropped} clicks dropped, more than ${maxBuffered} waiting to be written`);
  }

  /** Writes what is retained plus the buffer; throws the first failure, keeping what was not written. */
  async function writeAll(): Promise<void> {
    if (droppedUnlogged > 0) {
      log(`click recorder: buffer full, ${droppedUnlogged} clicks dropped`);
      droppedUnlogged = 0;
    }
    for (const batch of buffer.takeAll()) for (const row of label(batch)) retained.push(row);
    capRetained();
    while (retained.length > 0) {
      const batch = retained.slice(0, maxBatch);
      await write(batch);
      written += batch.length;
      retained = retained.slice(batch.length);
    }
  }

  /** One write at a time: a flush asked during a write waits for it, then writes what came since. */
  async function flushNow(): Promise<void> {
    while (writing) await writing.catch(() => undefined);
    const attempt = writeAll();
    writing = attempt;
    try {
      await attempt;
      if (failures > 0) log(`click recorder: writing clicks works again after ${failures} failed attempts`);
      failures = 0;
    } catch (error) {
      failures += 1;
      retryAt = Date.now() + retryDelayMs(failures, flushIntervalMs, retryMaxMs);
      throw error;
    } finally {
      if (writing === attempt) writing = null;
    }
  }

  async function flushSafely(early: boolean): Promise<void> {
    if (writing || (buffer.length === 0 && retained.length === 0)) return;
    if (!early && Date.now() < retryAt) return;
    try {
      await flushNow();
    } catch (error) {
      log(
        `click recorder: writing ${retained.length} clicks failed, will retry in ${Math.max(0, retryAt - Date.now())} ms: ${String(error)}`,
      );
    }
  }

  return {
    record(visit: VisitInfo): void {
      if (closed) return;
      if (buffer.pushWithin(visit, maxBuffered)) {
        droppedUnlogged += 1;
        lost += 1;
      }
      accepted += 1;
      if (buffer.length >= maxBatch && !earlyFlush) {
        earlyFlush = setImmediate(() => {
          earlyFlush = undefined;
          void flushSafely(true);
        });
      }
    },
    flush: flushNow,
    prune: (nowMs) => pruning.runNow(nowMs),
    stats: () => ({ accepted, written, lost, waiting: accepted - written - lost, batchesInFlight: writing ? 1 : 0 }),
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      clearInterval(partitionTimer);
      if (earlyFlush) clearImmediate(earlyFlush);
      await pruning.close();
      await making;
      try {
        await flushNow();
      } catch (error) {
        lost += retained.length;
        log(`click recorder: ${retained.length} clicks lost at shutdown, writing them failed: ${String(error)}`);
      }
    },
  };
}
