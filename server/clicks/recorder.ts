import type { ServerConfig } from '../config';
import type { ClickRecorder, VisitInfo } from '../context';
import type { Db } from '../db/open';
import { locationLabel, referrerLabel } from './sanitize';
import { createUserAgentCache } from './user-agent';
import { createBatchWriter, type ClickRow } from './write-batch';

export interface ClickRecorderOptions {
  /** How often buffered clicks are written. */
  flushIntervalMs?: number;
  /** Clicks per transaction; a full buffer is flushed early. */
  maxBatch?: number;
  /** Clicks held while writes fail; beyond it the oldest are dropped (and logged). */
  maxBuffered?: number;
  /** Trusted proxy headers carrying the visitor's location (ServerConfig.geoHeaders). */
  geoHeaders?: ServerConfig['geoHeaders'];
  log?: (message: string) => void;
}

/** A visit as buffered: only strings, so a request's Headers are not kept alive. */
interface PendingClick {
  linkId: string;
  at: number;
  userAgent: string;
  referrer: string;
  country: string | null;
  state: string | null;
  city: string | null;
}

/**
 * Records clicks off the request's path. `record` only appends to an array;
 * a timer (and a full buffer, on the next turn of the event loop) writes the
 * buffer in one transaction with createBatchWriter. A failed write is logged
 * and its clicks are retried on the next flush, within `maxBuffered`.
 */
export function createClickRecorder(db: Db, opts: ClickRecorderOptions = {}): ClickRecorder {
  const flushIntervalMs = opts.flushIntervalMs ?? 1000;
  const maxBatch = opts.maxBatch ?? 5000;
  const maxBuffered = Math.max(opts.maxBuffered ?? maxBatch * 20, maxBatch);
  const geo = opts.geoHeaders ?? {};
  const log = opts.log ?? ((message: string) => console.error(message));
  const writeBatch = createBatchWriter(db);
  const labelsOf = createUserAgentCache();

  let buffer: PendingClick[] = [];
  let closed = false;
  let earlyFlush: NodeJS.Immediate | undefined;
  let dropped = 0;

  const timer = setInterval(() => flushSafely(), flushIntervalMs);
  // The timer alone must not keep a finished process (a test, the CLI) alive.
  timer.unref();

  function toRow(click: PendingClick): ClickRow {
    const labels = labelsOf(click.userAgent);
    return {
      linkId: click.linkId,
      atMs: click.at,
      ...labels,
      country: locationLabel(click.country),
      state: locationLabel(click.state),
      city: locationLabel(click.city),
      referrer: referrerLabel(click.referrer),
    };
  }

  /** Writes the whole buffer, maxBatch clicks per transaction. Throws what the database throws. */
  function flush(): void {
    if (earlyFlush) {
      clearImmediate(earlyFlush);
      earlyFlush = undefined;
    }
    while (buffer.length > 0) {
      const batch = buffer.slice(0, maxBatch);
      writeBatch(batch.map(toRow));
      buffer = buffer.slice(batch.length);
    }
  }

  function flushSafely(): void {
    try {
      flush();
    } catch (error) {
      log(`click recorder: writing ${buffer.length} clicks failed, will retry: ${String(error)}`);
    }
  }

  return {
    record(visit: VisitInfo): void {
      if (closed) return;
      if (buffer.length >= maxBuffered) {
        // Writes keep failing: keep the newest clicks, and say how many were lost.
        buffer.shift();
        dropped += 1;
        if (dropped === 1 || dropped % 1000 === 0) log(`click recorder: buffer full, ${dropped} clicks dropped`);
      }
      buffer.push({
        linkId: visit.linkId,
        at: visit.at,
        userAgent: visit.userAgent,
        referrer: visit.referrer,
        country: geo.country ? visit.headers.get(geo.country) : null,
        state: geo.state ? visit.headers.get(geo.state) : null,
        city: geo.city ? visit.headers.get(geo.city) : null,
      });
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
      flushSafely();
    },
  };
}
