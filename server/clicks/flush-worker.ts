/**
 * The click recorder's writer thread (see worker-sink.ts): labels buffered
 * visits and writes them with its own SQLite connection, so the event loop
 * that answers redirects never waits on a flush. Each message is acknowledged
 * in shared memory, written or not, so a synchronous flush() can wait for it.
 * Clicks whose write failed (a full disk) are kept, within maxBuffered, and
 * retried on this thread's own timer with a doubling wait; at close they are
 * written or their exact number is logged as lost. Raw-click retention runs
 * here too (prune-schedule.ts): its batches interleave with the writes on
 * this thread's connection, and the redirects' event loop never runs one.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { ClickBatch } from './click-batch';
import type { ClickRow } from './click-row';
import { createBatchLabeller } from './label-batch';
import { createPruneSchedule } from './prune-schedule';
import { createSqlitePruner } from './prune-sqlite';
import type { PruneResult } from './recorder-port';
import { retryDelayMs } from './retry-delay';
import { createBatchWriter } from './write-batch';

export interface FlushWorkerData {
  file: string;
  acknowledged: SharedArrayBuffer;
  maxBatch: number;
  maxBuffered: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** PRAGMA max_page_count for this connection (tests simulating a full disk), or null. */
  maxPageCount: number | null;
  /** [clicks written, clicks lost], added to here and read by the main thread (metrics). */
  counts: SharedArrayBuffer;
  /** Raw-click retention (recorder-options.ts); retentionDays 0 prunes nothing. */
  prune: { retentionDays: number; batchSize?: number; pauseMs?: number; firstDelayMs?: number };
}

export type FlushWorkerMessage =
  | { seq: number; batches: ClickBatch[]; now: boolean }
  | { seq: number; close: true }
  | { pruneId: number; nowMs: number };

/** What the thread posts back: a line to log, that it is up, or a pruning pass's outcome. */
export type FlushWorkerReply =
  | { log: string }
  | { ready: true }
  | { pruneId: number; result: PruneResult }
  | { pruneId: number; error: string };

const port = parentPort;
if (!port) throw new Error('flush-worker runs only as a worker thread');
const data = workerData as FlushWorkerData;
const db = new Database(data.file);
// The same settings as openDatabase; the schema is already migrated by the main thread.
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
if (data.maxPageCount !== null) db.pragma(`max_page_count = ${Math.floor(data.maxPageCount)}`);
const acknowledged = new Int32Array(data.acknowledged);
const counts = new BigInt64Array(data.counts);
const label = createBatchLabeller();
const write = createBatchWriter(db);
/** Labelled clicks whose write failed, oldest first. */
let retained: ClickRow[] = [];
let failures = 0;
let retryTimer: NodeJS.Timeout | undefined;
const reply = (message: FlushWorkerReply) => port.postMessage(message);
const log = (message: string) => reply({ log: `click recorder: ${message}` });
const pruning = createPruneSchedule(createSqlitePruner(db), { ...data.prune, log: (message) => reply({ log: message }) });
reply({ ready: true });

/** Writes what is retained, maxBatch per transaction; what fails stays retained. Returns the error, if any. */
function writeRetained(): unknown {
  let written = 0;
  try {
    while (written < retained.length) {
      const batch = retained.slice(written, written + data.maxBatch);
      write(batch);
      Atomics.add(counts, 0, BigInt(batch.length));
      written += batch.length;
    }
    retained = [];
    return undefined;
  } catch (error) {
    retained = retained.slice(written);
    return error;
  }
}

/** Keeps the newest maxBuffered clicks, logging exactly how many older ones are dropped. */
function capRetained(): void {
  const dropped = retained.length - data.maxBuffered;
  if (dropped <= 0) return;
  retained = retained.slice(dropped);
  Atomics.add(counts, 1, BigInt(dropped));
  log(`${dropped} clicks dropped, more than ${data.maxBuffered} waiting to be written`);
}

function attempt(): void {
  if (retryTimer) {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  }
  if (retained.length === 0) return;
  const error = writeRetained();
  if (error === undefined) {
    if (failures > 0) log(`writing clicks works again after ${failures} failed attempts`);
    failures = 0;
    return;
  }
  failures += 1;
  capRetained();
  const wait = retryDelayMs(failures, data.retryBaseMs, data.retryMaxMs);
  log(`writing ${retained.length} clicks failed, will retry in ${wait} ms: ${String(error)}`);
  // Retried whether or not new clicks arrive.
  retryTimer = setTimeout(attempt, wait);
}

function acknowledge(seq: number): void {
  Atomics.store(acknowledged, 0, seq);
  Atomics.notify(acknowledged, 0);
}

port.on('message', (message: FlushWorkerMessage) => {
  if ('pruneId' in message) {
    const { pruneId } = message;
    pruning.runNow(message.nowMs).then(
      (result) => reply({ pruneId, result }),
      (error: unknown) => reply({ pruneId, error: String(error) }),
    );
    return;
  }
  if ('close' in message) {
    // A pass under way stops after its current batch (synchronous: it is not running now).
    void pruning.close();
    attempt();
    if (retryTimer) clearTimeout(retryTimer);
    if (retained.length > 0) log(`${retained.length} clicks lost at shutdown: they could not be written`);
    Atomics.add(counts, 1, BigInt(retained.length));
    db.close();
    acknowledge(message.seq);
    port.close();
    return;
  }
  for (const batch of message.batches) for (const row of label(batch)) retained.push(row);
  // While waiting to retry, new clicks join the wait (a full disk is not hammered) unless a flush asks now.
  if (message.now || retryTimer === undefined) attempt();
  else capRetained();
  acknowledge(message.seq);
});
