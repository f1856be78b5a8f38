import { t } from '../../lib/i18n/catalogue';

/** What stands in for a part of the popup while its code loads, or if it cannot be loaded. */
export function LazyFallback({ failed }: { failed: boolean }) {
  return failed ? (
    <p role="alert" class="error">
      {t('tagsPanelFailed')}
    </p>
  ) : (
    <p role="status" class="muted">
      {t('loading')}
    </p>
  );
}
