/**
 * The offline queue as the options page follows it: the background's list,
 * read again whenever the queue changes, its relative times kept fresh while
 * items wait, and the user's Retry all, Retry now and Discard.
 */
import type { QueueStatus, Send } from '../messaging/send-message';
import type { OptionsState } from './options-model';

/** "Next try in 40 seconds" goes stale: the relative times are read again this often while items wait. */
export const QUEUE_CLOCK_MS = 10_000;

interface QueueViewerDeps {
  send: Send;
  /** Calls back when the queue changed; returns how to stop. */
  watchQueue: (changed: () => void) => () => void;
  now: () => number;
  /** Calls `tick` every `ms`; returns how to stop. */
  every: (ms: number, tick: () => void) => () => void;
}

export function createQueueViewer({ model, set }: OptionsState, deps: QueueViewerDeps) {
  const show = (queue: QueueStatus) => set({ queue, now: deps.now() });
  const refresh = () => {
    deps.send('queueStatus', {}).then(show, () => undefined);
  };

  return {
    refresh,
    /** Loads the list and follows the queue; returns how to stop following. */
    follow(): () => void {
      refresh();
      const unwatch = deps.watchQueue(refresh);
      // Only while something waits: an empty list has no times to keep fresh.
      const stopClock = deps.every(QUEUE_CLOCK_MS, () => {
        if ((model().queue?.items.length ?? 0) > 0) set({ now: deps.now() });
      });
      return () => {
        unwatch();
        stopClock();
      };
    },
    async retryAll(): Promise<void> {
      set({ retrying: true });
      try {
        show(await deps.send('retryQueue', {}));
      } catch {
        // The list stays as it was; the queue's own change event refreshes it.
      } finally {
        set({ retrying: false });
      }
    },
    async retryItem(id: string): Promise<void> {
      set({ retryingId: id });
      try {
        show(await deps.send('retryQueue', { id }));
      } catch {
        // As for Retry all: the queue's own change event refreshes the list.
      } finally {
        set({ retryingId: null });
      }
    },
    async discard(id: string): Promise<void> {
      try {
        show(await deps.send('discardQueueItem', { id }));
      } catch {
        refresh();
      }
    },
  };
}
