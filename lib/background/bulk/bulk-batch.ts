/**
 * Bulk batches: many URLs shortened in one go, exactly once each. The batch
 * is written to its store (lib/batch/batch-store.ts) before anything is sent,
 * each item with the idempotency key it will be sent under; the items not
 * reused go through the offline queue, whose outcomes come back here. At a
 * worker's start `resume` queues again what the queue lost, under its own
 * key. The batch tells its end once; its items neither notify nor copy.
 * docs/architecture.md ("Work made of many items") says why each step is where it is.
 */
import type { BulkBatch, BulkItem, BulkText } from '../../batch/batch-types';
import { createBulkStore, type BatchChange } from '../../batch/batch-store';
import type { BulkStatus } from '../../batch/bulk-status';
import type { AnswerOf, RequestOf } from '../../messaging/send-message';
import type { CreateLinkPayload, OfflineQueue, QueueError, QueueItem, QueueItemOf, QueueKind, ResultOf } from '../../queue/queue';
import type { LinkCache } from '../../storage/links';
import { queueProfileOf } from '../../storage/profiles';
import type { Connection, Preferences } from '../../storage/settings';
import type { LinkSetup } from '../../site-rules/link-setup';
import type { Reach } from '../reach-service';
import { createBatchOutcomes, pausedForToken, refOf, without } from './batch-outcomes';
import { bulkEntries, bulkItems } from './bulk-entries';
import { knownFinder } from './bulk-known';
import { normaliseTags } from '../links/shorten';

/** How often a running batch tells the page how far it got, at most. */
export const PUBLISH_EVERY_MS = 250;

export interface BulkBatchDeps {
  queue: Pick<OfflineQueue, 'enqueue' | 'list' | 'remove' | 'retryNow'>;
  /** Replays the queue now (lib/background/queue/queue-wiring.ts, which also keeps its alarm). */
  replay: () => Promise<unknown>;
  cache: Pick<LinkCache, 'lookup' | 'known' | 'remember'>;
  getPreferences: () => Promise<Preferences>;
  /** The workspace's tags as the service lists them: a tag it holds is sent back as it is. */
  listedTags?: (scope: { baseUrl: string; workspaceId: string }) => Promise<readonly string[]>;
  /** The active profile, bound, or why the service cannot be asked. */
  reach: () => Promise<Reach>;
  /** The profile's templates and site rules; absent: none. */
  linkSetup?: (conn: Connection) => Promise<LinkSetup>;
  /** The batch ended: one notification for all of it. */
  tellFinished: (batch: BulkBatch) => Promise<void>;
  /** Writes the status pages follow (lib/batch/bulk-status.ts). */
  publish: (status: BulkStatus | null) => Promise<void>;
  onError: (error: unknown) => void;
  now?: () => number;
  newId?: () => string;
}

export interface BulkBatches {
  start(request: RequestOf<'bulkStart'>): Promise<AnswerOf<'bulkStart'>>;
  /** The kept batch, its items changed after `since`, and its text when `since` is 0. */
  read(since: number): Promise<{ batch: BulkBatch | null; items: BulkItem[]; text: BulkText | null }>;
  cancel(id: string): Promise<AnswerOf<'bulkCancel'>>;
  retry(id: string): Promise<AnswerOf<'bulkRetry'>>;
  clear(id: string): Promise<void>;
  /** At the worker's start: brings a running batch and the queue back in step. */
  resume(): Promise<void>;
  /** The queue paused a profile's items because its token was refused: a running batch with items among them says so. */
  onPaused(): Promise<void>;
  /**
   * The user discarded a queue item (the options page's queue list): its
   * batch item is cancelled, so the next worker start does not queue it again.
   */
  onDiscard(item: QueueItem): Promise<void>;
  onDone<K extends QueueKind>(item: QueueItemOf<K>, result: ResultOf<K>): Promise<void>;
  onFailed(item: QueueItem, error: QueueError): Promise<void>;
}

const invalid = (code: string, values: string[] = []) =>
  ({ status: 'error', error: { kind: 'invalid-input', code, message: code, ...(values.length > 0 ? { values } : {}) } }) as const;

