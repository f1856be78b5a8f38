/** The recent list's failures in words (catalogue); lib/popup/recent-list.ts and the background pass codes. */
import { describeError } from '../i18n/describe-error';
import { formatCount, formatDate, pluralForm } from '../i18n/format';
import { t } from '../i18n/catalogue';
import type { ErrorView } from '../messaging/send-message';

/** Why a tag change or a delete did not happen, and what to do. */
export function changeErrorText(error: ErrorView | 'not-configured'): string {
  if (error === 'not-configured') return t('notConfigured');
  const { what, todo } = describeError(error);
  return `${what} ${todo}`;
}

/** A row's clicks, grouped the Indian way like every count, in the count's plural form: "1 click", "1,23,456 clicks". */
export function recentClicksText(clicks: number): string {
  return t(pluralForm(clicks) === 'one' ? 'recentClicksOne' : 'recentClicks', formatCount(clicks));
}

/** Several tags of a row as one count, in the count's plural form: "2 tags". */
export function recentTagCountText(count: number): string {
  return t(pluralForm(count) === 'one' ? 'recentTagCountOne' : 'recentTagCount', formatCount(count));
}

/** When a row's link was made, in the catalogue's language (not the system's, which may differ). */
export function recentDateText(iso: string): string {
  return formatDate(iso);
}
