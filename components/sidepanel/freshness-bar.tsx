import { updatedText } from '../../lib/i18n/analytics-text';
import { t } from '../../lib/i18n/catalogue';
import type { PanelModel } from '../../lib/sidepanel/controller';

/** How old the shown figures are, whether a refresh is under way, offline, and the Refresh button. */
export function FreshnessBar({ model, onRefresh }: { model: PanelModel; onRefresh: () => void }) {
  const { figures, refreshing, offline, now } = model;
  return (
    <div class="freshness">
      <div class="row">
        <p class="grow muted" role="status" aria-live="polite">
          {refreshing ? t('sidepanelRefreshing') : figures !== null ? updatedText(figures.fetchedAt, now) : ''}
        </p>
        <button type="button" onClick={onRefresh} disabled={refreshing}>
          {t('sidepanelRefresh')}
        </button>
      </div>
      {figures?.cached && refreshing && <p class="muted">{t('sidepanelCachedNote')}</p>}
      {offline && <p class="warn">{figures !== null ? t('sidepanelOffline') : t('sidepanelOfflineNoFigures')}</p>}
    </div>
  );
}
