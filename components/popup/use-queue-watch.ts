/**
 * While the popup shows a link that waits in the offline queue, it follows
 * the queue (the background sends the link by itself too) until the link is
 * made, and sends it at once when the browser comes back online.
 */
import { useEffect } from 'preact/hooks';
import { browser } from '../../lib/browser/native-api';
import type { PopupController } from '../../lib/popup/controller';
import { QUEUE_STATUS_NAME, waitingIdsOf } from '../../lib/popup/queue-watch';

/** How often a popup with a waiting link asks whether it was made. */
const QUEUE_CHECK_MS = 2000;

export function useQueueWatch(popup: PopupController, waiting: boolean, online: boolean): void {
  useEffect(() => {
    // Back online: the waiting link is sent now rather than at the queue's next alarm.
    if (online && waiting) void popup.retry();
  }, [online]);
  useEffect(() => {
    if (!waiting) return;
    const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      const ids = area === 'local' && QUEUE_STATUS_NAME in changes ? waitingIdsOf(changes[QUEUE_STATUS_NAME]?.newValue) : null;
      if (ids !== null) void popup.queueChanged(ids);
    };
    browser.storage.onChanged.addListener(listener);
    // An item sent while the status already left it out changes nothing there: ask now and then too.
    const check = setInterval(() => void popup.checkQueued(), QUEUE_CHECK_MS);
    return () => {
      browser.storage.onChanged.removeListener(listener);
      clearInterval(check);
    };
  }, [waiting]);
}
