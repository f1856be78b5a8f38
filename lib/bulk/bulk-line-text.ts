/**
 * The bulk page's words for the lines it cannot use as written
 * (lib/bulk/line-problems.ts) and for how "already shortened" was checked
 * (lib/bulk/known-lookup.ts).
 */
import type { KnownCheck } from './known-lookup';
import type { LineProblemKind } from './line-problems';
import { t, type MessageKey } from '../i18n/catalogue';
import { formatCount, pluralForm } from '../i18n/format';

export function lineProblemText(kind: LineProblemKind): string {
  return t(kind === 'scheme-typo' ? 'bulkLineSchemeTypo' : 'bulkLineNoScheme');
}

const counted = (count: number, one: MessageKey, other: MessageKey, ...more: string[]) => t(pluralForm(count) === 'one' ? one : other, formatCount(count), ...more);

/** What "already shortened" was checked against; null while nothing is to be checked. `host`: the service's. */
export function knownCheckText(check: KnownCheck, host: string): string | null {
  switch (check.state) {
    case 'idle':
      return null;
    case 'checking':
      return t('bulkKnownChecking');
    case 'failed':
      return t('bulkKnownFailed');
    case 'checked':
      if (check.reached) return counted(check.seen, 'bulkKnownCheckedOne', 'bulkKnownChecked');
      if (check.seen === 0) return t('bulkKnownNone', host);
      return counted(check.seen, 'bulkKnownOldOne', 'bulkKnownOld', host);
  }
}
