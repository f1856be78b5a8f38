import { t } from '../../lib/i18n/catalogue';
import { lazyComponent } from '../shared/lazy-component';

/**
 * The side panel's error notice, fetched when an error is first shown: the
 * words for every error (lib/i18n/describe-error.ts) are not part of the code
 * loaded before the first chart. The chunk is the extension's own file, so
 * it loads offline too; should it not load, a general notice with its retry
 * button stands in.
 */
export const { View: LazyErrorNotice } = lazyComponent(
  () => import('../shared/error-notice').then((m) => m.ErrorNotice),
  ({ onRetry }, failed) =>
    failed ? (
      <div role="alert" class="notice">
        <p class="error">{t('errorInternal')}</p>
        {onRetry && (
          <button type="button" onClick={onRetry}>
            {t('tryAgain')}
          </button>
        )}
      </div>
    ) : null,
  'side panel error notice',
);
