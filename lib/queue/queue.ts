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
 * - compound work saves its progress, so a retry does only what is left;
 * - an answer that cannot be read leaves the outcome unknown: the item keeps
 *   its key and is retried, so the service replays its first answer;
 * - `runNow` sends one item at once for a caller that waits for the result
 *   (the popup's shorten) through the same handler as the replay: there is
 *   one implementation of each operation.
 *
 * The runner keeps no items in memory. Pages follow `local:queueSize` and
 * `local:queueStatus` (./queue/status.ts), which every change rewrites; the
 * background schedules an alarm for `ReplayReport.nextAttemptAt`.
 */
import type { ApiClient } from '../api/client';
import { UnauthorizedError } from '../api/errors';
import { DEFAULT_BACKOFF, retryDelay, type BackoffOptions } from './backoff';
import { describeFailure, outcomeUnknown, retryable, unreachable } from './failure';
import { handlers, type Handler } from './handlers';
import { defaultLocks, withReplayLock, type LockManagerLike } from './lock';
import { isHeld, publishStatus, summarise } from './status';
import { createQueueStore, type QueueStore } from './store';
import type {
  DoneContext,
  PayloadOf,
  ProgressOf,
  QueueError,
  QueueItem,
  QueueItemOf,
  QueueKind,
  QueueProfile,
  QueueStatus,
  ReplayReport,
  ResultOf,
  RunOutcome,
} from './types';

export type * from './types';
export { queueSizeItem, queueStatusItem } from './status';
export { DEFAULT_BACKOFF } from './backoff';

export interface QueueRunnerDeps {
  /**
   * The client to send an item with: its profile's service and token (the
   * active profile's for an item that records none). Called once per profile
   * per replay pass; throwing refuses that profile's items (e.g. it was deleted).
   */
  getClient: (profile?: QueueProfile) => ApiClient | Promise<ApiClient>;
  now?: () => number;
  /** Uniform in [0, 1), for the backoff jitter. */
  random?: () => number;
  newId?: () => string;
  /** Web Locks; defaults to `navigator.locks` when present. Pass null to rely on the in-process guard only. */
  locks?: LockManagerLike | null;
  store?: QueueStore;
  backoff?: BackoffOptions;
  /**
   * An item finished, by a replay or by `runNow`: update the cache, notify,
   * copy. Called without awaiting anything first, so what it asks of the
   * cache is asked before `runNow` answers (the cache's reads wait for it).
   */
  onDone?: <K extends QueueKind>(item: QueueItemOf<K>, result: ResultOf<K>, ctx: DoneContext) => void | Promise<void>;
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
  /** The profile the item is made under; it replays against that profile. */
  profile?: QueueProfile;
}

export interface RunNowOptions {
  /** Made when the user asked: a replay of this item must be the same request to the service. */
  idempotencyKey: string;
  /** The profile the caller read its settings from: the item is sent, now and on replay, with that profile. */
  profile?: QueueProfile;
}

/**
 * How long an item run by `runNow` belongs to its caller: well over the
 * client's 10 s timeout, well under the alarm's 30 s minimum period in a
 * packed extension plus one backoff step. Past it, the caller is taken to
 * have died mid-send and the replayer sends the item under the same key.
 */
const RUN_NOW_LEASE_MS = 20_000;

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
  let bookkeeping: Promise<unknown> = Promise.resolve();

  async function changed(): Promise<QueueStatus> {
    const status = summarise(await store.all(), now());
    await onChange(status);
    return status;
  }

  async function put<K extends QueueKind>(
    kind: K,
    payload: PayloadOf<K>,
    opts: EnqueueOptions<K> & { leaseMs?: number } = {},
  ): Promise<QueueItemOf<K>> {
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
      ...(opts.profile ? { profile: opts.profile } : {}),
      state: 'pending',
      ...(failed ? { lastError: describeFailure(opts.error) } : {}),
      // Leased: the caller's own send is the first attempt; the replayer waits for the lease.
      ...(opts.leaseMs !== undefined
        ? { attempts: 1, nextAttemptAt: createdAt + opts.leaseMs, heldUntil: createdAt + opts.leaseMs }
        : {}),
    };
    await store.put(item as QueueItem);
    // A held item is not counted (queue/status.ts): publishing would change nothing and wake every watcher.
    if (opts.leaseMs === undefined) await changed();
    return item;
  }

  /** The one place an operation is performed: its kind's handler, saving progress as it goes. */
  function perform<K extends QueueKind>(client: ApiClient, item: QueueItemOf<K>): Promise<ResultOf<K>> {
    const handler = handlers[item.kind] as Handler<K>;
    return handler({
      client,
      item,
      now,
      saveProgress: async (progress) => {
        await store.update(item.id, (current) => ({ ...current, progress } as QueueItem));
      },
    });
  }

  /** Sends one item; returns whether the pass should go on with this item's profile. */
  async function send(clientOf: (item: QueueItem) => Promise<ApiClient>, id: string, report: ReplayReport): Promise<'next' | 'stop'> {
    // Re-read: the user may have removed or retried it since the pass began. Count the attempt first.
    const item = await store.update(id, (current) =>
      current.state === 'pending' && current.nextAttemptAt <= now() ? { ...current, attempts: current.attempts + 1 } : current,
    );
    if (!item || item.state !== 'pending' || item.nextAttemptAt > now()) return 'next';

    let result: unknown;
    try {
      result = await perform(await clientOf(item), item as QueueItemOf<QueueKind>);
    } catch (err) {
      return settleFailure(item, err, report);
    }
    await store.remove(id);
    report.done += 1;
    await changed();
    await safely(() => deps.onDone?.(item, result as ResultOf<typeof item.kind>, { ranNow: false }));
    return 'next';
  }

  async function settleFailure(sent: QueueItem, err: unknown, report: ReplayReport): Promise<'next' | 'stop'> {
    const { id, attempts } = sent;
    const lastError = describeFailure(err);
    // A refused token or an unreachable service says nothing about another profile's service.
    const sameProfile = (other: QueueItem) => profileKey(other) === profileKey(sent);
    if (err instanceof UnauthorizedError) {
      // Every other request of this profile would be refused too: wait for the user instead of burning attempts.
      for (const item of await store.all()) {
        if (item.state === 'pending' && sameProfile(item)) {
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
          if (other.state === 'pending' && other.id !== id && sameProfile(other) && other.nextAttemptAt < nextAttemptAt) {
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

  async function runNow<K extends QueueKind>(kind: K, payload: PayloadOf<K>, opts: RunNowOptions): Promise<RunOutcome<K>> {
    // The client first: a wrong setting must not leave an item behind that can never be sent.
    const client = await deps.getClient(opts.profile);
    // Written before it is sent: if the worker dies mid-request, the replayer finishes it under the same key.
    const held = await put(kind, payload, { idempotencyKey: opts.idempotencyKey, leaseMs: RUN_NOW_LEASE_MS, profile: opts.profile });
    let result: ResultOf<K>;
    try {
      result = await perform(client, held);
    } catch (err) {
      return releaseAfterFailure(held, err);
    }
    // The caller is waiting for the result, not for the bookkeeping. onDone is
    // called first and synchronously, so the cache writes it asks for are queued
    // before the caller reads the cache again. Were the worker to die before the
    // item is removed, a replay under the same key gets the same answer.
    track(
      Promise.all([
        safely(() => deps.onDone?.(held, result, { ranNow: true })),
        // Still leased, it was never counted: the published status stays true without a rewrite.
        store.take(held.id).then(async (item) => (item && isHeld(item, now()) ? undefined : changed())),
      ]),
    );
    return { status: 'done', item: held, result };
  }

  async function releaseAfterFailure<K extends QueueKind>(held: QueueItemOf<K>, err: unknown): Promise<RunOutcome<K>> {
    // Read back: a step that finished (the link exists) saved its progress.
    const current = (await store.get(held.id)) as QueueItemOf<K> | undefined;
    const item = current ?? held;
    if (!retryable(err)) {
      // A final answer goes to the caller, who shows it; it is not queued.
      const taken = await store.take(held.id);
      // Still leased, it was never counted: the published status stays true without a rewrite.
      if (taken && !isHeld(taken, now())) await changed();
      return { status: 'refused', item, error: err };
    }
    const lastError = describeFailure(err);
    const released = await store.update(held.id, ({ heldUntil: _released, ...c }) => ({
      ...c,
      nextAttemptAt: now() + retryDelay(err, Math.max(0, c.attempts - 1), random, backoff),
      lastError,
    }));
    await changed();
    // Removed by the user meanwhile: nothing waits, so it is no longer queued.
    if (!released) return { status: 'refused', item, error: err };
    return { status: 'queued', item: released as QueueItemOf<K>, error: err };
  }

  function track(work: Promise<unknown>): void {
    bookkeeping = Promise.all([bookkeeping, work.catch((err: unknown) => console.error('offline queue bookkeeping failed', err))]);
  }

  async function pass(report: ReplayReport): Promise<void> {
    const due = (await store.all()).filter((i) => i.state === 'pending' && i.nextAttemptAt <= now());
    // One client per profile per pass; a profile whose service stopped the pass is skipped, the others go on.
    const clients = new Map<string, Promise<ApiClient>>();
    const stopped = new Set<string>();
    const clientOf = (item: QueueItem) => {
      const key = profileKey(item);
      let client = clients.get(key);
      if (client === undefined) {
        client = Promise.resolve().then(() => deps.getClient(item.profile));
        clients.set(key, client);
      }
      return client;
    };
    for (const item of due) {
      if (stopped.has(profileKey(item))) continue;
      if ((await send(clientOf, item.id, report)) === 'stop') stopped.add(profileKey(item));
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
        // A refused first step created nothing, so a fresh key is safe, and needed:
        // the service replays the answer it gave to the old key for 24 h.
        ...(c.state === 'failed' && c.progress === null && !outcomeUnknown(c.lastError) ? { idempotencyKey: crypto.randomUUID() } : {}),
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

  /** Items their caller is sending right now (runNow) are never made due: that would send them twice at once. */
  async function notHeld(items: readonly (QueueItem | undefined)[]): Promise<QueueItem[]> {
    const at = now();
    return items.filter((item): item is QueueItem => item !== undefined && !isHeld(item, at));
  }

  return {
    enqueue: (kind, payload, opts) => put(kind, payload, opts),
    list: () => store.all(),
    replay,
    async retryNow(id) {
      return makeDue(await notHeld(id === undefined ? await store.all() : [await store.get(id)]));
    },
    async sendPendingNow() {
      return makeDue((await notHeld(await store.all())).filter((i) => i.state === 'pending'));
    },
    async remove(id) {
      await store.remove(id);
      await changed();
    },
    runNow,
    async settled() {
      await bookkeeping;
    },
    async resumeAfterAuthFix() {
      for (const item of await store.all()) {
        if (item.state === 'paused') await store.update(item.id, (c) => ({ ...c, state: 'pending', nextAttemptAt: now() }));
      }
      await changed();
      return replay();
    },
  };
}

/** Which profile an item belongs to, for grouping; '' for items from before profiles (the active one). */
function profileKey(item: QueueItem): string {
  return item.profile?.id ?? '';
}

/** A callback's failure must not undo the queue's bookkeeping. */
async function safely(fn: () => void | Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    console.error('offline queue callback failed', err);
  }
}
