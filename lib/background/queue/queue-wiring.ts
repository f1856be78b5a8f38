/**
 * Starts the offline queue's replays (docs/design.md, Offline queue): when the
 * worker starts, when the browser comes back online, when the alarm set for
 * the next due item fires, when the user presses Retry now, and when the
 * popup or the options page opens (the service may be back without an
 * `online` event, and the user is looking). Also keeps
 * the badge in step with the queue's size and answers the options page's
 * queue messages.
 */
import { browser } from 'wxt/browser';
import type { OfflineQueue, QueueItem, ReplayReport } from '../../queue/queue';
import { queueSizeItem, queueStatusItem } from '../../queue/queue';
import { isHeld } from '../../queue/status';
import type { QueueStatus } from '../../messaging/send-message';
import { queueItemView } from '../../queue/view';
import { showQueueSize } from '../badge';
import type { Handlers } from '../dispatcher';

export const REPLAY_ALARM = 'shortlink-queue-replay';
/** Browsers fire alarms no sooner than this after now (Chrome: 30 s packed, 1 s unpacked). */
const MIN_ALARM_DELAY_MS = 1000;
/**
 * After a page-opened send, further page-opened calls are ignored for this
 * long. The options page asks for the queue's status again on every change
 * of it, and every send changes it: without a quiet spell an open page would
 * resend in a loop, ignoring the backoff, while the service is down.
 */
export const PAGE_OPENED_QUIET_MS = 30_000;

export interface QueueWiring {
  /** Replays now and schedules the alarm for whatever is left. */
  replay(): Promise<ReplayReport>;
  status(): Promise<QueueStatus>;
  /** One item, or (no id) every item the user sees. */
  retryNow(id?: string): Promise<QueueStatus>;
  /** The connection was saved: items paused by a refused token are sent again. */
  resumeAfterAuthFix(): Promise<void>;
  discard(id: string): Promise<QueueStatus>;
  /**
   * A page opened: send pending items now, not when their backoff said.
   * Held items stay with their sender, failed ones with the user. Never
   * rejects (errors go to onError), so handlers call it without awaiting.
   */
  pageOpened(): Promise<void>;
}

/** Call synchronously in the background's `main`: listeners must exist before the first event. */
export function wireQueue(
  queue: OfflineQueue,
  onError: (error: unknown) => void,
  opts: {
    /** Before a discarded item leaves the queue: what it belongs to forgets it first, so nothing queues it again. */
    onDiscard?: (item: QueueItem) => Promise<void>;
    /** The short links this browser knows in the workspace of a change to a link, by link id: the page names the link by it. */
    shortUrls?: (items: readonly QueueItem[]) => Promise<ReadonlyMap<string, string>>;
  } = {},
): QueueWiring {
  async function schedule(at: number | null): Promise<void> {
    if (at === null) {
      await browser.alarms.clear(REPLAY_ALARM);
      return;
    }
    await browser.alarms.create(REPLAY_ALARM, { when: Math.max(at, Date.now() + MIN_ALARM_DELAY_MS) });
  }

  async function replay(): Promise<ReplayReport> {
    const report = await queue.replay();
    // A skipped replay (another holder of the lock) schedules its own alarm.
    if (!report.skipped) await schedule(report.nextAttemptAt);
    return report;
  }

  let pageSend: Promise<void> | null = null;

  /**
   * One read, so a popup opened with nothing waiting costs the background
   * nothing more while it answers (no status writes, no lock, no alarm).
   */
  async function waitingToSend(): Promise<boolean> {
    const at = Date.now();
    return (await queue.list()).some((item) => item.state === 'pending' && !isHeld(item, at));
  }
  let quietUntil = 0;

  const kick = () => {
    replay().catch(onError);
  };

  /** Back online, or a page opened: send what waits now rather than when its backoff guessed the outage would end. */
  async function sendPendingNow(): Promise<void> {
    const report = await queue.sendPendingNow();
    if (!report.skipped) await schedule(report.nextAttemptAt);
  }

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === REPLAY_ALARM) kick();
  });
  globalThis.addEventListener('online', () => {
    sendPendingNow().catch(onError);
  });
  // Every change to the queue (an enqueue by the shortener, a failed retry)
  // rewrites its status: keep the alarm on the next due item.
  queueStatusItem.watch((status) => {
    schedule(status?.nextAttemptAt ?? null).catch(onError);
  });
  queueSizeItem.watch((size) => {
    showQueueSize(size ?? 0).catch(onError);
  });
  // The badge is not persisted across browser restarts; the count is.
  queueSizeItem
    .getValue()
    .then((size) => showQueueSize(size))
    .catch(onError);
  kick();

  async function status(): Promise<QueueStatus> {
    // A held item is a shorten being sent right now by its caller, not one waiting.
    const at = Date.now();
    const items = (await queue.list()).filter((item) => !isHeld(item, at));
    const changes = items.filter((item) => item.kind === 'update-link');
    const shortUrls = changes.length === 0 || opts.shortUrls === undefined ? new Map<string, string>() : await opts.shortUrls(changes).catch(() => new Map<string, string>());
    return { items: items.map((item) => queueItemView(item, shortUrls)), pausedForAuth: items.some((i) => i.state === 'paused') };
  }

  return {
    replay,
    status,
    async retryNow(id) {
      // Every item the user sees: like status(), the queue leaves out held ones, which their caller is sending.
      const report = await queue.retryNow(id);
      if (!report.skipped) await schedule(report.nextAttemptAt);
      return status();
    },
    async resumeAfterAuthFix() {
      const report = await queue.resumeAfterAuthFix();
      if (!report.skipped) await schedule(report.nextAttemptAt);
    },
    async discard(id) {
      const item = (await queue.list()).find((i) => i.id === id);
      if (item !== undefined) await opts.onDiscard?.(item);
      await queue.remove(id);
      return status();
    },
    async pageOpened() {
      if (pageSend !== null || Date.now() < quietUntil) return;
      pageSend = waitingToSend()
        .then((waiting) => (waiting ? sendPendingNow() : undefined))
        .catch(onError)
        .finally(() => {
          pageSend = null;
          quietUntil = Date.now() + PAGE_OPENED_QUIET_MS;
        });
      await pageSend;
    },
  };
}

/** The options page's queue messages. */
export function createQueueHandlers(wiring: QueueWiring): Pick<Handlers, 'queueStatus' | 'retryQueue' | 'discardQueueItem'> {
  return {
    // The page asking for the status is open: what waits is sent now, without holding up the answer.
    queueStatus: () => (void wiring.pageOpened(), wiring.status()),
    retryQueue: ({ id }) => wiring.retryNow(id),
    discardQueueItem: ({ id }) => wiring.discard(id),
  };
}
