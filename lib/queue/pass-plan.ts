/**
 * What one replay pass may send, read from one snapshot of the store: per
 * profile, its due items oldest first, where a lane (./lanes.ts) stops at
 * its first item that may not go yet (not due, or being sent by its caller),
 * so nothing overtakes it; and which profiles have nothing due only because
 * their service could not be reached, for the probe (./probe.ts).
 */
import { waitsForService } from './failure';
import { laneOf, profileKey } from './lanes';
import { isHeld } from './status';
import type { QueueItem, QueueProfile } from './types';

export interface ProfileWork {
  key: string;
  /** The profile its items were made under; undefined for items from before profiles. */
  profile: QueueProfile | undefined;
  /** A workspace its items write to: what a probe asks about. */
  workspaceId: string;
  /** Due items, oldest first. */
  due: QueueItem[];
  /** Items that wait because the service could not be reached (their ids; the oldest first). */
  waitingForService: string[];
}

export function workspaceOf(item: QueueItem): string {
  return item.kind === 'create-link' ? item.payload.body.workspaceId : item.payload.workspaceId;
}

export function planPass(items: readonly QueueItem[], now: number): Map<string, ProfileWork> {
  const plan = new Map<string, ProfileWork>();
  const stopped = new Set<string>();
  for (const item of items) {
    if (item.state !== 'pending') continue;
    const key = profileKey(item);
    let work = plan.get(key);
    if (work === undefined) {
      work = { key, profile: item.profile, workspaceId: workspaceOf(item), due: [], waitingForService: [] };
      plan.set(key, work);
    }
    const lane = laneOf(item);
    const waits = isHeld(item, now) || item.nextAttemptAt > now;
    if (waits && !isHeld(item, now) && waitsForService(item.lastError)) work.waitingForService.push(item.id);
    if (stopped.has(lane)) continue;
    if (waits) stopped.add(lane);
    else work.due.push(item);
  }
  return plan;
}
