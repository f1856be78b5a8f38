/**
 * Turns an error from the background into words: what happened and what the
 * user can do about it. Errors travel as codes (and the values that fill
 * their message); the words come from the catalogue, except the service's
 * own message for its errors (it names the field or rule). The English in
 * lib/api/errors.ts is for logs and never shown.
 */
import { INVALID_CONVERSION, NOT_CONFIGURED } from '../api/extension-codes';
import { UNSAFE_SHORT_URL } from '../contract/short-url';
import { TAGS_PER_WORKSPACE_MAX, UNPROVEN_DOMAINS_PER_WORKSPACE_MAX } from '../contract/workspace-limits';
import { t } from './catalogue';
import { formatCount } from './format';
import type { ErrorInfo } from '../api/errors';

/** The code the background gives when the service's host permission was not granted. */
export const NO_HOST_PERMISSION = 'NO_HOST_PERMISSION';

export interface ErrorText {
  what: string;
  todo: string;
  /** The fix lives in the options page (token, URL, workspace). */
  fixInSettings: boolean;
}

/** Codes the extension itself makes (its own checks, or a final answer that is not an HTTP error). */
export function ownCodeText(code: string | undefined, values: readonly string[] = []): string | null {
  const first = values[0] ?? '';
  switch (code) {
    case 'KEYWORD_REQUIRED':
      return t('errorKeywordRequired');
    case 'INVALID_KEYWORD':
      return t('keywordInvalid');
    case 'RESERVED_KEYWORD':
      return t('keywordReserved', first);
    case 'INVALID_TAG':
      return t('errorInvalidTag', first);
    case 'TOO_MANY_TAGS':
      return t('errorTooManyTags', /^\d+$/.test(first) ? formatCount(Number(first)) : first);
    case 'KEYWORD_TAKEN':
      return values[1] ? t('errorKeywordTakenAlternatives', first, values[1]) : t('keywordTakenNone');
    case 'FAIL_TO_GENERATE_HASH':
      return t('errorHashFailed');
    case UNSAFE_SHORT_URL:
      return t('errorUnsafeShortUrl');
    case 'BULK_NO_URLS':
      return t('errorBulkNoUrls');
    case 'UTM_VALUE_INVALID':
      return t('errUtmValueInvalid', first);
    case NOT_CONFIGURED:
      return t('errorConversionNotConfigured');
    case INVALID_CONVERSION:
      // values[0] is the field's path in the request: a name the user never sees (the form marks the field).
      return t('errorInvalidConversion');
    default:
      return null;
  }
}

/** HTTP_<status>: the service answered with an error status and no envelope (a proxy, a crash). */
export function noDetailsText(code: string | undefined): string | null {
  const status = /^HTTP_(\d{3})$/.exec(code ?? '')?.[1];
  return status === undefined ? null : t('errorServiceNoDetails', status);
}

export function describeError(error: ErrorInfo): ErrorText {
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
      if (error.code === UNSAFE_SHORT_URL) return { what: t('errorUnsafeShortUrl'), todo: t('errorUnsafeShortUrlAction'), fixInSettings: true };
      return { what: t('errorInvalidResponse'), todo: t('errorInvalidResponseAction'), fixInSettings: true };
    case 'invalid-input':
      // Nothing to change in the request before there is a connection: the way out is in settings.
      if (error.code === NOT_CONFIGURED) return { what: t('errorConversionNotConfigured'), todo: t('errorNotConfiguredAction'), fixInSettings: true };
      return { what: ownCodeText(error.code, error.values) ?? t('errorInvalidInput'), todo: t('errorServiceAction'), fixInSettings: false };
    case 'service': {
      if (error.code === 'FAIL_TO_GENERATE_HASH') {
        return { what: t('errorHashFailed'), todo: t('errorHashFailedAction'), fixInSettings: false };
      }
      const noDetails = noDetailsText(error.code);
      if (noDetails !== null) return { what: noDetails, todo: t('errorTimeoutAction'), fixInSettings: false };
      if (error.code === 'WORKSPACE_NOT_GRANTED') {
        return { what: t('errorService', error.message), todo: t('errorWorkspaceAction'), fixInSettings: true };
      }
      // A workspace's limits (lib/contract/workspace-limits.ts): no change of the request helps, so say what does.
      if (error.code === 'TAG_LIMIT_REACHED') {
        return { what: t('errorTagLimit', formatCount(TAGS_PER_WORKSPACE_MAX)), todo: t('errorTagLimitAction'), fixInSettings: false };
      }
      if (error.code === 'DOMAIN_CLAIM_LIMIT_REACHED') {
        return {
          what: t('errorDomainClaimLimit', formatCount(UNPROVEN_DOMAINS_PER_WORKSPACE_MAX)),
          todo: t('errorDomainClaimLimitAction'),
          fixInSettings: false,
        };
      }
      return { what: t('errorService', error.message), todo: t('errorServiceAction'), fixInSettings: false };
    }
    default:
      return { what: t('errorInternal'), todo: t('errorInternalAction'), fixInSettings: false };
  }
}
