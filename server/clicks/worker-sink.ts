import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FlushWorkerData, FlushWorkerMessage, FlushWorkerReply } from './flush-worker';
import type { PruneResult } from './recorder-port';
import type { ClickBatch } from './click-batch';

/** Sends batches of visits to the writer thread; `drain` waits until it has handled them all. */
export interface WorkerSink {
  /** `now`: write at once, even while the thread waits to retry a failed write. */
  send(batches: ClickBatch[], now: boolean): void;
  /** Asks the thread for a pruning pass now; resolves with its outcome. */
  prune(nowMs: number): Promise<PruneResult>;
  /** Blocks until every batch sent is handled; false when the thread did not answer in time. */
  drain(timeoutMs: number): boolean;
  /** True once the thread has opened its connection, false again if it fails: only then are batches sent. */
  readonly ready: boolean;
  /** Batches sent and not yet handled. */
  readonly inFlight: number;
  /** Clicks the thread has written, and clicks it has dropped or lost. */
  readonly written: number;
  readonly lost: number;
  /**
   * Asks the thread to write what it kept (or log exactly how many clicks are
   * lost) and stop; waits for that. False when it did not answer in time.
   */
  close(timeoutMs: number): boolean;
  /**
   * Resolves once the thread has exited, its connection closed: a thread
   * still starting when close() is called opens the database after close()
   * returns, and only closes it on reading the close message. Past
   * `timeoutMs` the thread is terminated.
   */
  stopped(timeoutMs: number): Promise<void>;
}

/**
 * The worker is TypeScript, like the rest of the service, which runs under
 * tsx. Node 20 does not carry the main thread's module hooks into workers, so
 * the worker starts with a line of JavaScript that registers tsx's hooks in
 * its own thread and then imports flush-worker.ts. The built service
 * (scripts/build-server.mjs) is JavaScript with flush-worker.js beside
 * cli.js, and no tsx installed: the thread loads that file directly.
 */
function bootstrap(): { code: string; entry: string; tsx: string } {
  const built = fileURLToPath(import.meta.url).endsWith('.js');
  if (built) {
    const entry = pathToFileURL(fileURLToPath(new URL('./flush-worker.js', import.meta.url))).href;
    return { code: 'import(require(\'node:worker_threads\').workerData.entry);', entry, tsx: '' };
  }
  // require.resolve finds tsx's CommonJS build; its ES module build (the one that works when
  // imported) is the sibling index.mjs.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = pathToFileURL(fileURLToPath(new URL('./flush-worker.ts', import.meta.url))).href;
  const code =
    "const { workerData } = require('node:worker_threads');" +
    'import(workerData.tsx).then((api) => { api.register(); return import(workerData.entry); });';
  return { code, entry, tsx };
}

export function createWorkerSink(opts: {
  file: string;
  maxBatch: number;
  maxBuffered: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxPageCount: number | undefined;
  prune: FlushWorkerData['prune'];
  log: (message: string) => void;
  onReady?: () => void;
}): WorkerSink {
  const acknowledged = new SharedArrayBuffer(4);
  const seen = new Int32Array(acknowledged);
  const countsBuffer = new SharedArrayBuffer(16);
  const counts = new BigInt64Array(countsBuffer);
  const { code, entry, tsx } = bootstrap();
  const workerData: FlushWorkerData & { entry: string; tsx: string } = {
    file: opts.file, acknowledged, maxBatch: opts.maxBatch, maxBuffered: opts.maxBuffered,
    retryBaseMs: opts.retryBaseMs, retryMaxMs: opts.retryMaxMs, maxPageCount: opts.maxPageCount ?? null, counts: countsBuffer, prune: opts.prune, entry, tsx,
  };
  const worker = new Worker(code, { eval: true, workerData });
  // The writer thread alone must not keep a finished process alive.
  worker.unref();
  let sent = 0;
  let ready = false;
  let failed = false;
  let pruneIds = 0;
  const prunes = new Map<number, { resolve: (result: PruneResult) => void; reject: (error: Error) => void }>();
  worker.on('message', (message: FlushWorkerReply) => {
    if ('log' in message) opts.log(message.log);
    if ('ready' in message && !failed) {
      ready = true;
      opts.onReady?.();
    }
    if ('pruneId' in message) {
      const waiting = prunes.get(message.pruneId);
      prunes.delete(message.pruneId);
      if ('result' in message) waiting?.resolve(message.result);
      else waiting?.reject(new Error(message.error));
    }
  });
  worker.on('error', (error) => {
    failed = true;
    ready = false;
    opts.log(`click recorder: writer thread failed, writing in the main thread instead: ${String(error)}`);
  });
  const exit = new Promise<void>((resolve) => {
    worker.on('exit', () => {
      failed = true;
      ready = false;
      for (const waiting of prunes.values()) waiting.reject(new Error('the click writer thread stopped'));
      prunes.clear();
      resolve();
    });
  });

  const post = (message: FlushWorkerMessage) => worker.postMessage(message);
  function drain(timeoutMs: number): boolean {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = Atomics.load(seen, 0);
      if (current >= sent) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      Atomics.wait(seen, 0, current, left);
    }
  }
  return {
    send(batches, now) {
      sent += 1;
      const transfer = batches.flatMap((batch) => [batch.at.buffer, batch.refs.buffer, batch.bots.buffer]);
      worker.postMessage({ seq: sent, batches, now } satisfies FlushWorkerMessage, transfer);
    },
    drain,
    prune(nowMs) {
      if (failed) return Promise.reject(new Error('the click writer thread stopped'));
      pruneIds += 1;
      const pruneId = pruneIds;
      const outcome = new Promise<PruneResult>((resolve, reject) => prunes.set(pruneId, { resolve, reject }));
      post({ pruneId, nowMs });
      return outcome;
    },
    get ready() {
      return ready;
    },
    get inFlight() {
      return sent - Atomics.load(seen, 0);
    },
    get written() {
      return Number(Atomics.load(counts, 0));
    },
    get lost() {
      return Number(Atomics.load(counts, 1));
    },
    close(timeoutMs) {
      // A thread that never came up was never sent a click: nothing to wait for.
      const holdsClicks = ready;
      ready = false;
      if (failed) return true;
      sent += 1;
      post({ seq: sent, close: true });
      return !holdsClicks || drain(timeoutMs);
    },
    async stopped(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), timeoutMs);
      });
      if ((await Promise.race([exit, late])) === 'late') {
        opts.log(`click recorder: writer thread did not exit within ${timeoutMs} ms; stopping it`);
        await worker.terminate();
      }
      clearTimeout(timer);
    },
  };
}
