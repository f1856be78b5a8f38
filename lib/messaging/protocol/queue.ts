/** The offline queue as the options page shows it: what waits, what failed, and the user's retry and discard. */
import * as v from 'valibot';
import { Empty } from './fields';
import { QueueItemIdSchema } from './ids';

/** What a queued item does, from its kind and payload; the page words it (lib/queue/queue-text.ts). */
const QueueWorkViewSchema = v.variant('kind', [
  /** `shortUrl`: the link exists already, only its tags wait. */
  v.object({ kind: v.literal('create-link'), longUrl: v.string(), keyword: v.optional(v.string()), tags: v.array(v.string()), shortUrl: v.optional(v.string()) }),
  /** `shortUrl`: the link's, when this browser knows it (the link cache); else the page names the link by its id. */
  v.object({ kind: v.literal('update-link'), linkId: v.string(), shortUrl: v.optional(v.string()), tags: v.array(v.string()), deleteLink: v.boolean() }),
  v.object({ kind: v.literal('create-tag'), tag: v.string() }),
  v.object({ kind: v.literal('track-lead'), eventName: v.string(), customerId: v.string() }),
  v.object({ kind: v.literal('track-sale'), eventName: v.string(), amount: v.number(), currency: v.string() }),
]);

const QueueItemViewSchema = v.object({
  id: v.string(),
  work: QueueWorkViewSchema,
  /** pending: sent again automatically; paused: waits for a working token; failed: the service refused it. */
  state: v.picklist(['pending', 'paused', 'failed']),
  createdAt: v.number(),
  attempts: v.number(),
  /** When a pending item is sent again by itself; null for failed and paused ones, which wait for the user. */
  nextAttemptAt: v.nullable(v.number()),
  /** The profile it replays under (absent on items queued before profiles existed: they go to the active one). */
  profileId: v.optional(v.string()),
  /**
   * Why the last attempt failed, in words (lib/queue/queue-error-text.ts), made by
   * the background: the options page then needs none of the error-wording
   * modules, which it would share with the popup's first load.
   */
  lastError: v.optional(v.string()),
  /** Stopped to ask the user: the service may already have made it, and no longer remembers its key ("Send again" or "Discard"). */
  askResend: v.optional(v.boolean()),
});

const QueueStatusSchema = v.object({
  items: v.array(QueueItemViewSchema),
  /** The service refused the token: nothing is sent until the connection is fixed. */
  pausedForAuth: v.boolean(),
});

export const QUEUE_MESSAGES = {
  queueStatus: { request: Empty, answer: QueueStatusSchema },
  /** One item (`id`), or every item the user sees. */
  retryQueue: { request: v.strictObject({ id: v.optional(QueueItemIdSchema) }), answer: QueueStatusSchema },
  discardQueueItem: { request: v.strictObject({ id: QueueItemIdSchema }), answer: QueueStatusSchema },
};
