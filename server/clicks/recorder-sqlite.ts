import type BetterSqlite3 from 'better-sqlite3';
import { ClickBuffer } from './click-batch';
import { createBatchLabeller } from './label-batch';
import type { ClickRecorderOptions } from './recorder-options';
import type { ClickRecorder, VisitInfo } from './recorder-port';
import { createPruneSchedule, type PruneSchedule } from './prune-schedule';
import { createSqlitePruner } from './prune-sqlite';
import type { PruneResult } from './recorder-port';
import { DEFAULT_RETRY_MAX_MS, retryDelayMs } from './retry-delay';
import { createWorkerSink, type WorkerSink } from './worker-sink';
import { createBatchWriter } from './write-batch';

/** Longest a synchronous flush() waits for the writer thread (it starts in well under a second). */
const DRAIN_TIMEOUT_MS = 15_000;
/** Batches handed to the writer thread and not yet written; beyond it clicks wait here, within maxBuffered. */
const MAX_BATCHES_IN_FLIGHT = 8;

/** SQLite's recorder; flush() and close() finish before they return. */
export interface SyncClickRecorder {
  record(visit: VisitInfo): void;
  flush(): void;
  close(): void;
  /** Resolves once the writer thread, if any, has exited (call after close). */
  stopped(): Promise<void>;
  writerAlive(): boolean;
  prune(nowMs?: number): Promise<PruneResult>;
  stats(): NonNullable<ReturnType<NonNullable<ClickRecorder['stats']>>>;
}

/**
 * Records clicks off the request's path. `record` only appends to an array;
 * a timer (and a full buffer, on the next turn of the event loop) hands the
 * buffer to the writer thread, or writes it here in one transaction when
 * there is none. Writes go through createBatchWriter (raw rows, rollups and
 * totals together). A failed write (a full disk) keeps its clicks, within
 * `maxBuffered`, and is retried on the timer with a doubling wait, whether or
 * not new clicks arrive; close() writes what is left or logs exactly how many
 * clicks were lost. Every drop is logged with its exact count.
 */
