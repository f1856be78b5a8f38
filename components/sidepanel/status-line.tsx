import { RefreshCw } from 'lucide-preact';
import { updatedText } from '../../lib/i18n/analytics-text';
import { t } from '../../lib/i18n/catalogue';
import type { PanelModel } from '../../lib/sidepanel/controller';
import { panelStatus } from '../../lib/sidepanel/panel-status';
import { Button } from '../shared/button';
import { LazyBanner } from './lazy-banner';
import { LazyErrorNotice } from './lazy-error-notice';

interface Props {
  model: PanelModel;
  onRefresh: () => void;
  onOpenSettings: () => void;
}

/**
 * How old the figures are, Refresh, and at most one banner about the
 * connection: offline (the browser's word), can't reach the service's real
 * host, or the error in words. The figures shown stay in every case.
 */
export function StatusLine({ model, onRefresh, onOpenSettings }: Props) {
  const { figures, refreshing, now } = model;
  const status = panelStatus(model);
  const hasFigures = figures !== null;
  return (
    <div class="status-area">
      <div class="status-line">
        <p class="grow muted" role="status" aria-live="polite">
          {refreshing ? t('sidepanelRefreshing') : hasFigures ? updatedText(figures.fetchedAt, now) : ''}
          {hasFigures && figures.cached && refreshing && ` ${t('sidepanelCachedNote')}`}
        </p>
        <Button variant="ghost" size="small" icon={RefreshCw} onClick={onRefresh} disabled={refreshing}>
          {t('sidepanelRefresh')}
        </Button>
      </div>
      {status.kind === 'offline' && <LazyBanner tone="warn">{hasFigures ? t('sidepanelOffline') : t('sidepanelOfflineNoFigures')}</LazyBanner>}
      {status.kind === 'unreachable' && (
        <LazyBanner tone="warn" action={{ label: t('tryAgain'), onClick: onRefresh }}>
          {t(hasFigures ? 'sidepanelUnreachable' : 'sidepanelUnreachableNoFigures', status.host ?? t('sidepanelTheService'))}
        </LazyBanner>
      )}
      {status.kind === 'error' && <LazyErrorNotice error={status.error} onRetry={onRefresh} onOpenSettings={onOpenSettings} />}
    </div>
  );
}
