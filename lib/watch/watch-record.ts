/**
 * What the watch keeps of a link: its last check's state and reason, since
 * when it has been in that state, when it was last fine, and its click count
 * at the check (a rise since the previous check, a week before, is how the
 * watch knows the link is still used without asking for its analytics).
 */
import type { CheckOutcome, WatchReason, WatchState } from './watch-outcome';

export interface WatchRecord {
  linkId: string;
  url: string;
  state: WatchState;
  reason: WatchReason;
  checkedAt: number;
  /** When the link entered `state` (kept across checks that find the same state). */
  since: number;
  lastFineAt: number | null;
  totalClicks: number;
}

export interface CheckedLink {
  linkId: string;
  longUrl: string;
  totalClicks: number;
}

const BROKEN: readonly WatchState[] = ['gone', 'failing'];

export function nextRecord(prev: WatchRecord | undefined, link: CheckedLink, outcome: CheckOutcome, now: number): WatchRecord {
  const same = prev !== undefined && prev.state === outcome.state && prev.url === link.longUrl;
  return {
    linkId: link.linkId,
    url: link.longUrl,
    state: outcome.state,
    reason: outcome.reason,
    checkedAt: now,
    since: same ? prev.since : now,
    lastFineAt: outcome.state === 'fine' ? now : (prev?.lastFineAt ?? null),
    totalClicks: link.totalClicks,
  };
}

/**
 * Whether this check is worth one notification: the link has just become
 * gone or failing, and people clicked it since the previous check. A link
 * never checked before has no earlier count, so it is not told about.
 */
export function worthTelling(prev: WatchRecord | undefined, next: WatchRecord): boolean {
  if (!BROKEN.includes(next.state)) return false;
  if (prev === undefined || BROKEN.includes(prev.state)) return false;
  return next.totalClicks > prev.totalClicks;
}

/** A record the user should look at: every state but fine. */
export const needsLook = (record: WatchRecord): boolean => record.state !== 'fine';
