/**
 * What the offline queue's outcomes do to a bulk batch: a link made (even
 * after Cancel: a send under way when it came still made its link), a
 * refusal, an item discarded from the queue, a profile paused for its token.
 */
import type { BulkBatch } from '../../batch/batch-types';
import type { BulkStore } from '../../batch/batch-store';
import type { QueueError, QueueItem, QueueItemOf, QueueKind, ResultOf } from '../../queue/queue';
import { rememberQuietly, type LinkCache } from '../../storage/links';

export interface BatchOutcomeDeps {
  store: BulkStore;
  cache: Pick<LinkCache, 'lookup' | 'known' | 'remember'>;
  /** The batch last committed, when known. */
  latest: () => BulkBatch | null;
  /** The queue's items of batch `id`, by their place in it. */
  queued: (id: string) => Promise<Map<number, QueueItem>>;
}

/** The batch and place of a queue item that belongs to one. */
export function refOf(item: QueueItem | QueueItemOf<QueueKind>): { id: string; index: number } | undefined {
  return item.kind === 'create-link' ? (item as QueueItemOf<'create-link'>).payload.batch : undefined;
}

export function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const { [key]: _dropped, ...rest } = value;
  return rest;
}

/** The batch with its "waiting for a token" flag as asked (the same object when it already is). */
export function pausedForToken(batch: BulkBatch, paused: boolean): BulkBatch {
  if ((batch.pausedForToken === true) === paused) return batch;
  return paused ? { ...batch, pausedForToken: true } : without(batch, 'pausedForToken');
}

export function createBatchOutcomes({ store, cache, latest, queued }: BatchOutcomeDeps) {
  return {
    async onDone<K extends QueueKind>(item: QueueItemOf<K>, result: ResultOf<K>): Promise<void> {
      const ref = refOf(item);
      if (ref === undefined) return;
      const { link } = result as ResultOf<'create-link'>;
      const last = latest();
      const baseUrl = (item as QueueItemOf<'create-link'>).profile?.baseUrl ?? (last?.id === ref.id ? last.baseUrl : (await store.batch())?.baseUrl);
      // Not awaited: the cache writes the links of a batch together (LinkCacheOptions.writeGapMs).
      if (baseUrl !== undefined) void rememberQuietly(cache, { baseUrl, workspaceId: link.workspaceId }, link);
      // Made, even after a Cancel. The token was taken.
      await store.change(ref.id, [
        { header: (b) => pausedForToken(b, false) },
        { index: ref.index, item: (it) => ({ ...without(it, 'error'), state: 'made', shortUrl: link.shortUrl, linkId: link.linkId }) },
      ]);
    },

    async onPaused(): Promise<void> {
      const batch = await store.batch();
      if (batch === null || batch.state !== 'running' || batch.pausedForToken === true) return;
      if (![...(await queued(batch.id)).values()].some((q) => q.state === 'paused')) return;
      await store.change(batch.id, [{ header: (b) => pausedForToken(b, true) }]);
    },

    async onDiscard(item: QueueItem): Promise<void> {
      const ref = refOf(item);
      if (ref === undefined) return;
      // Waiting (or failed, which Retry would send again): the user does not want it any more.
      await store.change(ref.id, [
        { index: ref.index, item: (it) => (it.state === 'waiting' || it.state === 'failed' ? { ...without(it, 'error'), state: 'cancelled' } : undefined) },
      ]);
    },

    async onFailed(item: QueueItem, error: QueueError): Promise<void> {
      const ref = refOf(item);
      if (ref === undefined) return;
      await store.change(ref.id, [{ index: ref.index, item: (it) => (it.state === 'waiting' ? { ...it, state: 'failed', error } : undefined) }]);
    },
  };
}
