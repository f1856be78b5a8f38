import type { ClickRecorder, VisitInfo } from '../context';
import type { Db } from '../db/open';
import { createClickLabeller } from './pending-click';
import { createWorkerSink, type WorkerSink } from './worker-sink';
import { createBatchWriter } from './write-batch';

export interface ClickRecorderOptions {
  /** How often buffered clicks are written. */
  flushIntervalMs?: number;
  /** Clicks per transaction; a full buffer is flushed early. */
  maxBatch?: number;
  /** Clicks held while writes fail; beyond it the oldest are dropped (and logged). */
  maxBuffered?: number;
  /**
   * Where flushes run. 'worker' (the default for a database file) writes with
   * a second connection in a writer thread, so a flush never stalls the
   * redirects; 'main' writes in this thread (always for ':memory:', which a
   * second connection cannot open).
   */
  thread?: 'worker' | 'main';
  log?: (message: string) => void;
  /** Called when the writer thread is up (tests). */
  onWriterReady?: () => void;
}

/** Longest a synchronous flush() waits for the writer thread (it starts in well under a second). */
const DRAIN_TIMEOUT_MS = 15_000;
/** Batches handed to the writer thread and not yet written; beyond it clicks wait here, within maxBuffered. */
const MAX_BATCHES_IN_FLIGHT = 8;

/**
 * Records clicks off the request's path. `record` only appends to an array;
 * a timer (and a full buffer, on the next turn of the event loop) hands the
 * buffer to the writer thread, or writes it here in one transaction when
 * there is none. Writes go through createBatchWriter (raw rows, rollups and
 * totals together). A failed write is logged and its clicks retried on the
 * next flush, within `maxBuffered`.
 */
export function createClickRecorder(db: Db, opts: ClickRecorderOptions = {}): ClickRecorder {
  const flushIntervalMs = opts.flushIntervalMs ?? 1000;
  const maxBatch = opts.maxBatch ?? 5000;
  const maxBuffered = Math.max(opts.maxBuffered ?? maxBatch * 20, maxBatch);
  const log = opts.log ?? ((message: string) => console.error(message));
  const label = createClickLabeller();
  const writeBatch = createBatchWriter(db);
  const useWorker = !db.memory && (opts.thread ?? 'worker') === 'worker';
  let sink: WorkerSink | null = null;
  if (useWorker) {
    try {
      sink = createWorkerSink({ file: db.name, maxBatch, maxBuffered, log, onReady: opts.onWriterReady });
    } catch (error) {
      // E.g. tsx, which runs the thread's TypeScript, is not installed: the service still records, here.
      log(`click recorder: no writer thread, writing in the main thread: ${String(error)}`);
    }
  }

  let buffer: VisitInfo[] = [];
  let closed = false;
  let earlyFlush: NodeJS.Immediate | undefined;
  let dropped = 0;

  const timer = setInterval(() => flushSafely(), flushIntervalMs);
  // The timer alone must not keep a finished process (a test, the CLI) alive.
  timer.unref();

  /** Gives the buffer to the writer thread; false when there is none (or it is too far behind). */
  function handOff(): boolean {
    if (!sink?.ready || sink.inFlight >= MAX_BATCHES_IN_FLIGHT) return false;
    if (buffer.length > 0) {
      sink.send(buffer);
      buffer = [];
    }
    return true;
  }

  /** Writes the buffer in this thread, maxBatch clicks per transaction. Throws what the database throws. */
  function writeHere(): void {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, maxBatch);
      writeBatch(batch.map(label));
      buffer = buffer.slice(batch.length);
    }
  }

  /** Writes (or hands off) every buffered click now; waits for the writer thread. */
  function flush(): void {
    if (earlyFlush) {
      clearImmediate(earlyFlush);
      earlyFlush = undefined;
    }
    if (sink?.ready) {
      // A thread that is behind gets to catch up first; then the rest goes, and all of it is waited for.
      if (!handOff()) sink.drain(DRAIN_TIMEOUT_MS);
      if (handOff() && sink.drain(DRAIN_TIMEOUT_MS)) return;
      log(`click recorder: writer thread did not finish within ${DRAIN_TIMEOUT_MS} ms`);
      return;
    }
    // No thread (not up yet, or failed: logged, with the batches it held): write here.
    writeHere();
  }

  function flushSafely(): void {
    try {
      if (earlyFlush) {
        clearImmediate(earlyFlush);
        earlyFlush = undefined;
      }
      // The timer's path: hand off without waiting (a thread that is behind leaves the clicks
      // buffered, within maxBuffered); write here only without a writer thread.
      if (sink?.ready) handOff();
      else writeHere();
    } catch (error) {
      log(`click recorder: writing ${buffer.length} clicks failed, will retry: ${String(error)}`);
    }
  }

  return {
    record(visit: VisitInfo): void {
      if (closed) return;
      if (buffer.length >= maxBuffered) {
        // Writes keep failing or lag behind: keep the newest clicks, and say how many were lost.
        buffer.shift();
        dropped += 1;
        if (dropped === 1 || dropped % 1000 === 0) log(`click recorder: buffer full, ${dropped} clicks dropped`);
      }
      buffer.push(visit);
      if (buffer.length >= maxBatch && !earlyFlush) {
        earlyFlush = setImmediate(() => {
          earlyFlush = undefined;
          flushSafely();
        });
      }
    },
    flush,
    close(): void {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      try {
        flush();
      } catch (error) {
        log(`click recorder: writing ${buffer.length} clicks at close failed: ${String(error)}`);
      }
      sink?.close();
    },
  };
}
