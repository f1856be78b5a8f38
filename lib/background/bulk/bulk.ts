/**
 * The bulk page's messages and the batch's ways out of the background: its
 * one notification at the end (a click on it opens the bulk page), and the
 * status pages follow. The batches
 * themselves: ./bulk-batch.ts.
 */
import { browser } from 'wxt/browser';
import type { BulkBatch, BulkItem } from '../../batch/batch-types';
import { bulkStatusItem } from '../../batch/bulk-status';
import { bulkCountsText } from '../../batch/bulk-counts-text';
import { openBulk } from '../../batch/open-bulk';
import { describeQueueError } from '../../queue/queue-error-text';
import type { AnswerOf } from '../../messaging/send-message';
import { createBulkBatches, type BulkBatchDeps, type BulkBatches } from './bulk-batch';
import type { Handlers } from '../dispatcher';
import { notify } from '../notify';

const NOTIFICATION_PREFIX = 'shortlink-bulk-';

type BatchAnswer = AnswerOf<'bulkBatch'>;

function batchView(batch: BulkBatch): NonNullable<BatchAnswer['batch']> {
  const { id, state, createdAt, finishedAt, total, counts, rev, customDomain, tags, fresh, pausedForToken } = batch;
  return {
    id,
    state,
    createdAt,
    ...(finishedAt === undefined ? {} : { finishedAt }),
    total,
    counts,
    rev,
    customDomain,
    tags,
    fresh,
    ...(pausedForToken === true ? { pausedForToken } : {}),
  };
}

function itemView(item: BulkItem): BatchAnswer['items'][number] {
  return {
    index: item.index,
    url: item.url,
    state: item.state,
    ...(item.longUrl === undefined ? {} : { longUrl: item.longUrl }),
    ...(item.title === undefined ? {} : { title: item.title }),
    ...(item.shortUrl === undefined ? {} : { shortUrl: item.shortUrl }),
    // In words here, as the queue's list is (lib/queue/view.ts): the page needs none of the wording modules.
    ...(item.error === undefined ? {} : { error: describeQueueError(item.error) }),
  };
}

export type BulkWiringDeps = Omit<BulkBatchDeps, 'tellFinished' | 'publish'>;

/** Call synchronously in the background's `main`: a click on the batch's notification may be what wakes it. */
export function wireBulk(deps: BulkWiringDeps): BulkBatches {
  const batches = createBulkBatches({
    ...deps,
    async tellFinished(batch) {
      // Nothing was sent (every URL already shortened): the page showed it all at once.
      if (batch.counts.made + batch.counts.failed === 0) return;
      await notify(`${NOTIFICATION_PREFIX}${batch.id}`, 'bulkNotifyDoneTitle', bulkCountsText(batch.counts));
    },
    publish: (status) => bulkStatusItem.setValue(status),
  });
  browser.notifications.onClicked.addListener((id) => {
    if (!id.startsWith(NOTIFICATION_PREFIX)) return;
    openBulk().catch(deps.onError);
    browser.notifications.clear(id).catch(deps.onError);
  });
  return batches;
}

/** The batch's messages; "already shortened" (bulkKnown) is ./bulk-known.ts's. */
export function createBulkHandlers(batches: BulkBatches): Pick<Handlers, 'bulkStart' | 'bulkBatch' | 'bulkCancel' | 'bulkRetry' | 'bulkClear'> {
  return {
    bulkStart: (request) => batches.start(request),
    async bulkBatch({ since }) {
      const { batch, items, text } = await batches.read(since);
      return { batch: batch === null ? null : batchView(batch), items: items.map(itemView), ...(text === null ? {} : { text }) };
    },
    bulkCancel: ({ id }) => batches.cancel(id),
    bulkRetry: ({ id }) => batches.retry(id),
    async bulkClear({ id }) {
      await batches.clear(id);
      return {};
    },
  };
}
