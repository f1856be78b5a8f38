/** The recent list's failures in words (catalogue); lib/recent-list.ts and the background pass codes. */
import { describeError } from './describe-error';
import { t } from './i18n';
import type { ErrorView } from './messages';

/** Why a tag change or a delete did not happen, and what to do. */
export function changeErrorText(error: ErrorView | 'not-configured'): string {
  if (error === 'not-configured') return t('notConfigured');
  const { what, todo } = describeError(error);
  return `${what} ${todo}`;
}