export function createBulkBatches(deps: BulkBatchDeps): BulkBatches {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  let latest: BulkBatch | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const statusOf = (batch: BulkBatch): BulkStatus => ({ id: batch.id, state: batch.state, counts: batch.counts, rev: batch.rev });
  function flush(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (latest !== null) deps.publish(statusOf(latest)).catch(deps.onError);
  }
  const store = createBulkStore({
    now,
    onCommit(batch, finishedNow) {
      latest = batch;
      if (finishedNow) deps.tellFinished(batch).catch(deps.onError);
      // An end is told at once; progress a few times a second at most.
      if (batch.state !== 'running') flush();
      else timer ??= setTimeout(flush, PUBLISH_EVERY_MS);
    },
  });

  function payloadOf(batch: BulkBatch, item: BulkItem): CreateLinkPayload {
    return {
      body: {
        workspaceId: batch.workspaceId,
        keywordType: 'HASH',
        longUrl: item.longUrl ?? item.url,
        customDomain: item.customDomain !== undefined ? item.customDomain : batch.customDomain,
      },
      ...((item.tags ?? batch.tags).length > 0 ? { tags: item.tags ?? batch.tags } : {}),
      copy: false,
      notify: false,
      batch: { id: batch.id, index: item.index },
    };
  }

  /** Persists each item in the queue under its own key (the queue's writes gather them), then has the queue send them. */
  async function enqueue(batch: BulkBatch, items: readonly BulkItem[]): Promise<void> {
    await Promise.all(
      items.map((item) =>
        deps.queue.enqueue('create-link', payloadOf(batch, item), { idempotencyKey: item.key, ...(batch.profile ? { profile: batch.profile } : {}) }),
      ),
    );
    deps.replay().catch(deps.onError);
  }

  /** The queue's items of batch `id`, by their place in it. */
  async function queued(id: string): Promise<Map<number, QueueItem>> {
    const byIndex = new Map<number, QueueItem>();
    for (const item of await deps.queue.list()) {
      const ref = refOf(item);
      if (ref?.id === id) byIndex.set(ref.index, item);
    }
    return byIndex;
  }

  return {
    async start(request) {
      const r = await deps.reach();
      if ('refused' in r) return r.refused;
      const { conn } = r;
      if ((await store.batch())?.state === 'running') return { status: 'busy' };
      const prefs = await deps.getPreferences();
      const wanted = request.tags ?? prefs.defaultTags;
      const listedFor = async (c: Connection) => (await deps.listedTags?.({ baseUrl: c.baseUrl, workspaceId: c.workspaceId })) ?? [];
      const listed = wanted.length === 0 ? [] : await listedFor(conn);
      const tags = normaliseTags(wanted, listed);
      if ('code' in tags) return invalid(tags.code, tags.values);
      const customDomain = (request.customDomain !== undefined ? request.customDomain : prefs.defaultDomain) || null;

      const entries = await bulkEntries(request, {
        ownHost: new URL(conn.baseUrl).host,
        setup: (await deps.linkSetup?.(conn)) ?? { rules: [], templates: [] },
        prefs,
        listedTags: () => listedFor(conn),
      });
      if (entries.size === 0) return invalid('BULK_NO_URLS');

      const id = newId();
      const scope = { baseUrl: conn.baseUrl, workspaceId: conn.workspaceId };
      // The same links the page counted as already shortened (./bulk-known.ts).
      const { find } = await knownFinder(deps.cache, scope);
      const reused = request.fresh
        ? []
        : await Promise.all([...entries.values()].map((entry) => find(entry.longUrl ?? entry.url, entry.customDomain !== undefined ? entry.customDomain : customDomain)));
      const { items, counts } = bulkItems(entries.values(), reused, newId);
      const at = now();
      const { profile } = queueProfileOf(conn);
      const batch: BulkBatch = {
        id,
        createdAt: at,
        ...(profile ? { profile } : {}),
        baseUrl: conn.baseUrl,
        workspaceId: conn.workspaceId,
        state: counts.waiting > 0 ? 'running' : 'done',
        ...(counts.waiting > 0 ? {} : { finishedAt: at }),
        total: items.length,
        counts,
        rev: 1,
        customDomain,
        tags,
        fresh: request.fresh,
        hasText: request.text !== undefined,
      };
      // The batch first: a worker stopped while its items are being queued finds them at its next start.
      await store.create(batch, items, request.text ?? null);
      latest = batch;
      flush();
      await enqueue(batch, items.filter((item) => item.state === 'waiting'));
      return { status: 'done', id: batch.id };
    },

    async read(since) {
      const batch = await store.batch();
      if (batch === null) return { batch: null, items: [], text: null };
      const [items, text] = await Promise.all([store.items(since), since === 0 && batch.hasText ? store.text() : null]);
      return { batch, items, text };
    },

    async cancel(id) {
      // What the page shows changes at once, in one transaction: the batch and every item still waiting.
      const waiting = (await store.items(0)).filter((item) => item.state === 'waiting');
      const cancelled = await store.change(id, [
        { header: (b) => (b.state === 'running' ? { ...b, state: 'cancelled', finishedAt: now() } : b) },
        ...waiting.map((item) => ({ index: item.index, item: (it: BulkItem) => (it.state === 'waiting' ? { ...it, state: 'cancelled' as const } : undefined) })),
      ]);
      if (cancelled === null) return { made: 0, reused: 0, cancelled: 0 };
      // Then what waits in the queue is removed. A send already under way still ends, and its link is
      // counted when it does (onDone makes a cancelled item made).
      const queuedItems = [...(await queued(id)).values()].filter((item) => item.state !== 'failed');
      await Promise.all(queuedItems.map((item) => deps.queue.remove(item.id)));
      const after = (await store.batch()) ?? cancelled;
      return { made: after.counts.made, reused: after.counts.reused, cancelled: after.counts.cancelled };
    },

    async retry(id) {
      const batch = await store.batch();
      if (batch === null || batch.id !== id) return { retried: 0 };
      const failed = (await store.items(0)).filter((item) => item.state === 'failed');
      if (failed.length === 0) return { retried: 0 };
      const inQueue = await queued(id);
      // A refused create made nothing, so it goes again under a fresh key (the service would replay its refusal
      // to the old one); one whose link exists and only its tags failed keeps its key and progress.
      const again = failed.map((item) => {
        const q = inQueue.get(item.index);
        return { item, q, keep: q !== undefined && q.progress !== null };
      });
      const fresh = new Map(again.filter((a) => !a.keep).map((a) => [a.item.index, newId()]));
      const changes: BatchChange[] = [
        { header: (b) => without({ ...b, state: 'running' as const }, 'finishedAt') },
        ...again.map(({ item }) => ({
          index: item.index,
          item: (it: BulkItem) => (it.state === 'failed' ? { ...without(it, 'error'), state: 'waiting' as const, key: fresh.get(it.index) ?? it.key } : undefined),
        })),
      ];
      const updated = await store.change(id, changes);
      if (updated === null) return { retried: 0 };
      await Promise.all(again.filter((a) => !a.keep && a.q !== undefined).map((a) => deps.queue.remove(a.q!.id)));
      const kept = again.filter((a) => a.keep);
      for (const { q } of kept) deps.queue.retryNow(q!.id).catch(deps.onError);
      await enqueue(updated, again.filter((a) => !a.keep).map((a) => ({ ...a.item, key: fresh.get(a.item.index)! })));
      return { retried: failed.length };
    },

    async clear(id) {
      const batch = await store.batch();
      if (batch === null || batch.id !== id || batch.state === 'running') return;
      await store.clear();
      latest = null;
      await deps.publish(null);
    },

    async resume() {
      const batch = await store.batch();
      if (batch === null || batch.state !== 'running') return;
      const inQueue = await queued(batch.id);
      const items = await store.items(0);
      const missing: BulkItem[] = [];
      const paused = [...inQueue.values()].some((q) => q.state === 'paused');
      const changes: BatchChange[] = paused === (batch.pausedForToken === true) ? [] : [{ header: (b) => pausedForToken(b, paused) }];
      for (const item of items) {
        if (item.state !== 'waiting') continue;
        const q = inQueue.get(item.index);
        if (q === undefined) missing.push(item);
        // Refused while the worker stopped before the batch heard of it.
        else if (q.state === 'failed' && q.lastError) {
          const error = q.lastError;
          changes.push({ index: item.index, item: (it) => (it.state === 'waiting' ? { ...it, state: 'failed', error } : undefined) });
        }
      }
      if (changes.length > 0) await store.change(batch.id, changes);
      if (missing.length > 0) await enqueue(batch, missing);
    },

    ...createBatchOutcomes({ store, cache: deps.cache, latest: () => latest, queued }),
  };
}
