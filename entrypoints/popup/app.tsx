/**
 * The popup: one document, one scroll area. It draws the model of
 * lib/popup/controller.ts and hands clicks to it; the state machine (cache
 * versus background, shorten, customise, retry, what was copied) lives
 * there, unit-tested without a browser, and the one banner is chosen by
 * lib/popup/status.ts.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { browser } from '@/lib/browser/native-api';
import { LazyRecentLinks, LazyStatusBanner } from '@/components/popup/lazy-parts';
import { PopupBody } from '@/components/popup/popup-body';
import { PopupHeader } from '@/components/popup/popup-header';
import { useHelpLine } from '@/components/popup/use-help-line';
import { useOnline } from '@/components/popup/use-online';
import { useQueueWatch } from '@/components/popup/use-queue-watch';
import { sendMessage, type LinkView } from '@/lib/messaging/send-message';
import { openStats, type TabRef } from '@/lib/browser/open-stats';
import type { PopupController, PopupModel } from '@/lib/popup/controller';
import type { LocalCache } from '@/lib/popup/local';
import { queuedOf } from '@/lib/popup/popup-view';
import type { Begun } from '@/lib/popup/start';
import type { PageInfo } from '@/lib/popup/where-am-i';
import { popupStatus } from '@/lib/popup/status';
import { openBulkPage, shortenTabs } from './bulk-actions';

interface AppProps {
  /** Started by main.tsx before the first render; the page draws its model. */
  popup: PopupController;
  /** Hands the page the function that draws each new model. */
  follow: (show: (model: PopupModel) => void) => void;
  /** What local storage holds (profiles, the service's host), from the popup's first questions. */
  local: Begun['local'];
  /** The tab the popup is about (main.tsx), read at the click. */
  statsTab: () => TabRef | undefined;
  /** The active tab's address and title (null in the tab form): drawn once known, whatever the model does meanwhile. */
  page: Promise<PageInfo | null>;
  iconUrl: (pageUrl: string) => string | null;
}

export function App({ popup, follow, local: localRead, statsTab, page: pageRead, iconUrl }: AppProps) {
  const [model, setModel] = useState(popup.model);
  // State, not read at render: a link that waits is drawn once and not again, so a title read then would stay lost.
  const [page, setPage] = useState<PageInfo | null>(null);
  const [local, setLocal] = useState<LocalCache | null>(null);
  const [titles, setTitles] = useState<Readonly<Record<string, string>>>({});
  // Bumped by the banner's Retry, so the recent list asks again for what it could not load.
  const [retryKey, setRetryKey] = useState(0);
  const online = useOnline();
  useLayoutEffect(() => {
    follow(setModel);
    setModel(popup.model());
    void localRead.then(setLocal);
    void pageRead.then(setPage, () => undefined);
  }, []);

  const { view } = model;
  const settled = view.kind !== 'loading' && view.kind !== 'working';
  const help = useHelpLine(settled);
  useQueueWatch(popup, queuedOf(view) !== null, online);

  const host = local?.serviceHost ?? null;
  const status = popupStatus(view, online);
  const openSettings = () => {
    void browser.runtime.openOptionsPage();
    window.close();
  };
  // Synchronous from the click: the panel opens only within the user's gesture (lib/browser/open-stats.ts).
  // The popup closes once the panel (or the tab) shows the stats, as it would on losing focus.
  const showStats = (link: LinkView) => {
    void openStats(link.linkId, statsTab()).then(() => window.close(), () => undefined);
  };
  const retry = () => {
    setRetryKey((k) => k + 1);
    void popup.retry();
  };
  // The recent list loads once the result is shown and copied (a list loading beside it slows both
  // down), and again for each new link shown, so that link is in it.
  const [listOn, setListOn] = useState(false);
  const copiedFirst = !(view.kind === 'done' && model.copyToClipboard && model.copied === null);
  useEffect(() => void (settled && copiedFirst && setListOn(true)), [settled, copiedFirst]);
  const listKey = useRef('');
  if (view.kind === 'done') listKey.current = view.link.linkId;

  return (
    <>
      <PopupHeader
        profiles={local?.profiles ?? []}
        activeId={local?.activeId ?? ''}
        onSwitch={(id) => void sendMessage('switchProfile', { id }).then(() => location.reload())}
        onSettings={openSettings}
      />
      {/* The popup's one scroll area: everything under the header (which stays), the recent list included. */}
      <div class="popup-scroll">
        <main class="popup-main">
          {status !== null && <LazyStatusBanner.View status={status} host={host} onRetry={retry} onOpenSettings={openSettings} />}
          <PopupBody
            view={view}
            send={sendMessage}
            copied={model.copied}
            page={page}
            titles={titles}
            iconUrl={iconUrl}
            serviceHost={host}
            onShorten={(url) => void popup.shorten({ url, keywordType: 'HASH' })}
            onOpenSettings={openSettings}
            onCopy={() => void popup.copyLink()}
            onMakeHere={() => void popup.makeHere()}
            onStats={showStats}
            onCustomise={(build) => void popup.customise(build)}
            onAskUrl={() => popup.askUrl()}
            onBulk={openBulkPage}
            onBulkTabs={shortenTabs}
            onRequest={(request) => void popup.shorten(request)}
            afterCopy={listOn}
          />
          {listOn && model.recent !== null && (
            <LazyRecentLinks.View
              key={listKey.current}
              send={sendMessage}
              initial={model.recent}
              shownId={view.kind === 'done' ? view.link.linkId : null}
              iconUrl={iconUrl}
              copied={model.copied}
              onCopy={(link) => void popup.copyRecent(link)}
              onStats={showStats}
              serviceHost={host}
              quiet={status !== null}
              retryKey={retryKey}
              onOpenSettings={openSettings}
              onTitles={setTitles}
            />
          )}
        </main>
        <footer class="popup-footer">
          <p id="help-line" class="hint" hidden={help === ''}>
            {help}
          </p>
        </footer>
      </div>
    </>
  );
}
