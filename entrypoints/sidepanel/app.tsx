/** The side panel, composition only: state in lib/sidepanel/controller.ts, blocks from lib/analytics-view, parts in components/sidepanel/. */
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from '@/lib/browser/native-api';
import { afterPaint } from '@/components/shared/after-paint';
import { Button } from '@/components/shared/button';
import { ConversionsSection } from '@/components/sidepanel/conversions-section';
import { FollowTab } from '@/components/sidepanel/follow-tab';
import { LinkHeader } from '@/components/sidepanel/link-header';
import { loadCharts } from '@/components/sidepanel/lazy-chart-card';
import { LazyLinkSwitcher } from '@/components/sidepanel/lazy-link-switcher';
import { PanelBody } from '@/components/sidepanel/panel-body';
import { fileBaseOf } from '@/components/sidepanel/file-base';
import { LazyPanelMenu } from '@/components/sidepanel/lazy-menus';
import { LazyWatchMark } from '@/components/sidepanel/lazy-watch-mark';
import { StatusLine } from '@/components/sidepanel/status-line';
import { readPanel } from '@/lib/analytics-view/panel-blocks';
import { panelWords } from '@/lib/analytics-view/analytics-text';
import { t } from '@/lib/i18n/catalogue';
import { sendMessage } from '@/lib/messaging/send-message';
import { createSidePanelController, type PanelModel } from '@/lib/sidepanel/controller';
import { drawFirstTogether } from '@/lib/sidepanel/first-draw';
import { headerView } from '@/lib/sidepanel/header-view';
import { lazyLinkCache } from '@/lib/sidepanel/link-cache';
import type { FirstReads } from '@/lib/sidepanel/first-reads';
import { watchScope } from '@/lib/sidepanel/scope';
import { createTabLinks } from '@/lib/sidepanel/tabs';

interface Props {
  /** The page's `?linkId=`, or null to follow the active tab. */
  linkId: string | null;
  /** The controller's reads, the first ones started by the page's first script (lib/sidepanel/first-reads.ts). */
  reads: FirstReads;
}

export function App({ linkId, reads }: Props) {
  const [model, setModel] = useState<PanelModel | null>(null);
  const lastLink = useRef<string | null>(null);
  const controller = useMemo(
    () =>
      createSidePanelController({
        send: sendMessage,
        readCache: async (id) => {
          const cached = await reads.readCache(id);
          // Nothing to show before the service answers: fetch the charts meanwhile.
          if (cached === null) void loadCharts().catch(() => undefined);
          return cached;
        },
        knownLink: reads.knownLink,
        serviceHost: reads.serviceHost,
        now: Date.now,
        timers: { setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (h) => clearInterval(h as number) },
        isVisible: () => document.visibilityState === 'visible',
        isOnline: () => navigator.onLine,
        // Told once the first frame is painted: telling the zone loads the browser's zone data (a reopen's overview waits for no request).
        timeZone: () => new Promise<string>((resolve) => afterPaint(() => resolve(Intl.DateTimeFormat().resolvedOptions().timeZone))),
        tabs: createTabLinks({ cache: lazyLinkCache(), scope: reads.scope }),
        // The start's changes drawn together, so the first figures are the page's first render after "Loading".
        onChange: drawFirstTogether(setModel, (run) => setTimeout(run)),
      }),
    [reads],
  );

  // A layout effect: the reads start before the first paint, not after it.
  useLayoutEffect(() => {
    const onVisibility = () => controller.visibilityChanged();
    const onConnectivity = () => controller.connectivityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    addEventListener('online', onConnectivity);
    addEventListener('offline', onConnectivity);
    void controller.start(linkId);
    // Another profile chosen: this link and its figures are the old workspace's. Open afresh, following the tab.
    const unwatch = watchScope(
      () => location.replace(location.pathname),
      reads.scopeAfresh,
      reads.scope().catch(() => null),
    );
    return () => {
      unwatch();
      controller.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('online', onConnectivity);
      removeEventListener('offline', onConnectivity);
    };
  }, [controller, linkId, reads]);

  const data = model?.figures?.data;
  const created = model?.link?.createdDate;
  const panel = useMemo(() => (data === undefined ? null : readPanel(data, panelWords(), { created, now: Date.now() })), [data, created]);
  const shortUrl = model?.link?.shortUrl ?? null;
  const cached = model?.figures?.cached;
  const shownId = model?.target.kind === 'link' ? model.target.linkId : null;
  // The same element while its inputs stay: Preact then skips the body when the rest of the page's
  // state changes (the header's lookup, a refresh starting, the clock), as it does several times
  // between the first figures and the frame that paints them.
  const body = useMemo(
    () =>
      panel === null || cached === undefined || shownId === null ? null : (
        <PanelBody panel={panel} cached={cached} fileBase={fileBaseOf(shownId)} shortUrl={shortUrl} />
      ),
    [panel, cached, shownId, shortUrl],
  );
  useLayoutEffect(() => {
    document.title = shortUrl === null ? t('sidepanelTitle') : t('sidepanelLinkHeading', shortUrl.replace(/^https?:\/\//, ''));
  }, [shortUrl]);

  const openSettings = () => void browser.runtime.openOptionsPage();
  if (model === null) return <p role="status">{t('loading')}</p>;
  if (model.notConfigured) {
    return (
      <div class="panel">
        <h1>{t('sidepanelTitle')}</h1>
        <p>{t('sidepanelNotConfigured')}</p>
        <Button variant="primary" onClick={openSettings}>
          {t('sidepanelOpenSettings')}
        </Button>
      </div>
    );
  }

  const { target } = model;
  const followButton = model.tabAccess === 'not-granted' && <FollowTab onAllow={() => void controller.allowTabs()} />;
  if (target.kind !== 'link') return <LazyLinkSwitcher picker={model.picker} controller={controller} back={lastLink.current} follow={followButton} />;

  lastLink.current = target.linkId;
  const { figures } = model;
  return (
    <div class="panel">
      <LinkHeader
        view={headerView(target.linkId, model)}
        totalClicks={panel?.totalClicks ?? null}
        onSwitch={() => controller.backToPicker()}
        menu={figures !== null && panel !== null && <LazyPanelMenu linkId={target.linkId} data={figures.data} panel={panel} />}
        mark={model.answered && <LazyWatchMark linkId={target.linkId} />}
      />
      {target.from !== 'param' && followButton}
      <StatusLine model={model} onRefresh={() => void controller.refresh()} onOpenSettings={openSettings} />
      {body}
      {/* Nothing is sent for a link before the service has answered for it. */}
      {model.answered && <ConversionsSection linkId={target.linkId} />}
    </div>
  );
}
