/**
 * Asks to send sooner than the backoff said: the user's "Retry now", the
 * network coming back, the token fixed. Each makes items due now, then
 * replays. Items their caller is sending right now (`runNow`) are never made
 * due: that would send them twice at once.
 */
import { outcomeUnknown } from './failure';
import type { RunnerContext } from './runner-context';
import { isHeld } from './status';
import type { QueueItem, ReplayReport } from './types';

export function createDueNow({ store, now, changed }: RunnerContext, replay: () => Promise<ReplayReport>) {
  /** Makes these items due now (failed and paused ones pending again), then replays. */
  async function makeDue(items: readonly QueueItem[]): Promise<ReplayReport> {
    for (const item of items) {
      await store.update(item.id, (c) => ({
        ...c,
        state: 'pending',
        nextAttemptAt: now(),
        // A refused first step created nothing, so a fresh key is safe, and needed:
        // the service replays the answer it gave to the old key for 24 h.
        ...(c.state === 'failed' && c.progress === null && !outcomeUnknown(c.lastError) ? { idempotencyKey: crypto.randomUUID() } : {}),
      }));
    }
    await changed();
    return replay();
  }

  function notHeld(items: readonly (QueueItem | undefined)[]): QueueItem[] {
    const at = now();
    return items.filter((item): item is QueueItem => item !== undefined && !isHeld(item, at));
  }

  return {
    async retryNow(id?: string): Promise<ReplayReport> {
      return makeDue(notHeld(id === undefined ? await store.all() : [await store.get(id)]));
    },
    async sendPendingNow(): Promise<ReplayReport> {
      return makeDue(notHeld(await store.all()).filter((i) => i.state === 'pending'));
    },
    async resumeAfterAuthFix(): Promise<ReplayReport> {
      for (const item of await store.all()) {
        if (item.state === 'paused') await store.update(item.id, (c) => ({ ...c, state: 'pending', nextAttemptAt: now() }));
      }
      await changed();
      return replay();
    },
  };
}
