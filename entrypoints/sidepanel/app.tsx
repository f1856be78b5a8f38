/**
 * The side panel: composition only. State lives in lib/sidepanel/controller.ts
 * (tested), the blocks come from lib/analytics-view, and each concept is a
 * component under components/analytics/.
 */
import { useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { AnalyticsBlocks } from '@/components/sidepanel/analytics-blocks';
import { ConversionsSection } from '@/components/sidepanel/conversions-section';
import { ExportButtons } from '@/components/sidepanel/export-buttons';
import { FreshnessBar } from '@/components/sidepanel/freshness-bar';
import { loadCharts } from '@/components/sidepanel/lazy-chart-card';
import { LazyErrorNotice } from '@/components/sidepanel/lazy-error-notice';
import { LazyLinkPicker } from '@/components/sidepanel/lazy-link-picker';
import { openAnalyticsCache, readCachedAnalytics } from '@/lib/storage/analytics-cache';
import { t } from '@/lib/i18n/catalogue';
import { sendMessage } from '@/lib/messaging/send-message';
import { createSidePanelController, type PanelModel } from '@/lib/sidepanel/controller';
import { lazyLinkCache } from '@/lib/sidepanel/link-cache';
import { readScope as scope, watchScope } from '@/lib/sidepanel/scope';
import { createTabLinks } from '@/lib/sidepanel/tabs';

/** `?linkId=` of this page, or null to follow the active tab. */
function linkIdParam(): string | null {
  const id = new URLSearchParams(location.search).get('linkId');
  return id !== null && id.trim() !== '' ? id.trim() : null;
}

export function App() {
  const [model, setModel] = useState<PanelModel | null>(null);
  const controller = useMemo(
    () =>
      createSidePanelController({
        send: sendMessage,
        readCache: async (linkId) => {
          // The database opens while the scope is read.
          openAnalyticsCache();
          const s = await scope();
          const cached = s === null ? null : await readCachedAnalytics(s, linkId);
          // Nothing to show before the service answers: fetch the charts meanwhile.
          if (cached === null) void loadCharts().catch(() => undefined);
          return cached;
        },
        now: Date.now,
        timers: { setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (h) => clearInterval(h as number) },
        isVisible: () => document.visibilityState === 'visible',
        isOnline: () => navigator.onLine,
        tabs: createTabLinks({ cache: lazyLinkCache(), scope }),
        onChange: setModel,
      }),
    [],
  );

  // A layout effect: the reads start before the first paint, not after it.
  useLayoutEffect(() => {
    const onVisibility = () => controller.visibilityChanged();
    const onConnectivity = () => controller.connectivityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    addEventListener('online', onConnectivity);
    addEventListener('offline', onConnectivity);
    void controller.start(linkIdParam());
    // Another profile chosen: this link and its figures are the old workspace's. Open afresh, following the tab.
    const unwatch = watchScope(() => location.replace(location.pathname));
    return () => {
      unwatch();
      controller.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('online', onConnectivity);
      removeEventListener('offline', onConnectivity);
    };
  }, [controller]);

  const openSettings = () => void browser.runtime.openOptionsPage();
  if (model === null) return <p role="status">{t('loading')}</p>;
  if (model.notConfigured) {
    return (
      <div class="panel">
        <h1>{t('sidepanelTitle')}</h1>
        <p>{t('sidepanelNotConfigured')}</p>
        <button type="button" onClick={openSettings}>
          {t('sidepanelOpenSettings')}
        </button>
      </div>
    );
  }

  const { target } = model;
  const followButton = model.tabAccess === 'not-granted' && (
    <div class="follow">
      <button type="button" onClick={() => void controller.allowTabs()}>
        {t('sidepanelFollowTab')}
      </button>
      <p class="muted">{t('sidepanelFollowTabNote')}</p>
    </div>
  );

  if (target.kind !== 'link') {
    return (
      <div class="panel">
        <h1>{t('sidepanelHeading')}</h1>
        {followButton}
        <LazyLinkPicker
          picker={model.picker}
          onSearch={(q) => void controller.search(q)}
          onChoose={(id) => void controller.choose(id)}
          onMore={() => void controller.loadMore()}
        />
      </div>
    );
  }

  const shortUrl = model.picker.links.find((l) => l.linkId === target.linkId)?.shortUrl ?? target.linkId;
  return (
    <div class="panel">
      <div class="row">
        <h1 class="grow url">{t('sidepanelLinkHeading', shortUrl)}</h1>
        {target.from === 'picker' && (
          <button type="button" onClick={() => controller.backToPicker()}>
            {t('sidepanelBack')}
          </button>
        )}
      </div>
      {target.from !== 'param' && followButton}
      <FreshnessBar model={model} onRefresh={() => void controller.refresh()} />
      {model.error !== null && !model.offline && (
        <LazyErrorNotice error={model.error} onRetry={() => void controller.refresh()} onOpenSettings={openSettings} />
      )}
      {model.figures !== null && <ExportButtons linkId={target.linkId} data={model.figures.data} />}
      {model.figures !== null && <AnalyticsBlocks data={model.figures.data} cached={model.figures.cached} />}
      <ConversionsSection linkId={target.linkId} />
    </div>
  );
}
