/**
 * What the watch keeps of a link: its last check's state and reason, since
 * when it has been in that state, when it was last fine, and its click count
 * at the check (a link never clicked is not asked about further).
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
  /** The short link, as the service listed it (absent from records kept before it was noted). */
  shortUrl?: string;
}

export interface CheckedLink {
  linkId: string;
  longUrl: string;
  totalClicks: number;
  shortUrl?: string;
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
    ...(link.shortUrl === undefined ? {} : { shortUrl: link.shortUrl }),
  };
}

/**
 * Whether this check found the link newly gone or failing (first checked
 * so, or fine before), and ever clicked: a candidate for the one
 * notification, told when people clicked it in the last 7 days
 * (./used-lately.ts). Still broken at the next check: not again.
 */
export function becameBroken(prev: WatchRecord | undefined, next: WatchRecord): boolean {
  if (!BROKEN.includes(next.state)) return false;
  if (prev !== undefined && BROKEN.includes(prev.state)) return false;
  return next.totalClicks > 0;
}

/** A record the user should look at: every state but fine. */
export const needsLook = (record: WatchRecord): boolean => record.state !== 'fine';
