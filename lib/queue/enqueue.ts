/**
 * A new queue item, written to the store before anything is sent: its id
 * (creation order), its key, its first wait, and for `runNow` its lease.
 */
import { retryDelay } from './backoff';
import { describeFailure } from './failure';
import type { RunnerContext } from './runner-context';
import type { PayloadOf, ProgressOf, QueueItem, QueueItemOf, QueueKind, QueueProfile } from './types';

export interface EnqueueOptions<K extends QueueKind> {
  /** The key the first, failed, send used: the retry must reuse it. Fresh when absent. */
  idempotencyKey?: string;
  progress?: ProgressOf<K> | null;
  /** The error of the send that already failed: counts as the first attempt and sets the first wait. */
  error?: unknown;
  /** The profile the item is made under; it replays against that profile. */
  profile?: QueueProfile;
  /** What is asked (./join.ts), so a later request for the same joins this item. */
  joinKey?: string;
}

/** `leaseMs`: the item belongs to its caller this long (./run-now.ts); replays leave it alone meanwhile. */
export type Put = <K extends QueueKind>(
  kind: K,
  payload: PayloadOf<K>,
  opts?: EnqueueOptions<K> & { leaseMs?: number },
) => Promise<QueueItemOf<K>>;

export function createPut({ store, now, random, newId, backoff, changed }: RunnerContext): Put {
  let seq = 0;
  return async function put<K extends QueueKind>(
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
      ...(opts.joinKey !== undefined ? { joinKey: opts.joinKey } : {}),
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
  };
}
