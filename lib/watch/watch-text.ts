/**
 * The watch's findings in words: a state's name, its reason ("the page
 * answers 404") and the mark a link carries ("Gone since 3 Dec 2026: the
 * page answers 404"). Shared by the popup, the side panel, the options page
 * and the background's notification.
 */
import { t } from '../i18n/catalogue';
import { formatDate, uiLocale } from '../i18n/format';
import type { WatchReason, WatchState } from './watch-outcome';

export function watchStateText(state: WatchState): string {
  switch (state) {
    case 'fine':
      return t('watchStateFine');
    case 'moved':
      return t('watchStateMoved');
    case 'gone':
      return t('watchStateGone');
    case 'failing':
      return t('watchStateFailing');
    case 'looping':
      return t('watchStateLooping');
    case 'not-checked':
      return t('watchStateNotChecked');
  }
}

export function watchReasonText(reason: WatchReason): string {
  switch (reason.kind) {
    case 'answered':
      return t('watchReasonAnswered', reason.status);
    case 'other-site':
      return t('watchReasonOtherSite', reason.host);
    case 'login':
      return t('watchReasonLogin', reason.host);
    case 'unreachable':
      return t('watchReasonUnreachable');
    case 'timeout':
      return t('watchReasonTimeout');
    case 'too-many-redirects':
      return t('watchReasonTooManyRedirects');
    case 'redirect-loop':
      return t('watchReasonRedirectLoop');
    case 'local-address':
      return t('watchReasonLocal');
    case 'not-web':
      return t('watchReasonNotWeb');
  }
}

export interface MarkFacts {
  state: WatchState;
  reason: WatchReason;
  since: number;
}

/** "Gone since 3 Dec 2026: the page answers 404"; a link never requested has no "since". */
export function watchMarkText(mark: MarkFacts, locale = uiLocale()): string {
  if (mark.state === 'not-checked') return t('watchMarkNotChecked', watchReasonText(mark.reason));
  return t('watchMarkSince', watchStateText(mark.state), formatDate(new Date(mark.since).toISOString(), locale), watchReasonText(mark.reason));
}
