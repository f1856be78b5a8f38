/** The bulk page's words: why a text is refused, the list's summary, a row's status, the time left. */
import type { BulkItemState } from '../batch/batch-types';
import type { InputProblem } from './input-check';
import { bulkCountText } from '../batch/bulk-counts-text';
import { t, type MessageKey } from '../i18n/catalogue';
import { formatCount, pluralForm } from '../i18n/format';

/** Why the page cannot take a text or file (lib/bulk/input-check.ts). */
export function bulkProblemText(problem: InputProblem): string {
  const keys: Record<InputProblem, MessageKey> = {
    'too-big': 'bulkProblemTooBig',
    'not-text': 'bulkProblemNotText',
    empty: 'bulkProblemEmpty',
    'no-links': 'bulkProblemNoLinks',
    'selection-empty': 'bulkProblemSelectionEmpty',
    'read-failed': 'bulkProblemReadFailed',
  };
  return t(keys[problem]);
}

const counted = (count: number, one: MessageKey, other: MessageKey) => t(pluralForm(count) === 'one' ? one : other, formatCount(count));

/** "250 links to shorten, 30 repeats folded into their first, 20 can't be shortened, 12 already shortened": `valid` counts the new ones only. */
export function bulkListSummary(list: { valid: number; duplicates: number; refused: number; known: number }): string {
  // Every link already shortened: "0 links to shorten" would read as nothing found.
  const parts = list.valid === 0 && list.known > 0 ? [] : [counted(list.valid, 'bulkToShortenOne', 'bulkToShorten')];
  if (list.duplicates > 0) parts.push(counted(list.duplicates, 'bulkDuplicatesOne', 'bulkDuplicates'));
  if (list.refused > 0) parts.push(counted(list.refused, 'bulkRefusedOne', 'bulkRefused'));
  if (list.known > 0) parts.push(bulkCountText('reused', list.known));
  return parts.join(t('bulkCountsSeparator'));
}

/**
 * The Shorten button: new and reused links counted apart ("Shorten 15 new,
 * reuse 4"), "Shorten 15 links" when none is reused, and no count at all
 * when there is nothing to shorten.
 */
export function bulkShortenLabel(fresh: number, reused = 0): string {
  if (fresh === 0 && reused === 0) return t('bulkShortenNothing');
  if (reused === 0) return counted(fresh, 'bulkShortenOne', 'bulkShorten');
  if (fresh === 0) return counted(reused, 'bulkReuseOnlyOne', 'bulkReuseOnly');
  return counted(fresh, 'bulkShortenNewOne', 'bulkShortenNew') + t('bulkCountsSeparator') + counted(reused, 'bulkReuseOne', 'bulkReuse');
}

export function bulkReplacedText(count: number): string {
  return counted(count, 'bulkReplacedOne', 'bulkReplaced');
}

/** URLs left as written because their short link was refused (lib/contract/short-url.ts). */
export function bulkReplaceRefusedText(count: number): string {
  return counted(count, 'bulkReplaceRefusedOne', 'bulkReplaceRefused');
}

/** A row's status in words: before sending (ready, already shortened) and after. */
export function bulkStatusText(state: BulkItemState | 'ready' | 'known'): string {
  const keys: Record<BulkItemState | 'ready' | 'known', MessageKey> = {
    ready: 'bulkStatusReady',
    known: 'bulkStatusKnown',
    waiting: 'bulkStatusWaiting',
    made: 'bulkStatusMade',
    reused: 'bulkStatusKnown',
    failed: 'bulkStatusFailed',
    cancelled: 'bulkStatusCancelled',
  };
  return t(keys[state]);
}

/** "About 12 s left", "About 3 min left", or that it is still being worked out. */
export function bulkTimeLeftText(ms: number | null): string {
  if (ms === null) return t('bulkEstimating');
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 90 ? t('bulkSecondsLeft', formatCount(seconds)) : t('bulkMinutesLeft', formatCount(Math.round(seconds / 60)));
}
