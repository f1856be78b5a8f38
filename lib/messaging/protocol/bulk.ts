/**
 * Bulk shortening (bulk.html): which URLs this profile already shortened,
 * starting a batch, following it, and the user's Cancel, Retry and New batch.
 * The batch itself lives in the background (lib/background/bulk/bulk-batch.ts).
 */
import * as v from 'valibot';
import { BULK_ITEM_STATES } from '../../batch/batch-types';
import { MAX_BATCH_URLS, MAX_TEXT_BYTES } from '../../batch/limits';
import { REFUSED } from './answers';
import { Empty, Text } from './fields';

/** A destination as the page sends it; the background judges it again (lib/contract/url.ts). */
const BulkUrl = Text(4096);

/** Its id, made by the background when the batch began. */
const BulkIdSchema = v.pipe(Text(100), v.minLength(1));

const CountsSchema = v.object(Object.fromEntries(BULK_ITEM_STATES.map((s) => [s, v.number()])) as Record<(typeof BULK_ITEM_STATES)[number], v.NumberSchema<undefined>>);

const BatchViewSchema = v.object({
  id: v.string(),
  state: v.picklist(['running', 'done', 'cancelled']),
  createdAt: v.number(),
  finishedAt: v.optional(v.number()),
  total: v.number(),
  counts: CountsSchema,
  rev: v.number(),
  customDomain: v.nullable(v.string()),
  tags: v.array(v.string()),
  fresh: v.boolean(),
  /** Its items wait because the service refused the profile's token. */
  pausedForToken: v.optional(v.literal(true)),
});

const ItemViewSchema = v.object({
  index: v.number(),
  url: v.string(),
  /** What the link points at when cleaning or a site rule changed `url`. */
  longUrl: v.optional(v.string()),
  title: v.optional(v.string()),
  state: v.picklist(BULK_ITEM_STATES),
  shortUrl: v.optional(v.string()),
  /** Why it failed, in words (made by the background, as the queue's list is). */
  error: v.optional(v.string()),
});

const TextSchema = v.object({ value: v.string(), format: v.picklist(['text', 'html', 'csv']) });

export const BULK_MESSAGES = {
  /**
   * The links of this workspace the extension has seen (its link cache and
   * recent list, with the service's newest links read again when it can be
   * reached) for these URLs as they will be sent (cleaned or not), on the
   * domain asked (absent: the default domain): the interface has no look-up
   * by destination, so this is what "already shortened" can mean.
   */
  bulkKnown: {
    request: v.strictObject({
      urls: v.pipe(v.array(BulkUrl), v.maxLength(MAX_BATCH_URLS)),
      customDomain: v.optional(v.nullable(Text(300))),
      /** Absent: as the profile's setting and site rules say. */
      clean: v.optional(v.boolean()),
    }),
    answer: v.variant('status', [
      v.object({
        status: v.literal('done'),
        links: v.array(v.object({ url: v.string(), shortUrl: v.string() })),
        /** URLs that cleaning or a site rule changes: what is sent instead. */
        cleaned: v.array(v.object({ url: v.string(), longUrl: v.string() })),
        /** How many of the workspace's links the extension knows. */
        seen: v.number(),
        /** The service's newest links were read just now (false: it could not be reached, only what was seen before counted). */
        reached: v.boolean(),
        /** URLs with no link in this workspace but one in another profile's (named): marked, still made here. */
        elsewhere: v.optional(v.array(v.object({ url: v.string(), profile: v.string(), shortUrl: v.string() }))),
      }),
      ...REFUSED,
    ]),
  },
  /** Persists the batch and queues every item not reused; answers once they are queued. */
  bulkStart: {
    request: v.strictObject({
      entries: v.pipe(v.array(v.strictObject({ url: BulkUrl, title: v.optional(Text(500)) })), v.minLength(1), v.maxLength(MAX_BATCH_URLS)),
      /** Absent: the profile's default domain; null: the service's own. */
      customDomain: v.optional(v.nullable(Text(300))),
      /** Absent: the profile's default tags. */
      tags: v.optional(v.pipe(v.array(Text(200)), v.maxLength(200))),
      /** New links even for URLs already shortened. */
      fresh: v.boolean(),
      /** Tracking parameters removed or kept for the whole batch; absent: as the profile's setting and site rules say. */
      clean: v.optional(v.boolean()),
      /** The text the URLs were found in, kept for Replace in text after a reopen. */
      text: v.optional(v.object({ value: Text(MAX_TEXT_BYTES), format: v.picklist(['text', 'html', 'csv']) })),
    }),
    answer: v.variant('status', [
      v.object({ status: v.literal('done'), id: v.string() }),
      /** Another batch is running: one at a time. */
      v.object({ status: v.literal('busy') }),
      ...REFUSED,
    ]),
  },
  /** The kept batch (null: none), with its items changed after revision `since`; the text only when `since` is 0. */
  bulkBatch: {
    request: v.strictObject({ since: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
    answer: v.object({ batch: v.nullable(BatchViewSchema), items: v.array(ItemViewSchema), text: v.optional(TextSchema) }),
  },
  /** Stops what has not been sent: how many links were made (a send under way may still add one). */
  bulkCancel: {
    request: v.strictObject({ id: BulkIdSchema }),
    answer: v.object({ made: v.number(), reused: v.number(), cancelled: v.number() }),
  },
  /** Sends the failed items again. */
  bulkRetry: { request: v.strictObject({ id: BulkIdSchema }), answer: v.object({ retried: v.number() }) },
  /** Forgets a finished or cancelled batch, for a new one. */
  bulkClear: { request: v.strictObject({ id: BulkIdSchema }), answer: Empty },
};
