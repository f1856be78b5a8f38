/**
 * The popup's banner in words (lib/popup/status.ts decides which): what
 * happened, what happens next, and the one action that helps. The service
 * is named by its real host when the popup knows it.
 */
import { describeError, NO_HOST_PERMISSION } from '../i18n/describe-error';
import { t } from '../i18n/catalogue';
import type { ErrorView } from '../messaging/send-message';
import type { PopupStatus } from './status';

export interface StatusText {
  tone: 'info' | 'warn' | 'error' | 'ok';
  title: string;
  detail: string;
  action: 'retry' | 'settings' | null;
}

/** "Can't reach links.example.com." (or "Still can't…" after a Retry that did not get through). */
export function unreachableText(host: string | null, still = false): string {
  if (host === null) return t(still ? 'popupUnreachableStillUnnamed' : 'popupUnreachableUnnamed');
  return t(still ? 'popupUnreachableStill' : 'popupUnreachable', host);
}

/** An error from the background; `canRetry`: there is something to send again. */
export function errorStatusText(error: ErrorView, host: string | null, canRetry: boolean, detail?: string): StatusText {
  // The service could not be reached (not a refusal): name it, and asking again is the way out.
  if ((error.kind === 'network' && error.code !== NO_HOST_PERMISSION) || error.kind === 'timeout') {
    return { tone: 'warn', title: unreachableText(host), detail: detail ?? t('popupUnreachableCheck'), action: canRetry ? 'retry' : null };
  }
  const text = describeError(error);
  return { tone: 'error', title: text.what, detail: detail ?? text.todo, action: text.fixInSettings ? 'settings' : canRetry ? 'retry' : null };
}

export function popupStatusText(status: PopupStatus, host: string | null): StatusText {
  switch (status.kind) {
    case 'offline':
      return { tone: 'warn', title: t('popupOffline'), detail: t('popupOfflineDetail'), action: null };
    case 'unreachable':
      return { tone: 'warn', title: unreachableText(host, status.still), detail: t('popupUnreachableDetail'), action: 'retry' };
    case 'unknown-outcome':
      return { tone: 'warn', title: t('popupUnknownOutcome'), detail: t('popupUnknownOutcomeDetail'), action: 'retry' };
    case 'refused':
      return { tone: 'error', title: t('popupQueuedRefused'), detail: t('popupQueuedRefusedDetail'), action: 'settings' };
    case 'created':
      return { tone: 'ok', title: t('popupQueuedCreated'), detail: t('popupQueuedCreatedDetail'), action: null };
    case 'error':
      return errorStatusText(status.error, host, status.canRetry);
  }
}
