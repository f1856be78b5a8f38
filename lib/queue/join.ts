/**
 * One pending request per thing asked: a shorten of a page that already
 * waits in the queue, or is being sent, joins that item instead of making a
 * second one under a new idempotency key (two links for one page). The key
 * names what the service is asked to do under the profile it is sent with;
 * how the result is used (copy, notify) is not part of it.
 */
import { awaitsUser } from './stale-outcome';
import type { CreateLinkPayload, QueueItem, QueueProfile } from './types';

/** The join key of a new link: its profile, the link's fields and its tags (in any order). */
export function createLinkJoinKey(payload: CreateLinkPayload, profile: QueueProfile | undefined): string {
  const { body, tags } = payload;
  return JSON.stringify([
    'create-link',
    profile?.id ?? '',
    profile?.baseUrl ?? '',
    body.workspaceId,
    body.keywordType,
    body.longUrl,
    body.customDomain ?? null,
    body.keywordType === 'CUSTOM' ? (body.keyword ?? '') : '',
    [...(tags ?? [])].sort(),
  ]);
}

/**
 * Whether a new request with `joinKey` joins `item`: it asks the same, and it
 * is still to be done (waiting, being sent, paused for the token, or waiting
 * for the user's word on an old unknown outcome). A refused item is not
 * joined: the service said no, and the user may ask again.
 */
export function joins(item: QueueItem, joinKey: string): boolean {
  if (item.joinKey !== joinKey) return false;
  return item.state !== 'failed' || awaitsUser(item);
}
