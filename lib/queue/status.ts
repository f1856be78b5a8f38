/**
 * What pages watch instead of the queue itself: the badge count and the
 * options page's queue viewer follow these keys with `watch`.
 */
import { storage } from 'wxt/utils/storage';
import { QUEUE_SIZE_KEY, QUEUE_STATUS_KEY } from '../storage/keys';
import type { QueueItem, QueueStatus } from './types';

/** Items waiting to be sent: pending + paused (failed ones wait for the user, not the network). */
export const queueSizeItem = storage.defineItem<number>(QUEUE_SIZE_KEY, { fallback: 0 });

export const queueStatusItem = storage.defineItem<QueueStatus>(QUEUE_STATUS_KEY, {
  fallback: Object.freeze({ pending: 0, paused: 0, failed: 0, nextAttemptAt: null, changedAt: 0 }),
});

export function summarise(items: readonly QueueItem[], now: number): QueueStatus {
  const status: QueueStatus = { pending: 0, paused: 0, failed: 0, nextAttemptAt: null, changedAt: now };
  for (const item of items) {
    if (!isHeld(item, now)) status[item.state] += 1;
    if (item.state === 'pending' && (status.nextAttemptAt === null || item.nextAttemptAt < status.nextAttemptAt)) {
      status.nextAttemptAt = item.nextAttemptAt;
    }
  }
  return status;
}

/** Being sent right now by the caller that made it (OfflineQueue.runNow). */
export function isHeld(item: QueueItem, now: number): boolean {
  return item.heldUntil !== undefined && item.heldUntil > now;
}

export async function publishStatus(status: QueueStatus): Promise<void> {
  await Promise.all([queueStatusItem.setValue(status), queueSizeItem.setValue(status.pending + status.paused)]);
}
