/**
 * Publishing the queue's status (./status.ts) after changes. Each publish
 * reads the whole store to count it, so publishes are shared: one at a time,
 * and a change made while one runs is covered by the next, which every
 * caller arriving meanwhile waits for. A replay's per-item changes only
 * `touch()`: a drain publishes a few times a second, whatever its speed,
 * instead of reading and rewriting the whole queue for every item sent.
 */
import type { QueueStatus } from './types';

/** How often a drain tells pages and the badge how far it got: quick enough to watch, rare enough to cost nothing. */
export const PUBLISH_EVERY_MS = 250;

/**
 * A touch waits at least this many times as long as the last read of the
 * store took. The read is one whole-store transaction, and the sends' own
 * writes wait behind it: on a loaded machine a read of 500 items took 277 ms
 * (test/bench/queue-drain), so every 250 ms it held up the drain for longer
 * than the gap between reads. This keeps reading to a fifth of the time.
 */
export const READ_SHARE_INVERSE = 5;

export interface StatusPublisher {
  /** Publishes soon; resolves with a status read after this call. */
  changed(): Promise<QueueStatus>;
  /** Asks for a publish within PUBLISH_EVERY_MS, for changes nobody waits to see. */
  touch(): void;
  /** The status published last, or null before the first. */
  last(): QueueStatus | null;
}

export function createStatusPublisher(
  read: () => Promise<QueueStatus>,
  publish: (status: QueueStatus) => void | Promise<void>,
  clock: () => number = () => performance.now(),
): StatusPublisher {
  let running: Promise<QueueStatus> | null = null;
  /** How long the last read of the store took. */
  let lastReadMs = 0;
  let next: Promise<QueueStatus> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastStatus: QueueStatus | null = null;

  function runOnce(): Promise<QueueStatus> {
    const run = (async () => {
      const started = clock();
      const status = await read();
      lastReadMs = clock() - started;
      await publish(status);
      lastStatus = status;
      return status;
    })();
    running = run;
    const clear = () => {
      if (running === run) running = null;
    };
    run.then(clear, clear);
    return run;
  }

  function changed(): Promise<QueueStatus> {
    // A touch waiting for its timer is covered by the publish this starts (or joins).
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (running === null) return runOnce();
    // The running publish may have read the store before this change: join the one after it.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return runOnce();
      });
    return next;
  }

  return {
    changed,
    touch() {
      if (timer !== null || next !== null) return;
      timer = setTimeout(() => {
        timer = null;
        changed().catch((err: unknown) => console.error('offline queue status failed', err));
      }, Math.max(PUBLISH_EVERY_MS, lastReadMs * READ_SHARE_INVERSE));
    },
    last: () => lastStatus,
  };
}
