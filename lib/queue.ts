/**
 * The offline queue (DESIGN.md, Offline queue). Mutations that could not reach
 * the service wait here, in IndexedDB, and are replayed later:
 *
 * - persisted before anything is sent, removed only after a final answer
 *   (Workbox deletes first and loses entries when the worker dies);
 * - one replayer at a time (Web Locks, plus an in-process guard);
 * - network errors, timeouts, 408, 429 and 5xx are retried with full-jitter
 *   backoff, honouring Retry-After; a 4xx moves the item to `failed` with the
 *   service's message; a 401 pauses every item until the token is fixed;
 * - compound work saves its progress, so a retry does only what is left.
 *
 * The runner keeps no items in memory. Pages follow `local:queueSize` and
 * `local:queueStatus` (./queue/status.ts), which every change rewrites; the
 * background schedules an alarm for `ReplayReport.nextAttemptAt`.
 */
import type { ApiClient } from './api/client';
import { ApiError, UnauthorizedError, isRetryable } from './api/errors';
import { DEFAULT_BACKOFF, retryDelay, type BackoffOptions } from './queue/backoff';
import { FinalFailure, handlers, type Handler } from './queue/handlers';
import { defaultLocks, withReplayLock, type LockManagerLike } from './queue/lock';
import { isHeld, publishStatus, summarise } from './queue/status';
import { createQueueStore, type QueueStore } from './queue/store';
import type {
  PayloadOf,
  ProgressOf,
  QueueError,
  QueueItem,
  QueueItemOf,
  QueueKind,
  QueueStatus,
  ReplayReport,
  ResultOf,
} from './queue/types';

export type * from './queue/types';
export { queueSizeItem, queueStatusItem } from './queue/status';
export { backoffDelay, retryDelay, DEFAULT_BACKOFF } from './queue/backoff';
export { FinalFailure } from './queue/handlers';

export interface QueueRunnerDeps {
  /** The client to send with, built from the current settings (called once per replay). */
  getClient: () => ApiClient | Promise<ApiClient>;
  now?: () => number;
  /** Uniform in [0, 1), for the backoff jitter. */
  random?: () => number;
  newId?: () => string;
  /** Web Locks; defaults to `navigator.locks` when present. Pass null to rely on the in-process guard only. */
  locks?: LockManagerLike | null;
  store?: QueueStore;
  backoff?: BackoffOptions;
  /** An item finished: notify, copy, update the cache. Called after it left the queue. */
  onDone?: <K extends QueueKind>(item: QueueItemOf<K>, result: ResultOf<K>) => void | Promise<void>;
  /** An item got a final error answer and now waits in the failed list. */
  onFailed?: (item: QueueItem, error: QueueError) => void | Promise<void>;
  /** The service refused the token: the queue is paused until `resumeAfterAuthFix()`. */
  onPaused?: (error: QueueError) => void | Promise<void>;
  /** After every change; defaults to writing `local:queueSize` and `local:queueStatus`. */
  onChange?: (status: QueueStatus) => void | Promise<void>;
}

export interface EnqueueOptions<K extends QueueKind> {
  /** The key the first, failed, send used: the retry must reuse it. Fresh when absent. */
  idempotencyKey?: string;
  progress?: ProgressOf<K> | null;
  /** The error of the send that already failed: counts as the first attempt and sets the first wait. */
  error?: unknown;
}

export interface HoldOptions {
  idempotencyKey: string;
  /** How long the replayer leaves the item to its caller; past it, the caller is taken to have died mid-send. */
  leaseMs: number;
}

export interface OfflineQueue {
  enqueue<K extends QueueKind>(kind: K, payload: PayloadOf<K>, opts?: EnqueueOptions<K>): Promise<QueueItemOf<K>>;
  /** Every item, oldest first, whatever its state. */
  list(): Promise<QueueItem[]>;
  /** Items still waiting to be sent: pending + paused. */
  count(): Promise<number>;
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
   * Persists work its caller is about to send itself, before it is sent
   * (DESIGN.md: persisted before anything is sent). The replayer leaves the
   * item alone for the lease, so it is never sent twice at once; if the
   * caller's worker dies mid-send, the item is replayed once the lease ends.
   */
  hold<K extends QueueKind>(kind: K, payload: PayloadOf<K>, opts: HoldOptions): Promise<QueueItemOf<K>>;
  /** Records a finished step of held compound work, so a replay does only what is left. */
  progress<K extends QueueKind>(id: string, progress: ProgressOf<K>): Promise<void>;
  /**
   * The caller's own send of a held item ended. Success or a final refusal
   * (which the caller shows) removes the item; a retryable failure leaves it
   * to the replayer with the usual backoff. Returns where the item is now.
   */
  settle(id: string, error?: unknown): Promise<'removed' | 'queued'>;
  /** The token was fixed: paused items become pending and are replayed. */
  resumeAfterAuthFix(): Promise<ReplayReport>;
  /** When the next pending item is due, or null. */
  nextAttemptAt(): Promise<number | null>;
}

