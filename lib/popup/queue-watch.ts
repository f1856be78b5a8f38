/**
 * The queue's status as the background stores it (lib/storage/keys.ts
 * QUEUE_STATUS_KEY), read by a popup that waits for a queued link: the
 * background also sends that link by itself (back online, its probe, its
 * alarm), and the popup shows the link once its item has left the queue.
 */
import { localName, QUEUE_STATUS_KEY } from '../storage/keys';

/** The raw storage.local name of the queue's status. */
export const QUEUE_STATUS_NAME = localName(QUEUE_STATUS_KEY);

/** The ids of the items a stored status holds; null when the value is not a status (nothing to conclude). */
export function waitingIdsOf(value: unknown): string[] | null {
  if (typeof value !== 'object' || value === null) return null;
  const { items } = value as { items?: unknown };
  if (!Array.isArray(items)) return null;
  const ids: string[] = [];
  for (const item of items) {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
    if (typeof id !== 'string') return null;
    ids.push(id);
  }
  return ids;
}
