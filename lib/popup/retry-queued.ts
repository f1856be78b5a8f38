/**
 * "Retry" on a link that waits in the offline queue: the item is sent again
 * under its idempotency key (so this never makes a second link), and once it
 * is gone from the queue the link is read back from the cache, never asked
 * for again: a cache miss would otherwise make a second link.
 */
import type { LinkView, Send } from '../messaging/send-message';
import type { Queued, RetryState } from './popup-view';

export type RetryOutcome =
  | { kind: 'made'; link: LinkView; recent: LinkView[] | null }
  | { kind: 'retry'; retry: Extract<RetryState, 'still-waiting' | 'refused' | 'created'> }
  | { kind: 'failed' };

export async function retryQueuedLink(send: Send, queued: Queued): Promise<RetryOutcome> {
  try {
    const status = await send('retryQueue', {});
    const item = status.items.find((i) => i.id === queued.itemId);
    if (item !== undefined) return { kind: 'retry', retry: item.state === 'failed' ? 'refused' : 'still-waiting' };
    return await madeLink(send, queued);
  } catch {
    return { kind: 'failed' };
  }
}

/** The link of a queued item that has left the queue, read from the cache (never asked for again). */
export async function madeLink(send: Send, queued: Queued): Promise<RetryOutcome> {
  const state = await send('popupState', { url: queued.url });
  if (state.cached === null) return { kind: 'retry', retry: 'created' };
  return { kind: 'made', link: state.cached, recent: state.configured ? state.recent : null };
}
