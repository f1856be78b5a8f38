/**
 * A queued item as the options page shows it: what it does (from its kind
 * and payload, never its idempotency key or workspace), when it was made,
 * attempts, when it is tried next (the page words these, lib/queue/queue-text.ts),
 * and why the last try failed, worded here (lib/queue/queue-error-text.ts). Plain
 * data, so it crosses the message boundary and is checked there
 * (lib/messaging/protocol/queue.ts).
 */
import type { QueueItemView, QueueWorkView } from '../messaging/send-message';
import { describeQueueError } from './queue-error-text';
import { awaitsUser } from './stale-outcome';
import type { QueueItem } from './types';

/** `shortUrls`: the short link of a link id, where this browser knows it. */
export function queueWork(item: QueueItem, shortUrls: ReadonlyMap<string, string> = new Map()): QueueWorkView {
  switch (item.kind) {
    case 'create-link': {
      const { body, tags } = item.payload;
      return {
        kind: 'create-link',
        longUrl: body.longUrl,
        ...(body.keywordType === 'CUSTOM' && body.keyword ? { keyword: body.keyword } : {}),
        tags: tags ?? [],
        ...(item.progress !== null ? { shortUrl: item.progress.shortUrl } : {}),
      };
    }
    case 'update-link': {
      const shortUrl = shortUrls.get(item.payload.linkId);
      return {
        kind: 'update-link',
        linkId: item.payload.linkId,
        ...(shortUrl !== undefined ? { shortUrl } : {}),
        tags: item.payload.tags ?? [],
        deleteLink: item.payload.deleteLink === true,
      };
    }
    case 'create-tag':
      return { kind: 'create-tag', tag: item.payload.tag };
    case 'track-lead':
      return { kind: 'track-lead', eventName: item.payload.eventName, customerId: item.payload.customerId };
    case 'track-sale':
      return { kind: 'track-sale', eventName: item.payload.eventName, amount: item.payload.amount, currency: item.payload.currency };
  }
}

export function queueItemView(item: QueueItem, shortUrls?: ReadonlyMap<string, string>): QueueItemView {
  return {
    id: item.id,
    work: queueWork(item, shortUrls),
    state: item.state,
    createdAt: item.createdAt,
    attempts: item.attempts,
    nextAttemptAt: item.state === 'pending' ? item.nextAttemptAt : null,
    ...(item.profile ? { profileId: item.profile.id } : {}),
    ...(item.lastError ? { lastError: describeQueueError(item.lastError) } : {}),
    ...(awaitsUser(item) ? { askResend: true } : {}),
  };
}
