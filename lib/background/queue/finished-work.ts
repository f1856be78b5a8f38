/**
 * What finished queued work changes in the link cache, whichever path ran it:
 * the popup's shorten (OfflineQueue.runNow) or a replay. Called from the
 * queue's `onDone`; its cache write is asked for before anything is awaited,
 * so a lookup made right after a shorten answered sees the new link.
 */
import type { Connection } from '../../storage/settings';
import { linkOfWire, rememberQuietly, type LinkCache, type LinkScope } from '../../storage/links';
import type { QueueItem, QueueItemOf, QueueKind, ResultOf } from '../../queue/types';

export interface FinishedWorkDeps {
  cache: Pick<LinkCache, 'remember' | 'forget'>;
  getConnection: () => Promise<Connection>;
}

export function createFinishedWork(deps: FinishedWorkDeps) {
  /**
   * The scope the work was done in: the service of the profile the item was
   * made under (an item from before profiles: the service now configured),
   * so a link queued under one profile lands in that profile's lists.
   */
  function scopeOf(workspaceId: string, item: QueueItem): Promise<LinkScope> | LinkScope {
    if (item.profile) return { baseUrl: item.profile.baseUrl, workspaceId };
    return deps.getConnection().then((conn) => ({ baseUrl: conn.baseUrl, workspaceId }));
  }

  return function recordFinished<K extends QueueKind>(item: QueueItemOf<K>, result: ResultOf<K>): Promise<void> {
    if (item.kind === 'create-link') {
      // A bulk batch's link: the batch writes its links to the cache together (lib/background/bulk/bulk-batch.ts).
      if ((item as QueueItemOf<'create-link'>).payload.batch !== undefined) return Promise.resolve();
      const { link } = result as ResultOf<'create-link'>;
      return rememberQuietly(deps.cache, scopeOf(link.workspaceId, item as QueueItem), link);
    }
    if (item.kind === 'update-link') {
      const body = (item as QueueItemOf<'update-link'>).payload;
      const scope = scopeOf(body.workspaceId, item as QueueItem);
      if (body.deleteLink) return deps.cache.forget(scope, body.linkId);
      return rememberQuietly(deps.cache, scope, linkOfWire(result as ResultOf<'update-link'>));
    }
    return Promise.resolve();
  };
}
