/**
 * What the user hears about queued work that finished while no page of ours
 * was watching: a notification with the short link (copied too, if they
 * asked for copies when they made it), or the lead or sale recorded, or why
 * it failed.
 */
import type { CachedLink } from '../storage/links';
import type { DoneContext, QueueError, QueueItem, QueueItemOf, QueueKind, ResultOf } from '../queue/queue';
import { trackingSubject } from '../conversions/subject';
import { describeQueueError } from '../i18n/queue-error-text';
import type { Clipboard } from './clipboard';
import { linkMessage, notify } from './notify';

/**
 * The short link a queued shorten made, with what the user asked to happen
 * then (copy it, be notified), or null for other kinds.
 */
export function finishedShorten<K extends QueueKind>(
  item: QueueItemOf<K>,
  result: ResultOf<K>,
): { link: CachedLink; copy: boolean; notify: boolean } | null {
  if (item.kind !== 'create-link') return null;
  const { payload } = item as QueueItemOf<'create-link'>;
  return { link: (result as ResultOf<'create-link'>).link, copy: payload.copy === true, notify: payload.notify === true };
}

export async function onQueuedLinkDone<K extends QueueKind>(
  item: QueueItemOf<K>,
  result: ResultOf<K>,
  ctx: DoneContext,
  clipboard: Clipboard,
): Promise<void> {
  // Run now for a page or menu that waits for it: that caller shows and copies the link itself.
  if (ctx.ranNow) return;
  if (isTracking(item)) {
    await notify(`shortlink-queue-${item.id}`, 'notifyConversionDoneTitle', trackingSubject(item));
    return;
  }
  const finished = finishedShorten(item, result);
  if (finished === null) return;
  const { link } = finished;
  const copied = finished.copy && (await clipboard.copy(link.shortUrl));
  if (finished.notify) {
    await notify(`shortlink-queue-${item.id}`, 'notifyQueuedDoneTitle', linkMessage(link.shortUrl, link.longUrl, copied));
  }
}

export async function onQueuedFailed(item: QueueItem, error: QueueError): Promise<void> {
  if (isTracking(item)) {
    await notify(`shortlink-queue-${item.id}`, 'notifyConversionFailedTitle', `${trackingSubject(item)}\n${describeQueueError(error)}`);
    return;
  }
  if (item.kind !== 'create-link') return;
  // The item stays in Options' failed list too.
  await notify(`shortlink-queue-${item.id}`, 'notifyQueuedFailedTitle', `${item.payload.body.longUrl}\n${describeQueueError(error)}`);
}

function isTracking(item: QueueItem | QueueItemOf<QueueKind>): item is QueueItemOf<'track-lead'> | QueueItemOf<'track-sale'> {
  return item.kind === 'track-lead' || item.kind === 'track-sale';
}
