import { RefreshCw } from 'lucide-preact';
import { updatedText } from '../../lib/analytics-view/analytics-text';
import { t } from '../../lib/i18n/catalogue';
import { formatRelative } from '../../lib/i18n/format';
import type { PanelModel } from '../../lib/sidepanel/controller';
import { serviceSaysNotFound } from '../../lib/sidepanel/header-view';
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
 * How old the figures are and Refresh, or, when the connection fails, one
 * banner in their place: offline (the browser's word), can't reach the
 * service's real host, or the error in words, each saying how old the
 * figures shown are and offering the one way to try again. The figures
 * shown stay in every case. A link the service says does not exist is the
 * header's to say (lib/sidepanel/header-view.ts).
 */
export function StatusLine({ model, onRefresh, onOpenSettings }: Props) {
  const { figures, refreshing, now } = model;
  const status = panelStatus(model);
  const hasFigures = figures !== null;
  const age = hasFigures ? formatRelative(Math.min(figures.fetchedAt, now), now) : '';
  if (status.kind === 'offline') {
    return (
      <div class="status-area">
        <LazyBanner tone="warn" action={{ label: t('tryAgain'), onClick: onRefresh, busy: refreshing }}>
          {hasFigures ? t('sidepanelOffline', age) : t('sidepanelOfflineNoFigures')}
        </LazyBanner>
      </div>
    );
  }
  if (status.kind === 'unreachable') {
    const host = status.host ?? t('sidepanelTheService');
    return (
      <div class="status-area">
        <LazyBanner tone="warn" action={{ label: t('tryAgain'), onClick: onRefresh, busy: refreshing }}>
          {hasFigures ? t('sidepanelUnreachable', host, age) : t('sidepanelUnreachableNoFigures', host)}
        </LazyBanner>
      </div>
    );
  }
  const notice = status.kind === 'error' && !serviceSaysNotFound(model);
  return (
    <div class="status-area">
      <div class="status-line">
        <p class="grow muted" role="status" aria-live="polite">
          {refreshing ? t('sidepanelRefreshing') : hasFigures ? updatedText(figures.fetchedAt, now) : ''}
          {hasFigures && figures.cached && refreshing && ` ${t('sidepanelCachedNote')}`}
        </p>
        {!notice && (
          <Button variant="ghost" size="small" icon={RefreshCw} onClick={onRefresh} disabled={refreshing}>
            {t('sidepanelRefresh')}
          </Button>
        )}
      </div>
      {notice && <LazyErrorNotice error={status.error} onRetry={onRefresh} onOpenSettings={onOpenSettings} />}
    </div>
  );
}
