/**
 * Asks to send sooner than the backoff said: the user's "Retry now", the
 * network coming back, the token fixed. Each makes items due now (one
 * transaction, however many), then replays. Items their caller is sending
 * right now (`runNow`) are never made due: that would send them twice at once.
 */
import { outcomeUnknown } from './failure';
import type { RunnerContext } from './runner-context';
import { awaitsUser } from './stale-outcome';
import { isHeld } from './status';
import type { QueueItem, ReplayReport } from './types';

export function createDueNow({ store, now, changed }: RunnerContext, replay: () => Promise<ReplayReport>) {
  /**
   * The item due now, failed and paused ones pending again. `confirmed`: the
   * user chose this item, so an old unknown outcome they were asked about is
   * sent without looking it up again (./stale-outcome.ts).
   */
  function due(item: QueueItem, at: number, confirmed = false): QueueItem {
    return {
      ...item,
      ...(confirmed && awaitsUser(item) ? { resendConfirmed: true as const } : {}),
      state: 'pending',
      nextAttemptAt: at,
      // A refused first step created nothing, so a fresh key is safe, and needed:
      // the service replays the answer it gave to the old key for 24 h.
      ...(item.state === 'failed' && item.progress === null && !outcomeUnknown(item.lastError) ? { idempotencyKey: crypto.randomUUID() } : {}),
    };
  }

  /** Makes the items `pick` chooses due now, then replays. */
  async function makeDue(pick: (item: QueueItem) => boolean): Promise<ReplayReport> {
    const at = now();
    await store.updateWhere((item) => (!isHeld(item, at) && pick(item) ? due(item, at) : undefined));
    await changed();
    return replay();
  }

  return {
    async retryNow(id?: string): Promise<ReplayReport> {
      if (id === undefined) return makeDue(() => true);
      const at = now();
      await store.update(id, (item) => (isHeld(item, at) ? item : due(item, at, true)));
      await changed();
      return replay();
    },
    sendPendingNow(): Promise<ReplayReport> {
      const at = now();
      return makeDue((item) => item.state === 'pending' && item.nextAttemptAt > at);
    },
    async resumeAfterAuthFix(): Promise<ReplayReport> {
      const at = now();
      await store.updateWhere((item) => (item.state === 'paused' ? { ...item, state: 'pending', nextAttemptAt: at } : undefined));
      await changed();
      return replay();
    },
  };
}
