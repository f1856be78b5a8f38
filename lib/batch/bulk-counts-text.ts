/** A bulk batch's counts in words, for its notification and its page: "250 links made, 3 already shortened, 2 failed". */
import type { BulkCounts } from './batch-types';
import { t, type MessageKey } from '../i18n/catalogue';
import { formatCount, pluralForm } from '../i18n/format';

/** Each count's words, in the one and other plural forms; a count of 0 is left out (but "0 links made" when all are). */
const PHRASES: { state: keyof BulkCounts; one: MessageKey; other: MessageKey }[] = [
  { state: 'made', one: 'bulkCountMadeOne', other: 'bulkCountMade' },
  { state: 'reused', one: 'bulkCountReusedOne', other: 'bulkCountReused' },
  { state: 'waiting', one: 'bulkCountWaitingOne', other: 'bulkCountWaiting' },
  { state: 'failed', one: 'bulkCountFailedOne', other: 'bulkCountFailed' },
  { state: 'cancelled', one: 'bulkCountCancelledOne', other: 'bulkCountCancelled' },
];

export function bulkCountText(state: keyof BulkCounts, count: number): string {
  const phrase = PHRASES.find((p) => p.state === state)!;
  return t(pluralForm(count) === 'one' ? phrase.one : phrase.other, formatCount(count));
}

export function bulkCountsText(counts: BulkCounts): string {
  const parts = PHRASES.filter((p) => counts[p.state] > 0).map((p) => bulkCountText(p.state, counts[p.state]));
  return parts.length === 0 ? bulkCountText('made', 0) : parts.join(t('bulkCountsSeparator'));
}
