/**
 * What the bulk page follows instead of the batch itself: the batch's id,
 * state, counts and revision, rewritten by the background a few times a
 * second at most while it runs. On a change the page asks the background for
 * the items changed since the revision it has (message `bulkBatch`).
 */
import { storage } from 'wxt/utils/storage';
import { BULK_STATUS_KEY } from '../storage/keys';
import type { BulkBatchState, BulkCounts } from './batch-types';

export interface BulkStatus {
  id: string;
  state: BulkBatchState;
  counts: BulkCounts;
  rev: number;
}

export const bulkStatusItem = storage.defineItem<BulkStatus | null>(BULK_STATUS_KEY, { fallback: null });