export function createSqliteClickRecorder(db: BetterSqlite3.Database, opts: ClickRecorderOptions = {}): SyncClickRecorder {
  const flushIntervalMs = opts.flushIntervalMs ?? 1000;
  const maxBatch = opts.maxBatch ?? 5000;
  const maxBuffered = Math.max(opts.maxBuffered ?? maxBatch * 20, maxBatch);
  const retryMaxMs = Math.max(opts.retryMaxMs ?? DEFAULT_RETRY_MAX_MS, flushIntervalMs);
  const log = opts.log ?? ((message: string) => console.error(message));
  const label = createBatchLabeller();
  const writeBatch = createBatchWriter(db);
  const useWorker = !db.memory && (opts.thread ?? 'worker') === 'worker';
  const prune = {
    retentionDays: opts.retentionDays ?? 0, batchSize: opts.pruneBatch, pauseMs: opts.prunePauseMs, firstDelayMs: opts.pruneFirstDelayMs,
  };
  let sink: WorkerSink | null = null;
  if (useWorker) {
    try {
      sink = createWorkerSink({
        file: db.name, maxBatch, maxBuffered, retryBaseMs: flushIntervalMs, retryMaxMs,
        maxPageCount: opts.writerMaxPageCount, prune, log, onReady: opts.onWriterReady,
      });
    } catch (error) {
      // E.g. tsx, which runs the thread's TypeScript, is not installed: the service still records, here.
      log(`click recorder: no writer thread, writing in the main thread: ${String(error)}`);
    }
  }

  // Pruning runs in the writer thread; here only without one (':memory:', tests).
  const pruningHere: PruneSchedule | null = sink ? null : createPruneSchedule(createSqlitePruner(db), { ...prune, log });

  let buffer = new ClickBuffer(maxBatch);
  let closed = false;
  let earlyFlush: NodeJS.Immediate | undefined;
  /** Clicks dropped from a full buffer and not yet logged. */
  let droppedUnlogged = 0;
  /** Clicks taken by record(), and written or lost in this thread (the writer thread counts its own). */
  let accepted = 0;
  let writtenHere = 0;
  let lostHere = 0;
  /** Failed writes in a row in this thread, and when the next may be tried. */
  let failures = 0;
  let retryAt = 0;

  const timer = setInterval(() => flushSafely(), flushIntervalMs);
  // The timer alone must not keep a finished process (a test, the CLI) alive.
  timer.unref();

  /**
   * Gives the buffer to the writer thread; false when there is none (or it is
   * too far behind). `now` asks it to write at once, even while it waits to
   * retry a failed write, and is sent even with nothing new so that what it
   * keeps is tried too.
   */
  function handOff(now: boolean): boolean {
    if (!sink?.ready || sink.inFlight >= MAX_BATCHES_IN_FLIGHT) return false;
    if (buffer.length > 0 || now) sink.send(buffer.takeAll(), now);
    return true;
  }

  function logDrops(): void {
    if (droppedUnlogged === 0) return;
    log(`click recorder: buffer full, ${droppedUnlogged} clicks dropped`);
    droppedUnlogged = 0;
  }

  /** writeHere, counting failures in a row for the retry wait; throws what the database throws. */
  function attemptHere(): void {
    try {
      writeHere();
      failures = 0;
    } catch (error) {
      failures += 1;
      retryAt = Date.now() + retryDelayMs(failures, flushIntervalMs, retryMaxMs);
      throw error;
    }
  }

  /** Writes the buffer in this thread, maxBatch clicks per transaction. Throws what the database throws. */
  function writeHere(): void {
    for (let batch = buffer.peek(); batch; batch = buffer.peek()) {
      writeBatch(label(batch));
      writtenHere += batch.at.length;
      buffer.shift();
    }
  }

  /** Writes (or hands off) every buffered click now; waits for the writer thread. */
  function flush(): void {
    logDrops();
    if (earlyFlush) {
      clearImmediate(earlyFlush);
      earlyFlush = undefined;
    }
    if (sink?.ready) {
      // A thread that is behind gets to catch up first; then the rest goes, and all of it is waited for.
      if (!handOff(false)) sink.drain(DRAIN_TIMEOUT_MS);
      if (handOff(true) && sink.drain(DRAIN_TIMEOUT_MS)) return;
      log(`click recorder: writer thread did not finish within ${DRAIN_TIMEOUT_MS} ms`);
      return;
    }
    // No thread (not up yet, or failed: logged, with the batches it held): write here.
    attemptHere();
  }

  function flushSafely(): void {
    try {
      if (earlyFlush) {
        clearImmediate(earlyFlush);
        earlyFlush = undefined;
      }
      logDrops();
      // The timer's path: hand off without waiting (a thread that is behind leaves the clicks
      // buffered, within maxBuffered; the thread retries its failed writes on its own timer);
      // write here only without a writer thread, and after a failure only once the wait is over.
      if (sink?.ready) handOff(false);
      else if (buffer.length > 0 && Date.now() >= retryAt) attemptHere();
    } catch (error) {
      const wait = retryAt - Date.now();
      log(`click recorder: writing ${buffer.length} clicks failed, will retry in ${Math.max(0, wait)} ms: ${String(error)}`);
    }
  }

  return {
    record(visit: VisitInfo): void {
      if (closed) return;
      // A full buffer drops its oldest click; the exact count is logged on the next turn of the timer.
      if (buffer.pushWithin(visit, maxBuffered)) {
        lostHere += 1;
        droppedUnlogged += 1;
      }
      accepted += 1;
      if (buffer.length >= maxBatch && !earlyFlush) {
        earlyFlush = setImmediate(() => {
          earlyFlush = undefined;
          flushSafely();
        });
      }
    },
    flush,
    prune: (nowMs = Date.now()) => (pruningHere ? pruningHere.runNow(nowMs) : (sink as WorkerSink).prune(nowMs)),
    writerAlive: () => !useWorker || (sink?.ready ?? false),
    stats() {
      const written = writtenHere + (sink?.written ?? 0);
      const lost = lostHere + (sink?.lost ?? 0);
      return { accepted, written, lost, waiting: accepted - written - lost, batchesInFlight: sink?.inFlight ?? 0 };
    },
    stopped: async () => sink?.stopped(DRAIN_TIMEOUT_MS),
    close(): void {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      // Synchronous SQLite: no batch is running while this runs, so the pass stops before its next one.
      void pruningHere?.close();
      try {
        flush();
      } catch (error) {
        log(`click recorder: ${buffer.length} clicks lost at shutdown, writing them failed: ${String(error)}`);
        lostHere += buffer.length;
        buffer = new ClickBuffer(maxBatch);
      }
      // The thread writes what it kept (or logs how many clicks were lost) before it stops.
      if (sink && !sink.close(DRAIN_TIMEOUT_MS)) {
        log(`click recorder: writer thread did not stop within ${DRAIN_TIMEOUT_MS} ms; what it held is lost`);
      }
    },
  };
}
