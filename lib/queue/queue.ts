/**
 * The offline queue (docs/design.md, Offline queue). Mutations that could not reach
 * the service wait here, in IndexedDB, and are replayed later:
 *
 * - persisted before anything is sent, removed only after a final answer
 *   (Workbox deletes first and loses entries when the worker dies);
 * - one replayer at a time (Web Locks, plus an in-process guard), with up to
 *   six items in flight, each under its own idempotency key; items about the
 *   same thing go one after the other (./lanes.ts);
 * - network errors, timeouts, 408 and 5xx are retried with full-jitter
 *   backoff; a service out of reach holds its profile's items and is probed
 *   every few seconds until it answers (./probe.ts); a 429 pauses that
 *   profile for its Retry-After, the others go on; a 4xx moves the item to
 *   `failed` with the service's message; a 401 pauses the profile's items
 *   until the token is fixed;
 * - compound work saves its progress, so a retry does only what is left;
 * - an answer that cannot be read leaves the outcome unknown: the item keeps
 *   its key and is retried, so the service replays its first answer;
 * - `runNow` sends one item at once for a caller that waits for the result
 *   (the popup's shorten) through the same handler as the replay: there is
 *   one implementation of each operation.
 *
 * The runner keeps no items in memory. Pages follow `local:queueSize` and
 * `local:queueStatus` (./status.ts), rewritten after changes a few times a
 * second at most (./publisher.ts); the background schedules an alarm for
 * `ReplayReport.nextAttemptAt`.
 *
 * Exactly once needs the service's help: it must honour `Idempotency-Key`
 * (docs/design.md; the interface does not define it). Against a service that
 * ignores it, a retry after an unknown outcome (a lost answer, a worker
 * stopped mid-send) may make a second link.
 *
 * This file is the queue's face and composes its parts: ./enqueue.ts (a new
 * item), ./replay.ts (the replay loop), ./run-now.ts, ./due-now.ts (retry
 * now, back online, token fixed), over ./runner-context.ts.
 */
import { createDueNow } from './due-now';
import { createPut, type EnqueueOptions } from './enqueue';
import { createReplay } from './replay';
import { createRunNow, type RunNowOptions } from './run-now';
import { createRunnerContext, type QueueRunnerDeps } from './runner-context';
import type { PayloadOf, QueueItem, QueueItemOf, QueueKind, ReplayReport, RunOutcome } from './types';

export type * from './types';
export type { QueueRunnerDeps } from './runner-context';
export type { EnqueueOptions } from './enqueue';
export type { RunNowOptions } from './run-now';
export { queueSizeItem, queueStatusItem } from './status';
export { DEFAULT_BACKOFF } from './backoff';

export interface OfflineQueue {
  enqueue<K extends QueueKind>(kind: K, payload: PayloadOf<K>, opts?: EnqueueOptions<K>): Promise<QueueItemOf<K>>;
  /** Every item, oldest first, whatever its state. */
  list(): Promise<QueueItem[]>;
  replay(): Promise<ReplayReport>;
  /** Makes one item (or every item not held by its sender) due now, failed and paused ones included, then replays. */
  retryNow(id?: string): Promise<ReplayReport>;
  /**
   * Makes every pending item due now and replays: the network is back, so the
   * waits their backoff guessed are over. Failed items wait for the user,
   * paused ones for a working token, held ones for their sender.
   */
  sendPendingNow(): Promise<ReplayReport>;
  /** The user discards an item. */
  remove(id: string): Promise<void>;
  /**
   * Persists an item, then sends it at once through its kind's handler, the
   * same code a replay runs, and returns how it went. While it is being sent
   * the item is leased to this caller: no replayer sends it, it is not counted
   * as waiting and pages do not list it. A final refusal removes it (the
   * caller shows it); a retryable failure or an unknown outcome leaves it
   * pending with its key and the usual backoff. The answer comes as soon as
   * the handler is done; the queue's own bookkeeping follows (`settled()`).
   */
  runNow<K extends QueueKind>(kind: K, payload: PayloadOf<K>, opts: RunNowOptions): Promise<RunOutcome<K>>;
  /** Resolves when the bookkeeping of every `runNow` already answered is written. */
  settled(): Promise<void>;
  /** The token was fixed: paused items become pending and are replayed. */
  resumeAfterAuthFix(): Promise<ReplayReport>;
}

export function createQueueRunner(deps: QueueRunnerDeps): OfflineQueue {
  const ctx = createRunnerContext(deps);
  const put = createPut(ctx);
  const replay = createReplay(ctx);
  const { runNow, settled } = createRunNow(ctx, put);
  const { retryNow, sendPendingNow, resumeAfterAuthFix } = createDueNow(ctx, replay);
  return {
    enqueue: (kind, payload, opts) => put(kind, payload, opts),
    list: () => ctx.store.all(),
    replay,
    retryNow,
    sendPendingNow,
    async remove(id) {
      await ctx.store.remove(id);
      await ctx.changed();
    },
    runNow,
    settled,
    resumeAfterAuthFix,
  };
}
