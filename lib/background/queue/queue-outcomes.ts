/**
 * What the user hears about queued work that finished while no page of ours
 * was watching: a notification with the short link (copied too, if they
 * asked for copies when they made it), or the lead or sale recorded, or why
 * it failed.
 *
 * Links finished close together are told together: a drain of the queue
 * makes hundreds in a few seconds, and one notification and one copy each
 * (a copy opens and closes an offscreen document in Chrome) cost more than
 * the links themselves and leave only the last on the clipboard anyway. The
 * links of one burst (no new one for QUIET_MS, or MAX_WAIT_MS at most) give
 * one notification, "N short links created", with the newest link, which is
 * the one copied. A burst of one reads as before.
 */
import type { CachedLink } from '../../storage/links';
import type { DoneContext, QueueError, QueueItem, QueueItemOf, QueueKind, ResultOf } from '../../queue/queue';
import { trackingSubject } from '../../conversions/subject';
import { formatCount } from '../../i18n/format';
import { describeQueueError } from '../../queue/queue-error-text';
import type { Clipboard } from '../clipboard';
import { linkMessage, notify } from '../notify';

/** A burst ends after this long without a new finished link. */
export const QUIET_MS = 1_000;
/** A long drain still says something this often. */
export const MAX_WAIT_MS = 10_000;

/**
 * The short link a queued shorten made, with what the user asked to happen
 * then (copy it, be notified) and whether a bulk batch made it, or null for
 * other kinds.
 */
export function finishedShorten<K extends QueueKind>(
  item: QueueItemOf<K>,
  result: ResultOf<K>,
): { link: CachedLink; copy: boolean; notify: boolean; batch: boolean } | null {
  if (item.kind !== 'create-link') return null;
  const { payload } = item as QueueItemOf<'create-link'>;
  return { link: (result as ResultOf<'create-link'>).link, copy: payload.copy === true, notify: payload.notify === true, batch: payload.batch !== undefined };
}

export interface QueueOutcomes {
  onDone<K extends QueueKind>(item: QueueItemOf<K>, result: ResultOf<K>, ctx: DoneContext): Promise<void>;
  onFailed(item: QueueItem, error: QueueError): Promise<void>;
  /** Tells what is gathered now, without waiting for the burst to end. */
  flush(): Promise<void>;
}

interface Made {
  id: string;
  link: CachedLink;
  copy: boolean;
  notify: boolean;
}

interface Burst<T> {
  entries: T[];
  timer: ReturnType<typeof setTimeout> | null;
  startedAt: number;
}

export function createQueueOutcomes(clipboard: Clipboard): QueueOutcomes {
  const made: Burst<Made> = { entries: [], timer: null, startedAt: 0 };
  const refused: Burst<{ item: QueueItemOf<'create-link'>; error: QueueError }> = { entries: [], timer: null, startedAt: 0 };

  async function tellMade(entries: Made[]): Promise<void> {
    const newest = entries.at(-1);
    if (newest === undefined) return;
    const copying = entries.filter((e) => e.copy).at(-1);
    const copied = copying !== undefined && (await clipboard.copy(copying.link.shortUrl));
    const shown = entries.filter((e) => e.notify).at(-1);
    if (shown === undefined) return;
    const { link } = shown;
    const text = linkMessage(link.shortUrl, link.longUrl, copied && copying === shown);
    if (entries.length === 1) await notify(`shortlink-queue-${shown.id}`, 'notifyQueuedDoneTitle', text);
    else await notify(`shortlink-queue-${shown.id}`, 'notifyQueuedManyDoneTitle', text, formatCount(entries.length));
  }

  async function tellRefused(entries: { item: QueueItemOf<'create-link'>; error: QueueError }[]): Promise<void> {
    const first = entries[0];
    if (first === undefined) return;
    const text = `${first.item.payload.body.longUrl}\n${describeQueueError(first.error)}`;
    if (entries.length === 1) await notify(`shortlink-queue-${first.item.id}`, 'notifyQueuedFailedTitle', text);
    else await notify(`shortlink-queue-${first.item.id}`, 'notifyQueuedManyFailedTitle', text, formatCount(entries.length));
  }

  function gather<T>(burst: Burst<T>, entry: T, tell: (entries: T[]) => Promise<void>): void {
    const now = Date.now();
    if (burst.entries.length === 0) burst.startedAt = now;
    burst.entries.push(entry);
    if (burst.timer !== null) clearTimeout(burst.timer);
    const wait = Math.max(0, Math.min(QUIET_MS, burst.startedAt + MAX_WAIT_MS - now));
    burst.timer = setTimeout(() => {
      release(burst, tell).catch((err: unknown) => console.error('shortlink background:', err));
    }, wait);
  }

  function release<T>(burst: Burst<T>, tell: (entries: T[]) => Promise<void>): Promise<void> {
    if (burst.timer !== null) clearTimeout(burst.timer);
    burst.timer = null;
    const entries = burst.entries;
    burst.entries = [];
    return tell(entries);
  }

  return {
    async onDone(item, result, ctx) {
      // Run now for a page or menu that waits for it: that caller shows and copies the link itself.
      if (ctx.ranNow) return;
      if (isTracking(item)) {
        await notify(`shortlink-queue-${item.id}`, 'notifyConversionDoneTitle', trackingSubject(item));
        return;
      }
      const finished = finishedShorten(item, result);
      // A bulk batch's item: the batch tells its end once (lib/background/bulk/bulk-batch.ts).
      if (finished === null || finished.batch || (!finished.copy && !finished.notify)) return;
      gather(made, { id: item.id, ...finished }, tellMade);
    },
    async onFailed(item, error) {
      if (isTracking(item)) {
        await notify(`shortlink-queue-${item.id}`, 'notifyConversionFailedTitle', `${trackingSubject(item)}\n${describeQueueError(error)}`);
        return;
      }
      // The item stays in Options' failed list too. A bulk batch's failures are listed on its page instead.
      if (item.kind === 'create-link' && item.payload.batch === undefined) gather(refused, { item, error }, tellRefused);
    },
    async flush() {
      await Promise.all([release(made, tellMade), release(refused, tellRefused)]);
    },
  };
}

function isTracking(item: QueueItem | QueueItemOf<QueueKind>): item is QueueItemOf<'track-lead'> | QueueItemOf<'track-sale'> {
  return item.kind === 'track-lead' || item.kind === 'track-sale';
}
