/**
 * The click recorder's writer thread (see worker-sink.ts): labels buffered
 * visits and writes them with its own SQLite connection, so the event loop
 * that answers redirects never waits on a flush. Each batch is acknowledged
 * in shared memory, written or not, so a synchronous flush() can wait for it.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { PendingClick } from './pending-click';
import { createClickLabeller } from './pending-click';
import { createBatchWriter, type ClickRow } from './write-batch';

export interface FlushWorkerData {
  file: string;
  acknowledged: SharedArrayBuffer;
  maxBatch: number;
  maxBuffered: number;
}

export type FlushWorkerMessage = { seq: number; clicks: PendingClick[] } | { close: true };

const port = parentPort;
if (!port) throw new Error('flush-worker runs only as a worker thread');
const data = workerData as FlushWorkerData;
const db = new Database(data.file);
// The same settings as openDatabase; the schema is already migrated by the main thread.
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
const acknowledged = new Int32Array(data.acknowledged);
const label = createClickLabeller();
const write = createBatchWriter(db);
let retained: ClickRow[] = [];
port.postMessage({ ready: true });

port.on('message', (message: FlushWorkerMessage) => {
  if ('close' in message) {
    db.close();
    port.close();
    return;
  }
  const rows = retained.concat(message.clicks.map(label));
  let written = 0;
  try {
    while (written < rows.length) {
      const batch = rows.slice(written, written + data.maxBatch);
      write(batch);
      written += batch.length;
    }
    retained = [];
  } catch (error) {
    // Kept for the next batch, newest first when over the cap, as the in-thread recorder does.
    const left = rows.slice(written);
    retained = left.slice(Math.max(0, left.length - data.maxBuffered));
    const dropped = left.length - retained.length;
    port.postMessage({
      log: `click recorder: writing ${left.length} clicks failed, will retry${dropped > 0 ? ` (${dropped} dropped)` : ''}: ${String(error)}`,
    });
  }
  Atomics.store(acknowledged, 0, message.seq);
  Atomics.notify(acknowledged, 0);
});
