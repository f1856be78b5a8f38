/**
 * How each kind of queued work is sent. A handler gets the item as stored and
 * may save progress between steps; it throws an ApiError (or FinalFailure) when
 * a step fails, and the runner decides whether to retry.
 */
import type { ApiClient } from '../api/client';
import type { CachedLink } from '../storage/links';
import type { ProgressOf, QueueItemOf, QueueKind, ResultOf } from './types';

/**
 * A final answer that is not an HTTP error, e.g. "keyword taken" (HTTP 200).
 * Never retried. It carries a code and the values its catalogue message is
 * filled with; pages put it in words (lib/i18n/describe-error.ts).
 */
export class FinalFailure extends Error {
  constructor(
    readonly code: string,
    readonly values: readonly string[] = [],
    /** KEYWORD_TAKEN: free alternatives the service offered. */
    readonly recommendedUrls: readonly string[] = [],
  ) {
    // For logs only.
    super(values.length > 0 ? `${code}: ${values.join(' ')}` : code);
    this.name = 'FinalFailure';
  }
}

export interface HandlerContext<K extends QueueKind> {
  client: ApiClient;
  item: QueueItemOf<K>;
  /** Persists how far the work got, before the next step is sent. */
  saveProgress: (progress: ProgressOf<K>) => Promise<void>;
  now: () => number;
}

export type Handler<K extends QueueKind> = (ctx: HandlerContext<K>) => Promise<ResultOf<K>>;

export const handlers: { [K in QueueKind]: Handler<K> } = {
  async 'create-link'({ client, item, saveProgress, now }) {
    const { body, tags } = item.payload;
    let progress = item.progress;
    if (progress === null) {
      const data = await client.createLink(body, { idempotencyKey: item.idempotencyKey });
      if (data.keyWordExist) {
        const ideas = data.recommendedUrls.slice(0, 3).join(', ');
        throw new FinalFailure('KEYWORD_TAKEN', [body.keyword ?? '', ideas], data.recommendedUrls);
      }
      if (data.failToGenerateHash) throw new FinalFailure('FAIL_TO_GENERATE_HASH');
      progress = { linkId: data.linkId, shortUrl: data.shortUrl, createdDate: new Date(now()).toISOString() };
      // Only when a step follows: a last step's answer removes the item, and the
      // write would sit between the popup and its link (an IndexedDB transaction).
      if (tags && tags.length > 0) await saveProgress(progress);
    }
    const link: CachedLink = {
      shortUrl: progress.shortUrl,
      linkId: progress.linkId,
      createdDate: progress.createdDate,
      workspaceId: body.workspaceId,
      longUrl: body.longUrl,
    };
    if (tags && tags.length > 0) {
      // PATCH replaces the tag set, so sending it again after a lost answer is harmless.
      const updated = await client.updateLink({ workspaceId: body.workspaceId, linkId: progress.linkId, tags });
      return { link: { ...link, tags: updated.tags, createdDate: updated.createdDate } };
    }
    return { link };
  },

  'update-link': ({ client, item }) => client.updateLink(item.payload, { idempotencyKey: item.idempotencyKey }),

  'create-tag': ({ client, item }) => client.createTag(item.payload, { idempotencyKey: item.idempotencyKey }),

  // One request each; the key makes a replay after a lost answer record the event once.
  'track-lead': ({ client, item }) => client.trackLead(item.payload, { idempotencyKey: item.idempotencyKey }),

  'track-sale': ({ client, item }) => client.trackSale(item.payload, { idempotencyKey: item.idempotencyKey }),
};
