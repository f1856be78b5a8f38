/**
 * What the user hears about queued work that finished while no page of ours
 * was watching: a notification with the short link (copied too, if they
 * asked for copies when they made it), or why it failed.
 */
import type { QueueError, QueueItem, QueueItemOf, QueueKind, ResultOf } from '../queue';
import { finishedShorten } from '../shorten';
import type { Clipboard } from './clipboard';
import { linkMessage, notify } from './notify';

export async function onQueuedLinkDone<K extends QueueKind>(
  item: QueueItemOf<K>,
  result: ResultOf<K>,
  clipboard: Clipboard,
): Promise<void> {
  const finished = finishedShorten(item, result);
  if (finished === null) return;
  const { link } = finished;
  const copied = finished.copy && (await clipboard.copy(link.shortUrl));
  if (finished.notify) {
    await notify(`shortlink-queue-${item.id}`, 'notifyQueuedDoneTitle', linkMessage(link.shortUrl, link.longUrl, copied));
  }
}

export async function onQueuedFailed(item: QueueItem, error: QueueError): Promise<void> {
  if (item.kind !== 'create-link') return;
  // The service's own words: the item stays in Options' failed list too.
  await notify(`shortlink-queue-${item.id}`, 'notifyQueuedFailedTitle', `${item.payload.body.longUrl}\n${error.message}`);
}
