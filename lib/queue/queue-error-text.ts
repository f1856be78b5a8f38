/**
 * Why a queued item is not finished, in words, for the options page's
 * waiting queue (worded in the background, lib/queue/view.ts) and the
 * background's notifications. Apart from lib/i18n/describe-error.ts, which the
 * pages share: Rollup splits chunks by module, and in that module it reached
 * the popup's first load (+0.2 KB gzip) though only the background uses it.
 */
import { noDetailsText, ownCodeText } from '../i18n/describe-error';
import { t } from '../i18n/catalogue';
import type { QueueError } from './types';
import { ASK_RESEND } from './stale-outcome';

/** The queue's code for an item whose profile was deleted: it is never sent under another (lib/background/queue/profile-clients.ts). */
export const PROFILE_DELETED = 'PROFILE_DELETED';
/** An item made for one address whose profile now points to another; values: the address it was made for, the profile's now. */
export const PROFILE_REPOINTED = 'PROFILE_REPOINTED';

/** Why a queued item is not finished, in one line for the options page's queue and notifications. */
export function describeQueueError(error: QueueError): string {
  // The service's own words, when it said something (they name the field or rule).
  if (error.message) return error.message;
  const own = ownCodeText(error.code, error.values);
  if (own !== null) return own;
  switch (error.code) {
    case 'UNAUTHORIZED':
      return t('errorUnauthorized');
    case 'NETWORK_ERROR':
      return t('errorNetwork');
    case 'TIMEOUT':
      return t('errorTimeout');
    case 'RATE_LIMITED':
      return t('errorRateLimited');
    case 'INVALID_RESPONSE':
      return t('queueErrorUnknownOutcome');
    case ASK_RESEND:
      return t('queueErrorAskResend');
    case 'INTERNAL':
      return t('errorInternal');
    case PROFILE_DELETED:
      return t('queueErrorProfileDeleted');
    case PROFILE_REPOINTED:
      return t('queueErrorProfileRepointed', error.values?.[0] ?? '', error.values?.[1] ?? '');
    default:
      // A code without words here means nothing to the user either: say only that it will be tried again.
      return noDetailsText(error.code) ?? t('queueErrorCode');
  }
}