export function createQueueRunner(deps: QueueRunnerDeps): OfflineQueue {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const locks = deps.locks === undefined ? defaultLocks() : deps.locks;
  const store = deps.store ?? createQueueStore();
  const backoff = deps.backoff ?? DEFAULT_BACKOFF;
  const onChange = deps.onChange ?? publishStatus;
  let seq = 0;
  let running: Promise<ReplayReport> | null = null;
  let again = false;

  async function changed(): Promise<QueueStatus> {
    const status = summarise(await store.all(), now());
    await onChange(status);
    return status;
  }

  async function enqueue<K extends QueueKind>(
    kind: K,
    payload: PayloadOf<K>,
    opts: EnqueueOptions<K> & { leaseMs?: number } = {},
  ) {
    const createdAt = now();
    const failed = opts.error !== undefined;
    // Time first so ids sort in creation order; the counter orders items made in the same millisecond.
    const id = `${createdAt.toString(36).padStart(10, '0')}-${(seq++ % 1_679_616).toString(36).padStart(4, '0')}-${newId().slice(0, 8)}`;
    const item: QueueItemOf<K> = {
      id,
      kind,
      createdAt,
      attempts: failed ? 1 : 0,
      nextAttemptAt: failed ? createdAt + retryDelay(opts.error, 0, random, backoff) : createdAt,
      idempotencyKey: opts.idempotencyKey ?? crypto.randomUUID(),
      payload,
      progress: opts.progress ?? null,
      state: 'pending',
      ...(failed ? { lastError: describe(opts.error) } : {}),
      // Held: the caller's own send is the first attempt; the replayer waits for the lease.
      ...(opts.leaseMs !== undefined
        ? { attempts: 1, nextAttemptAt: createdAt + opts.leaseMs, heldUntil: createdAt + opts.leaseMs }
        : {}),
    };
    await store.put(item as QueueItem);
    // A held item is not counted (queue/status.ts): publishing would change nothing and wake every watcher.
    if (opts.leaseMs === undefined) await changed();
    return item;
  }

  /** Sends one item; returns whether the pass should go on. */
  async function send(client: ApiClient, id: string, report: ReplayReport): Promise<'next' | 'stop'> {
    // Re-read: the user may have removed or retried it since the pass began. Count the attempt first.
    const item = await store.update(id, (current) =>
      current.state === 'pending' && current.nextAttemptAt <= now() ? { ...current, attempts: current.attempts + 1 } : current,
    );
    if (!item || item.state !== 'pending' || item.nextAttemptAt > now()) return 'next';

    let result: unknown;
    try {
      const handler = handlers[item.kind] as Handler<QueueKind>;
      result = await handler({
        client,
        item: item as QueueItemOf<QueueKind>,
        now,
        saveProgress: async (progress) => {
          await store.update(id, (current) => ({ ...current, progress } as QueueItem));
        },
      });
    } catch (err) {
      return settleFailure(id, item.attempts, err, report);
    }
    await store.remove(id);
    report.done += 1;
    await changed();
    await safely(() => deps.onDone?.(item, result as ResultOf<typeof item.kind>));
    return 'next';
  }

  async function settleFailure(id: string, attempts: number, err: unknown, report: ReplayReport): Promise<'next' | 'stop'> {
    const lastError = describe(err);
    if (err instanceof UnauthorizedError) {
      // Every other request would be refused too: wait for the user instead of burning attempts.
      for (const item of await store.all()) {
        if (item.state === 'pending') {
          await store.update(item.id, (c) => ({ ...c, state: 'paused', ...(c.id === id ? { lastError } : {}) }));
        }
      }
      report.paused = true;
      await changed();
      await safely(() => deps.onPaused?.(lastError));
      return 'stop';
    }
    if (retryable(err)) {
      const nextAttemptAt = now() + retryDelay(err, attempts - 1, random, backoff);
      await store.update(id, (c) => ({ ...c, nextAttemptAt, lastError }));
      report.retried += 1;
      if (unreachable(err)) {
        // The service is out of reach (or asks us to wait): the rest would fail the same way.
        // Keep creation order by making the others due no sooner than this one.
        for (const other of await store.all()) {
          if (other.state === 'pending' && other.id !== id && other.nextAttemptAt < nextAttemptAt) {
            await store.update(other.id, (c) => ({ ...c, nextAttemptAt: Math.max(c.nextAttemptAt, nextAttemptAt) }));
          }
        }
        await changed();
        return 'stop';
      }
      await changed();
      return 'next';
    }
    const failed = await store.update(id, (c) => ({ ...c, state: 'failed', lastError }));
    report.failed += 1;
    await changed();
    if (failed) await safely(() => deps.onFailed?.(failed, lastError));
    return 'next';
  }

  async function pass(report: ReplayReport): Promise<void> {
    const due = (await store.all()).filter((i) => i.state === 'pending' && i.nextAttemptAt <= now());
    if (due.length === 0) return;
    const client = await deps.getClient();
    for (const { id } of due) {
      if ((await send(client, id, report)) === 'stop') return;
    }
  }

  async function runLocked(): Promise<ReplayReport> {
    const report: ReplayReport = { skipped: false, done: 0, retried: 0, failed: 0, paused: false, remaining: 0, nextAttemptAt: null };
    return withReplayLock(
      locks,
      async () => {
        for (;;) {
          again = false;
          await pass(report);
          const final = await finish(report);
          // Checked last, so a replay asked for even during finish() gets its pass.
          if (!again || report.paused) return final;
        }
      },
      () => ({ ...report, skipped: true }),
    );
  }

  async function finish(report: ReplayReport): Promise<ReplayReport> {
    const status = await changed();
    return { ...report, remaining: status.pending + status.paused, nextAttemptAt: status.nextAttemptAt };
  }

  /** Makes these items due now (failed and paused ones pending again), then replays. */
  async function makeDue(items: readonly QueueItem[]): Promise<ReplayReport> {
    for (const item of items) {
      await store.update(item.id, (c) => ({
        ...c,
        state: 'pending',
        nextAttemptAt: now(),
        // A failed first step created nothing, so a fresh key is safe, and needed:
        // the service replays the answer it gave to the old key for 24 h.
        ...(c.state === 'failed' && c.progress === null ? { idempotencyKey: crypto.randomUUID() } : {}),
      }));
    }
    await changed();
    return replay();
  }

  function replay(): Promise<ReplayReport> {
    if (running) {
      // A replay is under way in this context: ask it for one more pass rather than run a second one.
      again = true;
      return running;
    }
    running = runLocked().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    enqueue,
    list: () => store.all(),
    async count() {
      const at = now();
      return (await store.all()).filter((i) => i.state !== 'failed' && !isHeld(i, at)).length;
    },
    replay,
    async retryNow(id) {
      const at = now();
      // Every item but those their caller is sending right now (hold): retrying one would send it twice at once.
      const targets = id === undefined ? (await store.all()).filter((i) => !isHeld(i, at)) : [await store.get(id)];
      return makeDue(targets.filter((item): item is QueueItem => item !== undefined));
    },
    async sendPendingNow() {
      const at = now();
      return makeDue((await store.all()).filter((i) => i.state === 'pending' && !isHeld(i, at)));
    },
    async remove(id) {
      await store.remove(id);
      await changed();
    },
    hold(kind, payload, opts) {
      return enqueue(kind, payload, opts);
    },
    async progress(id, progress) {
      await store.update(id, (c) => ({ ...c, progress } as QueueItem));
    },
    async settle(id, error) {
      if (error === undefined || !retryable(error)) {
        const item = await store.take(id);
        // Still held, it was never counted: the published status stays true without a rewrite.
        if (!item || !isHeld(item, now())) await changed();
        return 'removed';
      }
      const lastError = describe(error);
      const item = await store.update(id, ({ heldUntil: _released, ...c }) => ({
        ...c,
        nextAttemptAt: now() + retryDelay(error, Math.max(0, c.attempts - 1), random, backoff),
        lastError,
      }));
      await changed();
      return item ? 'queued' : 'removed';
    },
    async resumeAfterAuthFix() {
      for (const item of await store.all()) {
        if (item.state === 'paused') await store.update(item.id, (c) => ({ ...c, state: 'pending', nextAttemptAt: now() }));
      }
      await changed();
      return replay();
    },
    async nextAttemptAt() {
      return summarise(await store.all(), now()).nextAttemptAt;
    },
  };
}

function retryable(err: unknown): boolean {
  // Not an answer from the service but a fault on our side (e.g. a bad base URL): keep the item and retry later.
  return isRetryable(err) || !(err instanceof ApiError || err instanceof FinalFailure);
}

function unreachable(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'rate-limited');
}

function describe(err: unknown): QueueError {
  if (err instanceof ApiError || err instanceof FinalFailure) return { code: err.code ?? err.name, message: err.message };
  return { code: 'INTERNAL', message: 'Something went wrong inside the extension; it will try again.' };
}

/** A callback's failure must not undo the queue's bookkeeping. */
async function safely(fn: () => void | Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    console.error('offline queue callback failed', err);
  }
}
