/**
 * An unknown outcome older than the service keeps its answers: the service
 * may have made the link, and no longer remembers the idempotency key that
 * would make a resend harmless. Such an item is not sent blindly: the
 * service's link list (newest first, back to when the item was made) is
 * asked for a link to that destination made since; found, the item goes on
 * from there as if its first request had been answered; not found, or the
 * list cannot tell, the item stops and the user decides (the options page's
 * queue: "Send again" or "Discard").
 */
import type { ApiClient } from '../api/client';
import { hostOfUrl, normaliseHost } from '../contract/host';
import type { Link } from '../contract/schemas';
import type { CreateLinkProgress, QueueItem, QueueItemOf } from './types';

/** The code of an item stopped to ask the user whether to send it again. */
export const ASK_RESEND = 'OUTCOME_UNKNOWN_EXPIRED';

/**
 * How long the service keeps an answer for its idempotency key when it did
 * not say (the interface's documented minimum, 24 h). A service that says
 * sends `Idempotency-Retention: <seconds>` with each answer to a keyed request.
 */
export const DEFAULT_RETENTION_MS = 86_400_000;

/** Asked before the retention quite ends: the key may have been stored a little after the item was made. */
export const RETENTION_MARGIN_MS = 60 * 60_000;

/** The list is read this far at most (newest first); a busier workspace cannot tell, and the user decides. */
export const LOOKUP_PAGES = 5;
export const LOOKUP_PAGE_SIZE = 100;

/** The service's clock and ours may differ: links made this long before the item still count. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Stopped, waiting for the user's "Send again" or "Discard". */
export function awaitsUser(item: QueueItem): boolean {
  return item.state === 'failed' && item.lastError?.code === ASK_RESEND;
}

/**
 * Whether a send of `item` may already have been carried out without our
 * knowing: a new link not made yet as far as we know, sent before (`sendsBefore`
 * attempts) and whose last answer was unreadable, late, or never recorded (the
 * worker stopped mid-send).
 */
export function outcomeMayExist(item: QueueItem, sendsBefore: number): item is QueueItemOf<'create-link'> {
  if (item.kind !== 'create-link' || item.progress !== null || item.resendConfirmed === true || sendsBefore <= 0) return false;
  const code = item.lastError?.code;
  return code === undefined || code === 'INVALID_RESPONSE' || code === 'TIMEOUT' || code === ASK_RESEND;
}

/** Whether the service may have forgotten the item's key by `now`, given the retention it told us. */
export function pastRetention(item: QueueItem, now: number, retentionMs: number): boolean {
  return now - item.createdAt > retentionMs - RETENTION_MARGIN_MS;
}

/** The link `item` asks for, on the list: same destination, domain and keyword, made since the item. */
function answers(item: QueueItemOf<'create-link'>, link: Link): boolean {
  const { body } = item.payload;
  if (link.longUrl !== body.longUrl || link.workspaceId !== body.workspaceId) return false;
  let short: URL;
  try {
    short = new URL(link.shortUrl);
  } catch {
    return false;
  }
  if (body.customDomain) {
    const asked = normaliseHost(body.customDomain);
    if (asked === null || hostOfUrl(short)?.hostname !== asked.hostname) return false;
  }
  if (body.keywordType === 'CUSTOM' && decodeURIComponent(short.pathname.slice(1)) !== body.keyword) return false;
  return true;
}

/**
 * The link the service made for `item` since it was made, as progress
 * (the create step done); null when the list shows none; 'unknown' when it
 * cannot tell (too many links since, or dates it cannot read). Errors of the
 * list request itself are thrown, for the caller to treat as a failed send.
 */
export async function findMadeLink(client: ApiClient, item: QueueItemOf<'create-link'>): Promise<CreateLinkProgress | null | 'unknown'> {
  const since = item.createdAt - CLOCK_SKEW_MS;
  let cursor = 0;
  for (let page = 0; page < LOOKUP_PAGES; page += 1) {
    const { pageInfo, list } = await client.listLinks({
      workspaceId: item.payload.body.workspaceId,
      cursor,
      pageSize: LOOKUP_PAGE_SIZE,
      orderBy: 'createdDate',
      orderType: 'desc',
    });
    let older = false;
    for (const link of list) {
      const made = Date.parse(link.createdDate);
      if (Number.isNaN(made)) return 'unknown';
      if (made < since) {
        older = true;
        break;
      }
      if (answers(item, link)) return { linkId: link._id, shortUrl: link.shortUrl, createdDate: link.createdDate };
    }
    // Newest first: past the item's time, nothing older can be its link.
    if (older || !pageInfo.hasNext) return null;
    // The cursor is the next page's offset; one that does not move on would read the same page again.
    if (pageInfo.cursor <= cursor) return 'unknown';
    cursor = pageInfo.cursor;
  }
  return 'unknown';
}
