/**
 * Turns an error from the background into words: what happened and what the
 * user can do about it. The service's own message is shown for its errors
 * (it names the field or rule); everything else comes from the catalogue.
 */
import { t } from './i18n';
import type { ErrorView } from './messages';

/** The code the background gives when the service's host permission was not granted. */
export const NO_HOST_PERMISSION = 'NO_HOST_PERMISSION';

export interface ErrorText {
  what: string;
  todo: string;
  /** The fix lives in the options page (token, URL, workspace). */
  fixInSettings: boolean;
}

export function describeError(error: ErrorView): ErrorText {
  switch (error.kind) {
    case 'unauthorized':
      return { what: t('errorUnauthorized'), todo: t('errorUnauthorizedAction'), fixInSettings: true };
    case 'network':
      if (error.code === NO_HOST_PERMISSION) {
        return { what: t('errorNoPermission'), todo: t('errorNoPermissionAction'), fixInSettings: true };
      }
      return { what: t('errorNetwork'), todo: t('errorNetworkAction'), fixInSettings: true };
    case 'timeout':
      return { what: t('errorTimeout'), todo: t('errorTimeoutAction'), fixInSettings: false };
    case 'rate-limited':
      return { what: t('errorRateLimited'), todo: t('errorRateLimitedAction'), fixInSettings: false };
    case 'invalid-response':
      return { what: t('errorInvalidResponse'), todo: t('errorInvalidResponseAction'), fixInSettings: true };
    case 'invalid-input':
      return { what: t('errorInvalidInput', error.message), todo: t('errorServiceAction'), fixInSettings: false };
    case 'service':
      if (error.code === 'WORKSPACE_NOT_GRANTED') {
        return { what: t('errorService', error.message), todo: t('errorWorkspaceAction'), fixInSettings: true };
      }
      return { what: t('errorService', error.message), todo: t('errorServiceAction'), fixInSettings: false };
    default:
      return { what: t('errorInternal'), todo: t('errorInternalAction'), fixInSettings: false };
  }
}
