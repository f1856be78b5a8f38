/**
 * A bulk batch as it is kept (./batch-store.ts): its header, one record per
 * URL, and the text it came from (for Replace in text). Kept in IndexedDB
 * by the background, so a worker stopped in the middle, or a browser
 * restarted, finds every item where it was: the bulk page reopened shows it.
 *
 * lib/batch/ is what the background (which runs a batch) and the bulk page
 * (lib/bulk/, which prepares and follows one) share; the background never
 * imports a page's folder.
 */
import type { QueueError, QueueProfile } from '../queue/types';

/** How a text is read for URLs (lib/text-links/find-urls.ts): Markdown is read as plain text. */
export type TextFormat = 'text' | 'html' | 'csv';

/**
 * waiting: in the offline queue (or about to be); made: the link was made
 * now; reused: this profile's cache had a link for it; failed: the service
 * refused it (it waits in the queue's failed list for a Retry); cancelled:
 * the user cancelled before it was sent.
 */
export type BulkItemState = 'waiting' | 'made' | 'reused' | 'failed' | 'cancelled';

export const BULK_ITEM_STATES = ['waiting', 'made', 'reused', 'failed', 'cancelled'] as const satisfies readonly BulkItemState[];

export type BulkCounts = Record<BulkItemState, number>;

/** running: items wait; done: none waits (one notification said so); cancelled: the user stopped it. */
export type BulkBatchState = 'running' | 'done' | 'cancelled';

export interface BulkItem {
  /** Its place in the list, from 0. */
  index: number;
  /** The destination, in the link cache's normal form. */
  url: string;
  /** The page's title when the source knew it (a tab, an anchor's text). */
  title?: string;
  /** What the link points at when cleaning or a site rule changed `url` (lib/site-rules/link-plan.ts). */
  longUrl?: string;
  /** A site rule's domain and tags for this URL, when the batch sets none of its own. */
  customDomain?: string | null;
  tags?: string[];
  /** The idempotency key its queue item is sent under, made when the batch began: a resend after a stop reuses it. */
  key: string;
  state: BulkItemState;
  shortUrl?: string;
  linkId?: string;
  /** Why it failed, as the queue recorded it. */
  error?: QueueError;
  /** The batch's revision when this item last changed: a page asks for what changed since the revision it has. */
  rev: number;
}

export interface BulkBatch {
  id: string;
  createdAt: number;
  /** The profile its links are made under, whichever profile is active later (absent: a connection from before profiles). */
  profile?: QueueProfile;
  /** The service and workspace its links are made in: the link cache's scope for them. */
  baseUrl: string;
  workspaceId: string;
  state: BulkBatchState;
  total: number;
  counts: BulkCounts;
  /** Bumped by every change. */
  rev: number;
  /** Chosen once for the whole batch. */
  customDomain: string | null;
  tags: string[];
  /** New links even for URLs this profile already shortened. */
  fresh: boolean;
  /** When the last item settled, or the user cancelled. */
  finishedAt?: number;
  /** The text the URLs were found in is kept (./batch-store.ts `text`). */
  hasText: boolean;
  /** Its items wait because the service refused the profile's token: the page says so and points to Options. */
  pausedForToken?: boolean;
}

export interface BulkText {
  value: string;
  format: TextFormat;
}

export function emptyCounts(): BulkCounts {
  return { waiting: 0, made: 0, reused: 0, failed: 0, cancelled: 0 };
}
