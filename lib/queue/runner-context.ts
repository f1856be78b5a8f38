/**
 * What the parts of the queue runner share (./queue.ts composes them): its
 * dependencies with their defaults resolved, and the two acts every part
 * performs: publish a change, and perform an item through its kind's handler.
 * Nothing here holds items: every read goes to the store.
 */
import type { ApiClient } from '../api/client';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { handlers, type Handler } from './handlers';
import { defaultLocks, type LockManagerLike } from './lock';
import { createStatusPublisher, type StatusPublisher } from './publisher';
import { publishStatus, summarise } from './status';
import { createQueueStore, type QueueStore } from './store';
import type { DoneContext, QueueError, QueueItem, QueueItemOf, QueueKind, QueueProfile, QueueStatus, ResultOf } from './types';

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
  /** After changes (coalesced: ./publisher.ts); defaults to writing `local:queueSize` and `local:queueStatus`. */
  onChange?: (status: QueueStatus) => void | Promise<void>;
  /**
   * How long, in ms, the profile's service keeps answers for an idempotency
   * key, as it last said (absent: DEFAULT_RETENTION_MS in ./stale-outcome.ts).
   * An unknown outcome older than that is looked up before it is sent again.
   */
  retentionMs?: (profile: QueueProfile | undefined) => number | Promise<number>;
  /** Waits in a replay (a 429's pause) and between probes; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Whether the browser says it is online; defaults to `navigator.onLine` (true where there is no navigator). */
  online?: () => boolean;
  /** The waits before each probe of a service that could not be reached, the last repeating (./probe.ts); empty: no probes. */
  probeDelaysMs?: readonly number[];
}

export interface RunnerContext {
  readonly deps: QueueRunnerDeps;
  readonly store: QueueStore;
  readonly now: () => number;
  readonly random: () => number;
  readonly newId: () => string;
  readonly locks: LockManagerLike | null;
  readonly backoff: BackoffOptions;
  readonly sleep: (ms: number) => Promise<void>;
  readonly online: () => boolean;
  readonly publisher: StatusPublisher;
  /**
   * The items this context is sending right now, by id (`runNow` and the
   * replay): never sent a second time at once, whatever their lease says
   * (a send may outlive it, or the clock may jump).
   */
  readonly sending: Set<string>;
  /** Summarises the store after a change, tells `onChange`, and returns the summary (shared: ./publisher.ts). */
  changed(): Promise<QueueStatus>;
  /** The one place an operation is performed: its kind's handler, saving progress as it goes. */
  perform<K extends QueueKind>(client: ApiClient, item: QueueItemOf<K>): Promise<ResultOf<K>>;
}

export function createRunnerContext(deps: QueueRunnerDeps): RunnerContext {
  // Read on every call, not captured: the clock the whole queue sees is the one the page has now.
  const now = deps.now ?? (() => Date.now());
  const store = deps.store ?? createQueueStore();
  const onChange = deps.onChange ?? publishStatus;
  const publisher = createStatusPublisher(async () => summarise(await store.all(), now()), onChange);
  return {
    deps,
    store,
    now,
    random: deps.random ?? Math.random,
    newId: deps.newId ?? (() => crypto.randomUUID()),
    locks: deps.locks === undefined ? defaultLocks() : deps.locks,
    backoff: deps.backoff ?? DEFAULT_BACKOFF,
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    online: deps.online ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false),
    publisher,
    sending: new Set<string>(),
    changed: () => publisher.changed(),
    perform<K extends QueueKind>(client: ApiClient, item: QueueItemOf<K>): Promise<ResultOf<K>> {
      const handler = handlers[item.kind] as Handler<K>;
      return handler({
        client,
        item,
        now,
        saveProgress: async (progress) => {
          await store.update(item.id, (current) => ({ ...current, progress } as QueueItem));
        },
      });
    },
  };
}

/** A callback's failure must not undo the queue's bookkeeping. */
export async function safely(fn: () => void | Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    console.error('offline queue callback failed', err);
  }
}
