/**
 * What "Shorten the links in this text box" did, counted in words for its
 * notification: "3 links replaced, 1 can't be shortened, 2 wait for your
 * service". Each count is of the links as the text has them (a URL written
 * twice counts twice), with its plural form; a count of 0 is left out.
 */
import { t, type MessageKey } from '../i18n/catalogue';
import { formatCount, pluralForm } from '../i18n/format';

export interface FieldCounts {
  replaced: number;
  /** Refused by the rules (not http(s), one of your short links, made invalid by cleaning), or split by formatting. */
  refused: number;
  /** Queued: the service could not be reached. */
  waiting: number;
  /** The service refused them. */
  failed: number;
}

const PHRASES: { count: keyof FieldCounts; one: MessageKey; other: MessageKey }[] = [
  { count: 'replaced', one: 'fieldLinksReplacedOne', other: 'fieldLinksReplaced' },
  { count: 'refused', one: 'fieldLinksRefusedOne', other: 'fieldLinksRefused' },
  { count: 'waiting', one: 'fieldLinksWaitingOne', other: 'fieldLinksWaiting' },
  { count: 'failed', one: 'fieldLinksFailedOne', other: 'fieldLinksFailed' },
];

/** The counts in words; "0 links replaced" when every count is 0. */
export function fieldCountsText(counts: FieldCounts): string {
  const parts = PHRASES.filter((p) => counts[p.count] > 0).map((p) => t(pluralForm(counts[p.count]) === 'one' ? p.one : p.other, formatCount(counts[p.count])));
  return `${parts.length === 0 ? t('fieldLinksReplaced', formatCount(0)) : parts.join(t('bulkCountsSeparator'))}.`;
}
