import type { Sql } from '../db/sql';
import { fetchPageMetadata } from './fetch-page';
import type { MetadataFetcher, MetadataOutcome } from './fetcher-port';
import { fetchHttpGet, nodeHttpGet } from './http-get';
import { systemLookup, type HostLookup } from './resolve-host';

export interface MetadataFetcherOptions {
  /** Lets fetches reach loopback and private addresses (ServerConfig.allowPrivateFetch; tests). */
  allowPrivate: boolean;
  /** Whole fetch, redirects included. */
  timeoutMs?: number;
  /** Bytes of a page read at most; the head is at the start. */
  maxBytes?: number;
  /** Fetches at once. */
  concurrency?: number;
  /** Links waiting beyond this are not fetched (and logged): creation bursts must not grow memory without bound. */
  maxQueued?: number;
  /**
   * Another fetch to use instead of node:http. With node:http the connection
   * goes only to the addresses that were checked; a fetch resolves names
   * itself, so a name re-pointed between check and connect (DNS rebinding)
   * is only caught by the check on the next hop.
   */
  fetch?: typeof fetch;
  /** Name resolution, replaceable in tests; dns.lookup with all addresses by default. */
  lookup?: HostLookup;
  log?: (message: string) => void;
  /** Told how each scheduled link ended (metrics). */
  onOutcome?: (outcome: MetadataOutcome) => void;
}

interface Job {
  linkId: string;
  longUrl: string;
}

/**
 * Fetches destinationUrlMetaData in the background after a link is created:
 * `schedule` only queues; up to `concurrency` pages are read at once, each
 * within `timeoutMs` and `maxBytes`. What is found is stored as JSON in
 * links.metadata; a failure is logged and leaves the metadata `{}`.
 */
export function createMetadataFetcher(db: Sql, opts: MetadataFetcherOptions): MetadataFetcher {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const maxBytes = opts.maxBytes ?? 512 * 1024;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const maxQueued = opts.maxQueued ?? 1000;
  const get = opts.fetch ? fetchHttpGet(opts.fetch) : nodeHttpGet;
  const lookup = opts.lookup ?? systemLookup;
  const log = opts.log ?? ((message: string) => console.error(message));
  const outcome = opts.onOutcome ?? (() => {});

  const queue: Job[] = [];
  const running = new Set<AbortController>();
  let waiters: (() => void)[] = [];
  let closed = false;

  function settleIdle(): void {
    if (queue.length > 0 || running.size > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  }

  async function run(job: Job, controller: AbortController): Promise<void> {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    try {
      const metadata = await fetchPageMetadata(job.longUrl, {
        allowPrivate: opts.allowPrivate,
        maxBytes,
        signal: controller.signal,
        get,
        lookup,
      });
      const found = Object.keys(metadata).length > 0;
      if (!closed && found) await db.run('UPDATE links SET metadata = ? WHERE id = ?', [JSON.stringify(metadata), job.linkId]);
      outcome(closed ? 'aborted' : found ? 'stored' : 'empty');
    } catch (error) {
      outcome(timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'failed');
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      // The URL's origin only: its path and query can hold the link owner's private data.
      let origin = job.longUrl;
      try {
        origin = new URL(job.longUrl).origin;
      } catch {
        // Logged as given.
      }
      log(`metadata: link ${job.linkId} (${origin}): ${reason instanceof Error ? reason.message : String(reason)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  function pump(): void {
    while (!closed && running.size < concurrency && queue.length > 0) {
      const job = queue.shift() as Job;
      const controller = new AbortController();
      running.add(controller);
      void run(job, controller).finally(() => {
        running.delete(controller);
        pump();
        settleIdle();
      });
    }
  }

  return {
    schedule(linkId, longUrl) {
      if (closed) return;
      if (queue.length >= maxQueued) {
        log(`metadata: queue full, link ${linkId} gets no metadata`);
        outcome('dropped');
        return;
      }
      queue.push({ linkId, longUrl });
      // On the next turn: never any work on the creating request's path.
      setImmediate(pump);
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        // Scheduled jobs start on the next turn; judge idleness after that.
        setImmediate(settleIdle);
      });
    },
    depth: () => ({ queued: queue.length, running: running.size }),
    // Shutdown: queued links are dropped and fetches under way aborted; idle() then resolves as soon as they unwind.
    close() {
      closed = true;
      queue.length = 0;
      for (const controller of running) controller.abort(new Error('service shutting down'));
      setImmediate(settleIdle);
    },
  };
}
